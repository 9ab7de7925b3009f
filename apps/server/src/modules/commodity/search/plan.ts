import { sql } from 'drizzle-orm';
import type { Matches } from './count';

/** Up to this many matches the page fetches and sorts them all; above, it may walk the sort order's index. */
const FEW_MATCHES = 2_000;
/**
 * Whether a page is cheaper found by walking the sort order's index than by fetching and sorting
 * every match. Walking to the page's end visits about `end × rows ÷ matches` rows (the matches are
 * spread through the order); fetching visits each match once. So walking wins while
 * `end × rows < matches²`: the first pages of a common word, deep pages only of a very common one.
 */
export const walksIndex = ({ matches, rows }: Matches, end: number) => matches > FEW_MATCHES && end * rows < matches * matches;
/**
 * Plan settings for a page walked along its index. Row estimates of word tokens are poor (character
 * pairs go together), so the planner expects almost no match and would rather scan the table, in
 * parallel: both cost far more than walking to the first page's rows.
 */
export const WALK_INDEX = { enable_bitmapscan: 'off', enable_seqscan: 'off', max_parallel_workers_per_gather: '0' };
export const FETCH_AND_SORT = { enable_indexscan: 'off' };
/** Plan settings for the rest of the transaction (`set local`), in one statement. */
export const planSettings = (settings: Record<string, string>) =>
  sql`select ${sql.join(
    Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
    sql`, `,
  )}`;

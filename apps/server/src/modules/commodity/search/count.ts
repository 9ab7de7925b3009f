import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { commodities, commodityCounts, commodityGramCounts } from '../../../db/schema';
import { keywordWords } from '../../../lib/sql/keywords';
import { placeholders, preparedByShape } from '../../../lib/sql/prepared';
import { queryRows } from '../../../lib/sql/rows';
import { inCategoryTree } from './category-tree';
import { codesBesideNameWhere, codesOnlyWhere, type Filter, looksLikeWholeCode } from './filter';
import { wordTokens } from './keyword';

/** Counts stop here: the list answers "10,000+" and pages no further (docs/decisions.md, "Keyword search"). */
export const COUNT_CAP = 10_000;
/** The sum of a count table's `n`: 0 over no rows. */
const summed = (n: AnyPgColumn) => sql<number>`coalesce(sum(${n}), 0)::int`;

/**
 * The total of a filter on category and status only, read from commodity_counts (kept by
 * triggers): opening the list, or picking a category, never counts a million rows.
 */
export function countedTotal(db: Db, filter: Filter) {
  return db
    .select({ total: summed(commodityCounts.n) })
    .from(commodityCounts)
    .where(
      and(
        filter.categoryId ? inCategoryTree(commodityCounts.categoryId, filter.categoryId) : undefined,
        filter.status ? eq(commodityCounts.status, filter.status) : undefined,
      ),
    );
}

/** The table's rows, from the kept counts: what the page's plan weighs the matches against. */
export const tableRows = sql<number>`select ${summed(commodityCounts.n)} from ${commodityCounts}`;

/** A word without cased letters (置物架, not Ab架): containing it as written is what ILIKE finds. */
const isCaseless = (word: string) => word.toLowerCase() === word && word.toUpperCase() === word;
/**
 * A word that PostgreSQL's lower() (which ILIKE and `name_runs` use) and JavaScript's toLowerCase()
 * fold alike, whatever the database's locale: each character is ASCII or has no case (LED, LED台灯).
 */
const foldsAlike = (word: string) => [...word].every((c) => c <= '\x7f' || isCaseless(c));

/**
 * The one gram that answers a filter's keyword by itself: a keyword of one word with no brand or
 * price filter, either of one or two characters (as `name_grams` holds them, lower-cased) or of
 * three or four that fold alike (a run of the lower-cased name, `name_runs` of migration 0019). The
 * names holding it are counted in commodity_gram_counts, not visited; an ASCII word's codes are
 * added (gramCountParts).
 */
function soleGram(filter: Filter): string | undefined {
  const words = keywordWords(filter.keyword);
  if (words.length !== 1) return undefined;
  if (filter.brand || filter.minPriceFen != null || filter.maxPriceFen != null) return undefined;
  const length = [...words[0]].length;
  if (length <= 2) return wordTokens(words[0])[0];
  return length <= 4 && foldsAlike(words[0]) ? words[0].toLowerCase() : undefined;
}

/**
 * What counts a sole gram's matches, with its values as placeholders and the shape (which filters
 * are set) that names its prepared statement: `kept`, the gram's rows of commodity_gram_counts in
 * the filter's category and status; for an ASCII word also `codesOnly` (its SKU prefix within the
 * filter) and `beside` (codes starting with it whose name does not hold it), since such a word
 * matches a code's start as well as a name.
 */
function gramCountParts(filter: Filter, gram: string) {
  const { param, values } = placeholders();
  const kept = and(
    eq(commodityGramCounts.gram, param('gram', gram)),
    filter.categoryId ? inCategoryTree(commodityGramCounts.categoryId, param('categoryId', filter.categoryId)) : undefined,
    filter.status ? eq(commodityGramCounts.status, param('status', filter.status)) : undefined,
  );
  const parts = { kept, codesOnly: codesOnlyWhere(filter, param), beside: codesBesideNameWhere(filter, param) };
  return { parts, values, shape: Object.keys(values).sort().join(',') };
}

/**
 * A sole gram's matches in one prepared statement per shape: the names holding it (kept by
 * triggers), the codes beside them and the table's rows. The codes are counted up to the cap only
 * when the names are not past it, and visited only when their SKU prefix, counted from its index
 * alone, is not past it either (JF: 180,000 codes).
 */
const gramCount = preparedByShape((db, { kept, codesOnly, beside }: ReturnType<typeof gramCountParts>['parts']) => {
  const named = summed(commodityGramCounts.n);
  const cap = sql.raw(String(COUNT_CAP));
  return db
    .select({
      named,
      beside: codesOnly && beside ? sql<number>`case when ${named} > ${cap} then 0 else ${cappedCount(beside, codesOnly)} end` : sql<number>`0`,
      rows: sql<number>`(${tableRows})`,
    })
    .from(commodityGramCounts)
    .where(kept);
}, 'commodity_gram_count');

/** Matches of a condition, counted up to one past the cap. */
const upToCap = (condition: SQL | undefined) =>
  sql<number>`(select count(*)::int from (select from ${commodities} where ${condition ?? sql`true`} limit ${sql.raw(String(COUNT_CAP + 1))}) matches)`;

/**
 * Matches of a filter, counted up to one past the cap. Each match's table page is read, even when
 * no column is: PostgreSQL's bitmap scans (15.20 measured) fetch all-visible pages too, so 10,001
 * matches cost about 11 ms at 1,000,000 rows (docs/search.md, "Limits"). With `codesOnly` (a part
 * of the matches, counted from an index alone) the codes are counted first and, when they pass the
 * cap, the matches are not: one expression, since PostgreSQL runs a CASE branch's subquery only
 * when the branch is taken.
 */
export function cappedCount(where: SQL | undefined, codesOnly?: SQL): SQL<number> {
  return codesOnly
    ? sql<number>`case when ${upToCap(codesOnly)} > ${sql.raw(String(COUNT_CAP))} then ${sql.raw(String(COUNT_CAP + 1))} else ${upToCap(where)} end`
    : upToCap(where);
}

/** Rows a sample reads to confirm a large estimate: a few milliseconds whatever the table's size. */
const SAMPLE_ROWS = 2_000;

/** What a keyword filter's page needs to know: its count up to one past the cap, and for its plan an estimate of all matches and the table's rows. */
export interface Matches {
  counted: number;
  matches: number;
  rows: number;
}

/**
 * Matches of a keyword filter. Counting 10,001 matches means visiting them: for a character in one
 * name of eleven that is 110,000 rows. Past the cap only the fact matters, so it is settled the
 * cheapest way that is sure:
 * - two estimates agree on at least three times the cap: the planner's (from ANALYZE's statistics)
 *   and a page sample of about 2,000 rows taken now. A stale statistic alone, or an unlucky sample
 *   alone, cannot turn a count of a few thousand into "10,000+";
 * - the codes alone (an ASCII word's SKU prefix, counted from its index without reading the table,
 *   beside the estimate) are past the cap.
 * Otherwise the count is exact up to the cap. A keyword that is one gram (soleGram) is not
 * visited at all: its count is kept per category and status. One that reads like a whole code
 * (looksLikeWholeCode) is counted at once.
 */
export async function keywordMatches(db: Db, filter: Filter, where: SQL | undefined): Promise<Matches> {
  const gram = soleGram(filter);
  if (gram !== undefined) {
    const { parts, values, shape } = gramCountParts(filter, gram);
    const [{ named, beside, rows }] = await gramCount(db, shape, parts, values);
    const n = named + beside;
    return { counted: Math.min(n, COUNT_CAP + 1), matches: n, rows };
  }
  const codesOnly = codesOnlyWhere(filter);
  if (codesOnly && looksLikeWholeCode(filter)) {
    const [counted] = await queryRows<{ n: number; rows: number }>(db, sql`select ${cappedCount(where, codesOnly)} as n, (${tableRows}) as rows`);
    return { counted: counted.n, matches: counted.n, rows: counted.rows };
  }
  const far = 3 * COUNT_CAP;
  const past = COUNT_CAP + 1;
  const matching = db.select({ one: sql`1` }).from(commodities).where(where);
  // The codes are counted beside the estimate, with the table's rows: from the index alone, they
  // settle a code prefix past the cap (JF: 3–7 ms) for less than the sample would (12–17 ms).
  const [[explained], [{ rows, codes }]] = await Promise.all([
    queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(db, sql`explain (format json) ${matching}`),
    queryRows<{ rows: number; codes: number | null }>(db, sql`select (${tableRows}) as rows, ${codesOnly ? upToCap(codesOnly) : sql`null`} as codes`),
  ]);
  if (codes !== null && codes > COUNT_CAP) return { counted: past, matches: past, rows };
  if (explained['QUERY PLAN'][0].Plan['Plan Rows'] >= far && rows >= far) {
    const [sample] = await queryRows<{ hits: number; seen: number }>(
      db,
      sql`select count(*) filter (where ${where ?? sql`true`})::int as hits, count(*)::int as seen
            from ${commodities} tablesample system (${sql.raw(Math.min(100, (100 * SAMPLE_ROWS) / rows).toFixed(4))})`,
    );
    const sampled = sample.seen > 0 ? Math.round((sample.hits / sample.seen) * rows) : 0;
    if (sampled >= far) return { counted: past, matches: sampled, rows };
  }
  const [{ n: counted }] = await queryRows<{ n: number }>(db, sql`select ${upToCap(where)} as n`);
  return { counted, matches: counted, rows };
}

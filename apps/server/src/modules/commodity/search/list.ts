import type { commodityListRequest } from '@scm/contract';
import { and, asc, desc, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { commodities } from '../../../db/schema';
import { orderBy, pageOffset, pageResult } from '../../../lib/sql/paging';
import { preparedByShape } from '../../../lib/sql/prepared';
import { type CommodityRow, selectCommodities, sortColumns, toCommodity } from '../queries';
import { COUNT_CAP, cappedCount, countedTotal, keywordMatches, type Matches, tableRows } from './count';
import { commodityWhere, exactCodeLookup, type Filter, isCategoryAndStatusOnly, looksLikeWholeCode } from './filter';
import { FETCH_AND_SORT, planSettings, WALK_INDEX, walksIndex } from './plan';

/**
 * The commodities whose whole code is the keyword (exactCodeLookup), each with the count of the
 * keyword's matches and the table's rows: a prepared statement per filter shape. The count runs
 * only when a row is found.
 */
const exactCodeRows = preparedByShape(
  (db, { exact, matched, codesOnly }: { exact: SQL; matched: SQL | undefined; codesOnly: SQL | undefined }) =>
    selectCommodities(db, exact, { matches: cappedCount(matched, codesOnly), rows: sql<number>`(${tableRows})` })
      .orderBy(asc(commodities.id))
      .limit(sql.placeholder('limit')),
  'commodity_exact_code',
);

/**
 * The rows whose whole code is the keyword, and the keyword's matches. A keyword that reads like a
 * whole code asks for its rows first, and they come with the count: one statement after the
 * session's. Any other single ASCII word asks for both at once, in the usual way.
 */
async function exactAndMatches(db: Db, filter: Filter, where: SQL | undefined): Promise<[CommodityRow[], Matches]> {
  const lookup = exactCodeLookup(filter);
  if (!lookup) return [[], await keywordMatches(db, filter, where)];
  const exact = async (): Promise<[CommodityRow[], Matches | undefined]> => {
    const found = await exactCodeRows(db, lookup.shape, lookup.parts, { ...lookup.values, limit: 10 });
    const counted = found[0] && { counted: found[0].matches, matches: found[0].matches, rows: found[0].rows };
    return [found.map(({ matches: _m, rows: _r, ...row }) => row), counted];
  };
  if (looksLikeWholeCode(filter)) {
    const [rows, counted] = await exact();
    return [rows, counted ?? (await keywordMatches(db, filter, where))];
  }
  const [[rows], matches] = await Promise.all([exact(), keywordMatches(db, filter, where)]);
  return [rows, matches];
}

export type CommodityListInput = z.output<typeof commodityListRequest>;

/**
 * The commodity list page: filter, whitelisted sort, one page and the total. This one function is
 * what the page and the benchmark both call.
 */
export async function listCommodities(db: Db, input: CommodityListInput) {
  const order = orderBy(input, sortColumns, [desc(commodities.updatedAt)], commodities.id);
  if (isCategoryAndStatusOnly(input)) {
    const [rows, [{ total }]] = await Promise.all([
      selectCommodities(db, commodityWhere(input))
        .orderBy(...order)
        .limit(input.pageSize)
        .offset(pageOffset(input)),
      countedTotal(db, input),
    ]);
    return { ...pageResult(rows.map(toCommodity), total, input), totalCapped: false };
  }
  const where = commodityWhere(input);
  // One ASCII word may be a whole SKU code or barcode: that commodity comes first (its index, ≤ 5 ms).
  const [exactRows, found] = await exactAndMatches(db, input, where);
  const n = found.counted;
  const total = Math.min(n, COUNT_CAP);
  const start = pageOffset(input);
  const first = start === 0 ? exactRows.slice(0, input.pageSize) : [];
  const wanted = input.pageSize - first.length;
  // Pages end at the cap (the list says so); nothing is sorted past it, and nothing is asked for when
  // the exact code matches were all there is. The page's plan follows the count and the sample, not
  // the planner's estimate alone (walksIndex).
  const rest =
    start >= total || wanted === 0 || exactRows.length >= n
      ? []
      : await db.transaction(async (tx) => {
          const walk = walksIndex(found, start + input.pageSize);
          await tx.execute(planSettings(walk ? WALK_INDEX : FETCH_AND_SORT));
          const matched = and(
            where,
            exactRows.length > 0
              ? notInArray(
                  commodities.id,
                  exactRows.map((r) => r.id),
                )
              : undefined,
          );
          const offset = Math.max(0, start - exactRows.length);
          if (walk)
            return selectCommodities(tx, matched)
              .orderBy(...order)
              .limit(wanted)
              .offset(offset);
          // Every match is fetched and sorted: on its sort keys alone, and only the page's rows are
          // then read whole and joined (sorting 10,000 whole rows with their joins took twice as long).
          const pageIds = tx
            .select({ id: commodities.id })
            .from(commodities)
            .where(matched)
            .orderBy(...order)
            .limit(wanted)
            .offset(offset);
          return selectCommodities(tx, inArray(commodities.id, pageIds)).orderBy(...order);
        });
  return { ...pageResult([...first, ...rest].map(toCommodity), total, input), totalCapped: n > COUNT_CAP };
}

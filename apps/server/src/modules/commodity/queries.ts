import type { commodityFilter, commodityListRequest } from '@scm/contract';
import { and, arrayContains, asc, desc, eq, gt, gte, inArray, lte, notInArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, commodities, commodityCounts, commodityGramCounts, priceTemplates, suppliers } from '../../db/schema';
import { iso, keywordWords, likePattern, orderBy, pageOffset, pageResult } from '../../lib/crud';
import { prepared } from '../../lib/prepared';
import { queryRows } from '../../lib/rows';

type Filter = { [K in keyof typeof commodityFilter]?: z.output<(typeof commodityFilter)[K]> };
export type CommodityListInput = z.output<typeof commodityListRequest>;

const sortColumns = {
  skuCode: commodities.skuCode,
  name: commodities.name,
  referencePriceFen: commodities.referencePriceFen,
  updatedAt: commodities.updatedAt,
};

/** A category and its descendants (the tree is at most 3 levels deep), through a category_id index. */
function inCategoryTree(column: AnyPgColumn, categoryId: number | Placeholder): SQL {
  return sql`${column} in (
    select ${categories.id} from ${categories}
    where ${categories.id} = ${categoryId}
       or ${categories.parentId} = ${categoryId}
       or ${categories.parentId} in (select ${categories.id} from ${categories} where ${categories.parentId} = ${categoryId}))`;
}

/** Counts stop here: the list answers "10,000+" and pages no further (docs/decisions.md, "Keyword search"). */
const COUNT_CAP = 10_000;
/** Up to this many matches the page fetches and sorts them all; above, it may walk the sort order's index. */
const FEW_MATCHES = 2_000;
/**
 * Whether a page is cheaper found by walking the sort order's index than by fetching and sorting
 * every match. Walking to the page's end visits about `end × rows ÷ matches` rows (the matches are
 * spread through the order); fetching visits each match once. So walking wins while
 * `end × rows < matches²`: the first pages of a common word, deep pages only of a very common one.
 */
const walksIndex = ({ matches, rows }: Matches, end: number) => matches > FEW_MATCHES && end * rows < matches * matches;
/**
 * Plan settings for a page walked along its index. Row estimates of word tokens are poor (character
 * pairs go together), so the planner expects almost no match and would rather scan the table, in
 * parallel: both cost far more than walking to the first page's rows.
 */
const WALK_INDEX = { enable_bitmapscan: 'off', enable_seqscan: 'off', max_parallel_workers_per_gather: '0' };
const FETCH_AND_SORT = { enable_indexscan: 'off' };
/** Plan settings for the rest of the transaction (`set local`), in one statement. */
const planSettings = (settings: Record<string, string>) =>
  sql`select ${sql.join(
    Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
    sql`, `,
  )}`;

/** Words typed in ASCII may be codes: an SKU or barcode prefix as well as a part of the name. */
const isAsciiWord = (word: string) => /^[\x21-\x7e]+$/.test(word);

/**
 * The name tokens a word needs: the word itself when it has one or two characters, else each of
 * its character pairs (lib/search-grams); `name ILIKE` then checks the pairs stand together.
 */
function wordTokens(word: string): string[] {
  const chars = [...word.toLowerCase()];
  if (chars.length < 3) return [chars.join('')];
  return chars.slice(1).map((c, i) => chars[i] + c);
}

const namePart = (word: string) => ([...word].length < 3 ? undefined : sql`${commodities.name} ILIKE ${likePattern(word)}`);
const prefix = (text: string) => likePattern(text).slice(1);

/** An SKU code starting with the word, any case, through its byte-order btree (migrations 0007, 0008). */
const skuPrefix = (word: string) => sql`upper(${commodities.skuCode}) collate "C" like ${prefix(word.toUpperCase())}`;
/** An SKU code or barcode starting with the word. */
const codePrefix = (word: string) => sql`(${skuPrefix(word)} or ${commodities.barcode} collate "C" like ${prefix(word)})`;

/** The commodity whose SKU code (any case) or barcode is exactly the keyword. */
const exactCode = (word: string) =>
  sql`(upper(${commodities.skuCode}) collate "C" = ${word.toUpperCase()} or ${commodities.barcode} collate "C" = ${word})`;

/**
 * Keyword and category. The keyword's words are AND-ed. A word matches the name through the
 * tokens' GIN index (`search_tokens`: the name's characters and character pairs, plus `cat:<id>`
 * of the category and its ancestors), so the name words and the category are one `@>` lookup; a
 * word in ASCII may also be the start of an SKU code or barcode.
 */
function keywordAndCategory(keyword: string | undefined, categoryId: number | undefined): SQL | undefined {
  const words = keywordWords(keyword);
  const tokens: string[] = [];
  const conditions: (SQL | undefined)[] = [];
  for (const word of words) {
    if (isAsciiWord(word)) {
      const inName = and(arrayContains(commodities.searchTokens, wordTokens(word)), namePart(word));
      conditions.push(sql`(${inName} or ${codePrefix(word)})`);
    } else {
      tokens.push(...wordTokens(word));
      conditions.push(namePart(word));
    }
  }
  if (tokens.length > 0)
    conditions.unshift(arrayContains(commodities.searchTokens, [...new Set(tokens), ...(categoryId ? [`cat:${categoryId}`] : [])]));
  const matched = and(...conditions);
  const inCategory = categoryId && tokens.length === 0 ? inCategoryTree(commodities.categoryId, categoryId) : undefined;
  return and(matched, inCategory);
}

/** The filter's conditions; `matched` replaces the keyword and category part (see codesOnlyWhere). */
function commodityWhere(filter: Filter, matched = keywordAndCategory(filter.keyword, filter.categoryId)): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    matched,
    filter.brand ? eq(commodities.brand, filter.brand) : undefined,
    filter.status ? eq(commodities.status, filter.status) : undefined,
    filter.minPriceFen != null ? gte(commodities.referencePriceFen, filter.minPriceFen) : undefined,
    filter.maxPriceFen != null ? lte(commodities.referencePriceFen, filter.maxPriceFen) : undefined,
  ];
  return and(...conditions);
}

/** The filter with a single ASCII keyword matching SKU codes only: a part of its matches, countable from the code index alone. */
function codesOnlyWhere(filter: Filter): SQL | undefined {
  const words = keywordWords(filter.keyword);
  if (words.length !== 1 || !isAsciiWord(words[0])) return undefined;
  return commodityWhere(filter, and(skuPrefix(words[0]), filter.categoryId ? inCategoryTree(commodities.categoryId, filter.categoryId) : undefined));
}

const listColumns = {
  id: commodities.id,
  skuCode: commodities.skuCode,
  name: commodities.name,
  categoryId: commodities.categoryId,
  categoryName: categories.name,
  categoryCode: categories.code,
  brand: commodities.brand,
  spec: commodities.spec,
  unit: commodities.unit,
  barcode: commodities.barcode,
  weightG: commodities.weightG,
  volumeCm3: commodities.volumeCm3,
  referencePriceFen: commodities.referencePriceFen,
  priceTemplateId: commodities.priceTemplateId,
  priceTemplateName: priceTemplates.name,
  defaultSupplierId: commodities.defaultSupplierId,
  defaultSupplierCode: suppliers.code,
  defaultSupplierName: suppliers.name,
  status: commodities.status,
  remark: commodities.remark,
  version: commodities.version,
  createdAt: commodities.createdAt,
  updatedAt: commodities.updatedAt,
};
export type CommodityRow = Awaited<ReturnType<typeof selectCommodities>>[number];

function selectCommodities(db: Db, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(commodities)
    .innerJoin(categories, eq(categories.id, commodities.categoryId))
    .leftJoin(priceTemplates, eq(priceTemplates.id, commodities.priceTemplateId))
    .leftJoin(suppliers, eq(suppliers.id, commodities.defaultSupplierId))
    .where(where);
}

export function toCommodity({ categoryCode: _code, ...row }: CommodityRow) {
  return { ...row, createdAt: iso(row.createdAt)!, updatedAt: iso(row.updatedAt)! };
}

/** The sum of a count table's `n`: 0 over no rows. */
const summed = (n: AnyPgColumn) => sql<number>`coalesce(sum(${n}), 0)::int`;

/**
 * The total of a filter on category and status only, read from commodity_counts (kept by
 * triggers): opening the list, or picking a category, never counts a million rows.
 */
function countedTotal(db: Db, filter: Filter) {
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

/**
 * The commodities whose name holds a gram, within an optional category (its subtree) and status,
 * from commodity_gram_counts; beside it the table's size, which the page's plan needs. One
 * prepared statement: the hot path of a person typing one short word.
 */
const gramCountQuery = prepared(
  (db, name) =>
    db
      .select({
        total: summed(commodityGramCounts.n),
        rows: sql<number>`(select ${summed(commodityCounts.n)} from ${commodityCounts})`,
      })
      .from(commodityGramCounts)
      .where(
        and(
          eq(commodityGramCounts.gram, sql.placeholder('gram')),
          sql`(${sql.placeholder('categoryId')}::int is null or ${inCategoryTree(commodityGramCounts.categoryId, sql.placeholder('categoryId'))})`,
          sql`(${sql.placeholder('status')}::text is null or ${commodityGramCounts.status} = ${sql.placeholder('status')})`,
        ),
      )
      .prepare(name),
  'commodity_gram_count',
);

/**
 * The one gram that answers a filter's keyword by itself: a keyword of one word, of one or two
 * characters, not in ASCII (which may also be a code's start), with no brand or price filter.
 * Its matches are counted in commodity_gram_counts, not visited.
 */
function soleGram(filter: Filter): string | undefined {
  const words = keywordWords(filter.keyword);
  if (words.length !== 1 || isAsciiWord(words[0]) || [...words[0]].length > 2) return undefined;
  if (filter.brand || filter.minPriceFen != null || filter.maxPriceFen != null) return undefined;
  return wordTokens(words[0])[0];
}

const isCategoryAndStatusOnly = (filter: Filter) => !filter.keyword && !filter.brand && filter.minPriceFen == null && filter.maxPriceFen == null;

/**
 * Matches of a filter, counted up to one past the cap. Each match's table page is read, even when
 * no column is: PostgreSQL's bitmap scans (15.20 measured) fetch all-visible pages too, so 10,001
 * matches cost about 11 ms at 1,000,000 rows (docs/search.md, "Limits"). With `codesOnly` (a part
 * of the matches, counted from an index alone) the codes are counted first and, when they pass the
 * cap, the matches are not: one statement, since PostgreSQL runs a CASE branch's subquery only
 * when the branch is taken.
 */
async function cappedCount(db: Db, where: SQL | undefined, codesOnly?: SQL): Promise<number> {
  const upToCap = (condition: SQL | undefined) =>
    sql`(select count(*)::int from (select from ${commodities} where ${condition ?? sql`true`} limit ${sql.raw(String(COUNT_CAP + 1))}) matches)`;
  const count = codesOnly
    ? sql`case when ${upToCap(codesOnly)} > ${sql.raw(String(COUNT_CAP))} then ${sql.raw(String(COUNT_CAP + 1))} else ${upToCap(where)} end`
    : upToCap(where);
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select ${count} as n`);
  return n;
}

/** Rows a sample reads to confirm a large estimate: a few milliseconds whatever the table's size. */
const SAMPLE_ROWS = 2_000;

/** What a keyword filter's page needs to know: its count up to one past the cap, and for its plan an estimate of all matches and the table's rows. */
interface Matches {
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
 * - the codes alone (an ASCII word's SKU prefix, counted from its index without reading the table)
 *   are past the cap.
 * Otherwise the count is exact up to the cap. A keyword that is one gram (soleGram) is not
 * visited at all: its count is kept per category and status.
 */
async function keywordMatches(db: Db, filter: Filter, where: SQL | undefined): Promise<Matches> {
  const gram = soleGram(filter);
  if (gram !== undefined) {
    const [{ total: n, rows }] = await gramCountQuery(db).execute({ gram, categoryId: filter.categoryId ?? null, status: filter.status ?? null });
    return { counted: Math.min(n, COUNT_CAP + 1), matches: n, rows };
  }
  const codesOnly = codesOnlyWhere(filter);
  const far = 3 * COUNT_CAP;
  const past = COUNT_CAP + 1;
  const matching = db.select({ one: sql`1` }).from(commodities).where(where);
  const [[explained], [{ total: rows }]] = await Promise.all([
    queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(db, sql`explain (format json) ${matching}`),
    countedTotal(db, {}),
  ]);
  if (explained['QUERY PLAN'][0].Plan['Plan Rows'] >= far && rows >= far) {
    const [sample] = await queryRows<{ hits: number; seen: number }>(
      db,
      sql`select count(*) filter (where ${where ?? sql`true`})::int as hits, count(*)::int as seen
            from ${commodities} tablesample system (${sql.raw(Math.min(100, (100 * SAMPLE_ROWS) / rows).toFixed(4))})`,
    );
    const sampled = sample.seen > 0 ? Math.round((sample.hits / sample.seen) * rows) : 0;
    if (sampled >= far) return { counted: past, matches: sampled, rows };
  }
  const counted = await cappedCount(db, where, codesOnly);
  return { counted, matches: counted, rows };
}

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
  const words = keywordWords(input.keyword);
  const exact = words.length === 1 && isAsciiWord(words[0]) ? and(where, exactCode(words[0])) : undefined;
  const [exactRows, found] = await Promise.all([
    exact ? selectCommodities(db, exact).orderBy(asc(commodities.id)).limit(10) : [],
    keywordMatches(db, input, where),
  ]);
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

export async function findCommodity(db: Db, id: number) {
  const [row] = await selectCommodities(db, eq(commodities.id, id));
  return row;
}

/** One batch of the export, in id order after `afterId` (keyset paging: no deep OFFSET). */
export function exportBatch(db: Db, filter: Filter, afterId: number, size: number) {
  return selectCommodities(db, and(commodityWhere(filter), gt(commodities.id, afterId)))
    .orderBy(asc(commodities.id))
    .limit(size);
}

export async function commodityOptions(db: Db, input: { keyword?: string; limit: number }) {
  const rows = await db
    .select({
      value: commodities.id,
      skuCode: commodities.skuCode,
      name: commodities.name,
      spec: commodities.spec,
      unit: commodities.unit,
      referencePriceFen: commodities.referencePriceFen,
      weightG: commodities.weightG,
      volumeCm3: commodities.volumeCm3,
      priceTemplateId: commodities.priceTemplateId,
    })
    .from(commodities)
    .where(and(eq(commodities.status, 'enabled'), keywordAndCategory(input.keyword, undefined)))
    .orderBy(asc(commodities.skuCode))
    .limit(input.limit);
  return rows.map((r) => ({ ...r, label: `${r.skuCode} ${r.name}` }));
}

import type { commodityFilter, commodityListRequest } from '@scm/contract';
import { and, arrayContains, asc, desc, eq, gt, gte, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, commodities, commodityCounts, priceTemplates, suppliers } from '../../db/schema';
import { iso, keywordWords, likePattern, orderBy, pageOffset, pageResult } from '../../lib/crud';

type Filter = { [K in keyof typeof commodityFilter]?: z.output<(typeof commodityFilter)[K]> };
export type CommodityListInput = z.output<typeof commodityListRequest>;

const sortColumns = {
  skuCode: commodities.skuCode,
  name: commodities.name,
  referencePriceFen: commodities.referencePriceFen,
  updatedAt: commodities.updatedAt,
};

/** A category and its descendants (the tree is at most 3 levels deep), through a category_id index. */
function inCategoryTree(column: AnyPgColumn, categoryId: number): SQL {
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
 * Whether a page is cheaper found by walking the sort order's index (visiting about
 * `(offset + size) × all ÷ matches` rows) than by fetching and sorting every match. With `n` matches
 * counted, walking to `n / 100` visits about 1 % of the table whatever `n` is; a capped count means
 * more matches than counted, so walking is cheaper still.
 */
const walksIndex = (n: number, end: number) => n > COUNT_CAP || (n > FEW_MATCHES && end <= n / 100);
/**
 * Plan settings for a page walked along its index. Row estimates of word tokens are poor (character
 * pairs go together), so the planner expects almost no match and would rather scan the table, in
 * parallel: both cost far more than walking to the first page's rows.
 */
const WALK_INDEX = ['set local enable_bitmapscan = off', 'set local enable_seqscan = off', 'set local max_parallel_workers_per_gather = 0'];
const FETCH_AND_SORT = ['set local enable_indexscan = off'];

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

/** An SKU code or barcode starting with the word, through their byte-order btrees (migration 0007). */
const codePrefix = (word: string) =>
  sql`(upper(${commodities.skuCode}) collate "C" like ${prefix(word.toUpperCase())} or ${commodities.barcode} collate "C" like ${prefix(word)})`;

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

function commodityWhere(filter: Filter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    keywordAndCategory(filter.keyword, filter.categoryId),
    filter.brand ? eq(commodities.brand, filter.brand) : undefined,
    filter.status ? eq(commodities.status, filter.status) : undefined,
    filter.minPriceFen != null ? gte(commodities.referencePriceFen, filter.minPriceFen) : undefined,
    filter.maxPriceFen != null ? lte(commodities.referencePriceFen, filter.maxPriceFen) : undefined,
  ];
  return and(...conditions);
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

/**
 * The commodity list page: filter, whitelisted sort, one page and the total. This one function is
 * what the page and the benchmark both call.
 */
/**
 * The total of a filter on category and status only, read from commodity_counts (kept by
 * triggers): opening the list, or picking a category, never counts a million rows.
 */
function countedTotal(db: Db, filter: Filter) {
  return db
    .select({ total: sql<number>`coalesce(sum(${commodityCounts.n}), 0)::int` })
    .from(commodityCounts)
    .where(
      and(
        filter.categoryId ? inCategoryTree(commodityCounts.categoryId, filter.categoryId) : undefined,
        filter.status ? eq(commodityCounts.status, filter.status) : undefined,
      ),
    );
}

const isCategoryAndStatusOnly = (filter: Filter) => !filter.keyword && !filter.brand && filter.minPriceFen == null && filter.maxPriceFen == null;

/** Matches of a filter, counted up to one past the cap. */
async function cappedCount(db: Db, where: SQL | undefined): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(commodities)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('matches');
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return n;
}

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
  const [exactRows, n] = await Promise.all([
    exact ? selectCommodities(db, exact).orderBy(asc(commodities.id)).limit(10) : [],
    cappedCount(db, where),
  ]);
  const total = Math.min(n, COUNT_CAP);
  const start = pageOffset(input);
  const first = start === 0 ? exactRows.slice(0, input.pageSize) : [];
  const wanted = input.pageSize - first.length;
  // Pages end at the cap (the list says so); nothing is sorted past it, and nothing is asked for when
  // the exact code matches were all there is. The page's plan follows the count, not the planner's
  // estimate (walksIndex).
  const rest =
    start >= total || wanted === 0 || exactRows.length >= n
      ? []
      : await db.transaction(async (tx) => {
          for (const setting of walksIndex(n, start + input.pageSize) ? WALK_INDEX : FETCH_AND_SORT) await tx.execute(sql.raw(setting));
          return selectCommodities(
            tx,
            and(
              where,
              exactRows.length > 0
                ? notInArray(
                    commodities.id,
                    exactRows.map((r) => r.id),
                  )
                : undefined,
            ),
          )
            .orderBy(...order)
            .limit(wanted)
            .offset(Math.max(0, start - exactRows.length));
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

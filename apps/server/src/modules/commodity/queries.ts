import type { commodityFilter, commodityListRequest } from '@scm/contract';
import { and, arrayContains, asc, count, desc, eq, gt, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, commodities, commodityCounts, priceTemplates, suppliers } from '../../db/schema';
import { iso, likePattern, orderBy, pageOffset, pageResult } from '../../lib/crud';
import { isShortKeyword } from '../../lib/search-grams';

type Filter = { [K in keyof typeof commodityFilter]?: z.output<(typeof commodityFilter)[K]> };
export type CommodityListInput = z.output<typeof commodityListRequest>;

const sortColumns = {
  sku_code: commodities.skuCode,
  name: commodities.name,
  reference_price_fen: commodities.referencePriceFen,
  updated_at: commodities.updatedAt,
};

/** A category and its descendants (the tree is at most 3 levels deep), through a category_id index. */
function inCategoryTree(column: AnyPgColumn, categoryId: number): SQL {
  return sql`${column} in (
    select ${categories.id} from ${categories}
    where ${categories.id} = ${categoryId}
       or ${categories.parentId} = ${categoryId}
       or ${categories.parentId} in (select ${categories.id} from ${categories} where ${categories.parentId} = ${categoryId}))`;
}

/**
 * Keyword and category. A short keyword (one or two characters, most Chinese words: 毛巾, 收纳,
 * which trigrams cannot serve) is a token of the name, and each commodity also carries `cat:<id>`
 * of its category and ancestors: together one lookup in the tokens' GIN index, whose count never
 * visits rows outside the subtree. Without a short keyword the category goes through its btree
 * index (a whole subtree counts faster there), and a longer keyword through the trigram index
 * over code, name and barcode.
 */
function keywordAndCategory(keyword: string | undefined, categoryId: number | undefined): SQL | undefined {
  if (keyword && isShortKeyword(keyword)) {
    const tokens = [keyword.toLowerCase(), ...(categoryId ? [`cat:${categoryId}`] : [])];
    return arrayContains(commodities.searchTokens, tokens);
  }
  return and(keyword ? ilike(commodities.searchText, likePattern(keyword)) : undefined, categoryId ? inCategoryTree(commodities.categoryId, categoryId) : undefined);
}

export function commodityWhere(filter: Filter): SQL | undefined {
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

const isCategoryAndStatusOnly = (filter: Filter) =>
  !filter.keyword && !filter.brand && filter.minPriceFen == null && filter.maxPriceFen == null;

export async function listCommodities(db: Db, input: CommodityListInput) {
  const where = commodityWhere(input);
  const [rows, [{ total }]] = await Promise.all([
    selectCommodities(db, where)
      .orderBy(...orderBy(input, sortColumns, [desc(commodities.updatedAt)], commodities.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    isCategoryAndStatusOnly(input) ? countedTotal(db, input) : db.select({ total: count() }).from(commodities).where(where),
  ]);
  return pageResult(rows.map(toCommodity), total, input);
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

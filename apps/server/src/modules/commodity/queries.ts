import type { commodityFilter, commodityListRequest } from '@scm/contract';
import { and, arrayContains, asc, count, desc, eq, gt, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, commodities } from '../../db/schema';
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

/** A category and its descendants (the tree is at most 3 levels deep). */
function inCategoryTree(categoryId: number): SQL {
  return sql`${commodities.categoryId} in (
    select ${categories.id} from ${categories}
    where ${categories.id} = ${categoryId}
       or ${categories.parentId} = ${categoryId}
       or ${categories.parentId} in (select ${categories.id} from ${categories} where ${categories.parentId} = ${categoryId}))`;
}

/**
 * Keyword search: three or more characters go to the trigram index over code, name and barcode;
 * one or two characters (a Chinese word) to the name's gram index, which trigrams cannot serve.
 */
function keywordMatch(keyword: string): SQL {
  if (isShortKeyword(keyword)) return arrayContains(commodities.nameGrams, [keyword.toLowerCase()]);
  return ilike(commodities.searchText, likePattern(keyword));
}

export function commodityWhere(filter: Filter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.keyword ? keywordMatch(filter.keyword) : undefined,
    filter.categoryId ? inCategoryTree(filter.categoryId) : undefined,
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
  defaultSupplierId: commodities.defaultSupplierId,
  status: commodities.status,
  remark: commodities.remark,
  version: commodities.version,
  createdAt: commodities.createdAt,
  updatedAt: commodities.updatedAt,
};
export type CommodityRow = Awaited<ReturnType<typeof selectCommodities>>[number];

function selectCommodities(db: Db, where: SQL | undefined) {
  return db.select(listColumns).from(commodities).innerJoin(categories, eq(categories.id, commodities.categoryId)).where(where);
}

export function toCommodity({ categoryCode: _code, ...row }: CommodityRow) {
  return { ...row, createdAt: iso(row.createdAt)!, updatedAt: iso(row.updatedAt)! };
}

/**
 * The commodity list page: filter, whitelisted sort, one page and the total. This one function is
 * what the page and the benchmark both call.
 */
export async function listCommodities(db: Db, input: CommodityListInput) {
  const where = commodityWhere(input);
  const [rows, [{ total }]] = await Promise.all([
    selectCommodities(db, where)
      .orderBy(...orderBy(input, sortColumns, [desc(commodities.updatedAt)], commodities.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    db.select({ total: count() }).from(commodities).where(where),
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
      unit: commodities.unit,
      referencePriceFen: commodities.referencePriceFen,
    })
    .from(commodities)
    .where(and(eq(commodities.status, 'enabled'), input.keyword ? keywordMatch(input.keyword) : undefined))
    .orderBy(asc(commodities.skuCode))
    .limit(input.limit);
  return rows.map(({ name, ...r }) => ({ ...r, label: `${r.skuCode} ${name}` }));
}

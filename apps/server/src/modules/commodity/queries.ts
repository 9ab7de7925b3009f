import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, commodities, priceTemplates, suppliers } from '../../db/schema';
import { iso } from '../../lib/sql/rows';
import { commodityWhere, type Filter } from './search/filter';
import { keywordAndCategory } from './search/keyword';

export const sortColumns = {
  skuCode: commodities.skuCode,
  name: commodities.name,
  referencePriceFen: commodities.referencePriceFen,
  updatedAt: commodities.updatedAt,
};

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
export type CommodityRow = Awaited<ReturnType<typeof selectCommodities<Record<never, SQL>>>>[number];

/** The list's columns of the commodities `where` picks, with their category, template and supplier; `extra` adds columns. */
export function selectCommodities<E extends Record<string, SQL | SQL.Aliased>>(db: Db, where: SQL | undefined, extra?: E) {
  return db
    .select({ ...listColumns, ...(extra as E) })
    .from(commodities)
    .innerJoin(categories, eq(categories.id, commodities.categoryId))
    .leftJoin(priceTemplates, eq(priceTemplates.id, commodities.priceTemplateId))
    .leftJoin(suppliers, eq(suppliers.id, commodities.defaultSupplierId))
    .where(where);
}

export function toCommodity({ categoryCode: _code, ...row }: CommodityRow) {
  return { ...row, createdAt: iso(row.createdAt)!, updatedAt: iso(row.updatedAt)! };
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

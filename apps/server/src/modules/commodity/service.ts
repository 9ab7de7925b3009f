import {
  type commodityCreateRequest,
  commodityUpdateRequest,
  ENABLED_STATUS_LABELS,
  ENABLEMENT_TRANSITIONS,
  type EnablementAction,
  enablementActionAllowed,
  fenToYuan,
  STATUS_LABELS,
} from '@scm/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, commodities } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { enablementTarget, enablementVerb } from '../../lib/records/enablement';
import type { AuthedContext } from '../../lib/http/context';
import { updateLockedRows, updateVersioned } from '../../lib/records/versioned-update';
import { withCurrentValues } from '../../lib/records/unchanged-fields';
import { badRequest, conflict, fieldError, notFound, pgConstraint, pgErrorCode, staleVersion } from '../../lib/http/errors';
import { searchGrams } from '../../lib/sql/search-grams';
import { findCommodity, toCommodity } from './queries';
import { type CommodityRefs, loadCommodityReferences } from './references';

const MODULE = 'commodity';
type CommodityInput = z.output<typeof commodityCreateRequest>;

/** Optional text fields arrive as '' from forms and spreadsheets; the database keeps null. */
export function normalizeCommodity(input: CommodityInput) {
  return {
    skuCode: input.skuCode,
    name: input.name,
    categoryId: input.categoryId,
    brand: input.brand || null,
    spec: input.spec || null,
    unit: input.unit,
    barcode: input.barcode || null,
    weightG: input.weightG ?? null,
    volumeCm3: input.volumeCm3 ?? null,
    referencePriceFen: input.referencePriceFen,
    priceTemplateId: input.priceTemplateId ?? null,
    defaultSupplierId: input.defaultSupplierId ?? null,
    status: input.status,
    remark: input.remark || null,
  };
}

/** The row to write: the values plus what is derived from them for search. */
export const withGrams = <T extends { name: string }>(values: T) => ({ ...values, nameGrams: searchGrams(values.name) });

/** Commodities sit on enabled leaf categories. */
async function assertLeafCategory(tx: Db, categoryId: number) {
  const [category] = await tx.select().from(categories).where(eq(categories.id, categoryId));
  if (!category) throw fieldError('category_id', '商品分类不存在');
  const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, categoryId)).limit(1);
  if (child) throw fieldError('category_id', '请选择末级分类');
  if (category.status !== 'enabled') throw fieldError('category_id', '该分类已停用');
}

async function assertSkuFree(tx: Db, skuCode: string, exceptId?: number) {
  const [same] = await tx.select({ id: commodities.id }).from(commodities).where(eq(commodities.skuCode, skuCode));
  if (same && same.id !== exceptId) throw conflict('SKU编码已存在');
}

/** Unit, price template and default supplier: one check for the form and the import (references.ts). */
async function assertReferences(tx: Db, values: CommodityRefs, before?: CommodityRefs) {
  const references = await loadCommodityReferences(tx, { templateIds: [values.priceTemplateId], supplierIds: [values.defaultSupplierId] });
  const errors = references.check(values, before);
  if (errors.length > 0) throw badRequest(errors[0].message, errors);
}

/**
 * Two creators racing past the checks meet the unique index, and a template or supplier deleted
 * meanwhile meets its foreign key; the loser gets the answer the check would have given.
 */
async function withRaceAnswers<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === '23505') throw conflict('SKU编码已存在');
    const constraint = code === '23503' ? (pgConstraint(error) ?? '') : '';
    if (constraint.includes('price_template')) throw fieldError('price_template_id', '配送模板不存在');
    if (constraint.includes('supplier')) throw fieldError('default_supplier_id', '默认供应商不存在');
    throw error;
  }
}

export async function getCommodity(ctx: AuthedContext, id: number) {
  const row = await findCommodity(ctx.db, id);
  if (!row) throw notFound('商品不存在');
  return toCommodity(row);
}

export function createCommodity(ctx: AuthedContext, input: CommodityInput) {
  const values = normalizeCommodity(input);
  return withRaceAnswers(() =>
    ctx.db.transaction(async (tx) => {
      await assertLeafCategory(tx, values.categoryId);
      await assertReferences(tx, values);
      await assertSkuFree(tx, values.skuCode);
      const [row] = await tx.insert(commodities).values(withGrams(values)).returning({ id: commodities.id });
      await writeAudit(tx, ctx.actor, { module: MODULE, action: 'create', recordId: row.id, summary: values.skuCode, after: values });
      return { id: row.id };
    }),
  );
}

export async function updateCommodity(ctx: AuthedContext, input: z.output<typeof commodityUpdateRequest>) {
  await withRaceAnswers(() =>
    ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(commodities).where(eq(commodities.id, input.id));
      if (!before) throw notFound('商品不存在');
      const values = normalizeCommodity(withCurrentValues(commodityUpdateRequest, input, before));
      if (before.categoryId !== values.categoryId) await assertLeafCategory(tx, values.categoryId);
      await assertReferences(tx, values, before);
      await assertSkuFree(tx, values.skuCode, input.id);
      await updateVersioned(tx, commodities, input.id, input.version, withGrams(values));
      const { nameGrams: _g, searchTokens: _t, ...beforeValues } = before;
      await writeAudit(tx, ctx.actor, {
        module: MODULE,
        action: 'update',
        recordId: input.id,
        summary: values.skuCode,
        before: beforeValues,
        after: values,
      });
    }),
  );
  return null;
}

export async function deleteCommodity(ctx: AuthedContext, input: { id: number; version: number }) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(commodities).where(eq(commodities.id, input.id));
    if (!before) throw notFound('商品不存在');
    if (before.version !== input.version) throw staleVersion();
    const deleted = await tx
      .delete(commodities)
      .where(and(eq(commodities.id, input.id), eq(commodities.version, input.version)))
      .returning({ id: commodities.id });
    if (deleted.length === 0) throw staleVersion();
    const { nameGrams: _g, searchTokens: _t, ...beforeValues } = before;
    await writeAudit(tx, ctx.actor, { module: MODULE, action: 'delete', recordId: input.id, summary: before.skuCode, before: beforeValues });
  });
  return null;
}

/**
 * Batch enable / disable: every row must still have the version the user saw, or nothing changes.
 * Rows already in the status the action leads to (ENABLEMENT_TRANSITIONS) are left as they are, so a
 * mixed selection goes through; a selection with none to change is refused like a single record.
 */
export async function setCommodityStatus(ctx: AuthedContext, input: { items: { id: number; version: number }[] }, action: EnablementAction) {
  const ids = [...new Set(input.items.map((i) => i.id))];
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: commodities.id, version: commodities.version, status: commodities.status })
      .from(commodities)
      .where(inArray(commodities.id, ids))
      .for('update');
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const item of input.items) {
      const row = byId.get(item.id);
      if (!row) throw notFound();
      if (row.version !== item.version) throw staleVersion();
    }
    const changing = rows.filter((row) => enablementActionAllowed(action, row.status));
    if (changing.length === 0) {
      if (rows.length === 1) enablementTarget('商品', action, rows[0].status);
      throw conflict(`所选商品均已是${ENABLED_STATUS_LABELS[rows[0].status]}状态`);
    }
    const status = ENABLEMENT_TRANSITIONS[action].to;
    const changed = changing.map((row) => row.id);
    await updateLockedRows(tx, commodities, changed, { status });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action,
      recordId: changed.length === 1 ? changed[0] : null,
      summary: `${enablementVerb(action)}${changed.length}个商品`,
      after: { ids: changed, status },
    });
  });
  return null;
}

/** A row of the Excel template / export, in COMMODITY_EXCEL_COLUMNS order. */
export function excelRow(row: {
  skuCode: string;
  name: string;
  categoryCode: string;
  brand: string | null;
  spec: string | null;
  unit: string;
  barcode: string | null;
  weightG: number | null;
  volumeCm3: number | null;
  referencePriceFen: number;
  status: 'enabled' | 'disabled';
  remark: string | null;
  priceTemplateName: string | null;
  defaultSupplierCode: string | null;
}) {
  return [
    row.skuCode,
    row.name,
    row.categoryCode,
    row.brand,
    row.spec,
    row.unit,
    row.barcode,
    row.weightG,
    row.volumeCm3,
    fenToYuan(row.referencePriceFen),
    STATUS_LABELS[row.status],
    row.remark,
    row.priceTemplateName,
    row.defaultSupplierCode,
  ];
}

import {
  DICT,
  SUPPLIER_STATUS_LABELS,
  SUPPLIER_STATUS_TRANSITIONS,
  type SupplierStatus,
  type supplierCreateRequest,
  supplierStatusChangeAllowed,
  supplierUpdateRequest,
} from '@scm/contract';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  categories,
  commodities,
  dictItems,
  dictTypes,
  priceTemplates,
  procurementTaskSuppliers,
  supplierCategories,
  suppliers,
} from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { findLookalikeName } from '../../lib/records/unique-name';
import type { AuthedContext } from '../../lib/http/context';
import { nextCode } from '../../lib/records/codes';
import { updateVersioned } from '../../lib/records/versioned-update';
import { withCurrentValues } from '../../lib/records/unchanged-fields';
import { conflict, fieldError, notFound, pgErrorCode, staleVersion } from '../../lib/http/errors';
import { isKnownRegion } from '../region/regions';
import { findSupplier } from './queries';
import { onSupplierStatusChanged } from '../../lib/access/portal-sessions';

const MODULE = 'supplier';
type SupplierInput = z.output<typeof supplierCreateRequest>;

function normalize(input: SupplierInput) {
  return {
    name: input.name,
    shortName: input.shortName || null,
    contactPerson: input.contactPerson,
    phone: input.phone,
    email: input.email || null,
    regionCode: input.regionCode,
    address: input.address || null,
    creditCode: input.creditCode,
    bankName: input.bankName || null,
    bankAccount: input.bankAccount || null,
    settlementType: input.settlementType,
    grade: input.grade,
    priceTemplateId: input.priceTemplateId ?? null,
    status: input.status,
    remark: input.remark || null,
  };
}

async function assertDictValue(tx: Db, typeCode: string, value: string, field: string, message: string) {
  const [item] = await tx
    .select({ status: dictItems.status })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(and(eq(dictTypes.code, typeCode), eq(dictItems.value, value)));
  if (!item) throw fieldError(field, message);
}

async function validateReferences(tx: Db, values: ReturnType<typeof normalize>, categoryIds: number[], before?: typeof suppliers.$inferSelect) {
  if (!isKnownRegion(values.regionCode)) throw fieldError('region_code', '请选择有效的所在地区');
  if (before?.settlementType !== values.settlementType) {
    await assertDictValue(tx, DICT.settlementType, values.settlementType, 'settlement_type', '请选择有效的结算方式');
  }
  if (before?.grade !== values.grade) {
    await assertDictValue(tx, DICT.supplierGrade, values.grade, 'grade', '请选择有效的供应商等级');
  }
  if (values.priceTemplateId != null && values.priceTemplateId !== before?.priceTemplateId) {
    const [template] = await tx.select({ status: priceTemplates.status }).from(priceTemplates).where(eq(priceTemplates.id, values.priceTemplateId));
    if (!template) throw fieldError('price_template_id', '配送价格模板不存在');
    if (template.status !== 'enabled') throw fieldError('price_template_id', '该配送价格模板已停用');
  }
  if (categoryIds.length > 0) {
    const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds));
    if (found.length !== categoryIds.length) throw fieldError('category_ids', '供应品类不存在');
  }
}

async function assertUnique(tx: Db, values: ReturnType<typeof normalize>, exceptId?: number) {
  const except = exceptId ? ne(suppliers.id, exceptId) : undefined;
  const sameName = await findLookalikeName(tx, { table: suppliers, id: suppliers.id, name: suppliers.name }, values.name, exceptId);
  if (sameName) throw conflict('供应商名称已存在');
  const [sameCode] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.creditCode, values.creditCode), except));
  if (sameCode) throw conflict('统一社会信用代码已被其他供应商使用');
}

/** Two writers racing past the checks meet the unique indexes; the loser gets the same 409. */
async function withUniqueConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw conflict('供应商名称或统一社会信用代码已存在');
    throw error;
  }
}

/**
 * A supplier's status change by SUPPLIER_STATUS_TRANSITIONS, keyed by the status asked for: the status
 * to write, or a 409 when the supplier already has it.
 */
function statusChange(target: SupplierStatus, status: SupplierStatus): SupplierStatus {
  if (!supplierStatusChangeAllowed(target, status)) throw conflict(`供应商已是${SUPPLIER_STATUS_LABELS[status]}状态`);
  return SUPPLIER_STATUS_TRANSITIONS[target].to;
}

async function replaceCategories(tx: Db, supplierId: number, categoryIds: number[]) {
  await tx.delete(supplierCategories).where(eq(supplierCategories.supplierId, supplierId));
  if (categoryIds.length > 0) {
    await tx.insert(supplierCategories).values(categoryIds.map((categoryId) => ({ supplierId, categoryId })));
  }
}

export async function getSupplier(ctx: AuthedContext, id: number) {
  const supplier = await findSupplier(ctx.db, ctx.user, id);
  if (!supplier) throw notFound('供应商不存在');
  return supplier;
}

export function createSupplier(ctx: AuthedContext, input: SupplierInput) {
  const values = normalize(input);
  const categoryIds = [...new Set(input.categoryIds)];
  return withUniqueConflict(() =>
    ctx.db.transaction(async (tx) => {
      await validateReferences(tx, values, categoryIds);
      await assertUnique(tx, values);
      const code = await nextCode(tx, 'GYS', ctx.now());
      const [row] = await tx
        .insert(suppliers)
        .values({ ...values, code })
        .returning({ id: suppliers.id });
      await replaceCategories(tx, row.id, categoryIds);
      await writeAudit(tx, ctx.actor, {
        module: MODULE,
        action: 'create',
        recordId: row.id,
        summary: `${code} ${values.name}`,
        after: { ...values, code, categoryIds },
      });
      return { id: row.id };
    }),
  );
}

export function updateSupplier(ctx: AuthedContext, input: z.output<typeof supplierUpdateRequest>) {
  return withUniqueConflict(() =>
    ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(suppliers).where(eq(suppliers.id, input.id));
      if (!before) throw notFound('供应商不存在');
      if (before.version !== input.version) throw staleVersion();
      const merged = normalize(withCurrentValues(supplierUpdateRequest, input, before));
      // 编辑 keeps the status unless the form changes it; a change goes through the status machine.
      const values = merged.status === before.status ? merged : { ...merged, status: statusChange(merged.status, before.status) };
      const categoryIds = input.categoryIds ? [...new Set(input.categoryIds)] : undefined;
      await validateReferences(tx, values, categoryIds ?? [], before);
      await assertUnique(tx, values, input.id);
      await updateVersioned(tx, suppliers, input.id, input.version, values);
      await onSupplierStatusChanged(tx, input.id, values.status, ctx.now());
      if (categoryIds) await replaceCategories(tx, input.id, categoryIds);
      await writeAudit(tx, ctx.actor, {
        module: MODULE,
        action: 'update',
        recordId: input.id,
        summary: `${before.code} ${values.name}`,
        before,
        after: categoryIds ? { ...values, categoryIds } : values,
      });
      return { id: input.id };
    }),
  );
}

export async function setSupplierStatus(ctx: AuthedContext, input: { id: number; version: number; status: 'enabled' | 'disabled' | 'blacklisted' }) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ code: suppliers.code, status: suppliers.status }).from(suppliers).where(eq(suppliers.id, input.id));
    if (!before) throw notFound('供应商不存在');
    const status = statusChange(input.status, before.status);
    await updateVersioned(tx, suppliers, input.id, input.version, { status });
    await onSupplierStatusChanged(tx, input.id, status, ctx.now());
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'status',
      recordId: input.id,
      summary: `${before.code} ${SUPPLIER_STATUS_LABELS[before.status]} → ${SUPPLIER_STATUS_LABELS[status]}`,
      before: { status: before.status },
      after: { status },
    });
  });
  return { id: input.id };
}

const inUseAsDefault = (n?: number) => `该供应商是${n ? ` ${n} 个` : ''}商品的默认供应商，不能删除，可改为停用`;

export async function deleteSupplier(ctx: AuthedContext, input: { id: number; version: number }) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(suppliers).where(eq(suppliers.id, input.id));
    if (!before) throw notFound('供应商不存在');
    if (before.version !== input.version) throw staleVersion();
    const [invited] = await tx
      .select({ n: sql<number>`1` })
      .from(procurementTaskSuppliers)
      .where(eq(procurementTaskSuppliers.supplierId, input.id))
      .limit(1);
    if (invited) throw conflict('该供应商已被邀请参与采购任务，不能删除，可改为停用');
    const [{ n }] = await tx.select({ n: count() }).from(commodities).where(eq(commodities.defaultSupplierId, input.id));
    if (n > 0) throw conflict(inUseAsDefault(n));
    const deleted = await tx
      .delete(suppliers)
      .where(and(eq(suppliers.id, input.id), eq(suppliers.version, input.version)))
      .returning({ id: suppliers.id })
      .catch((error: unknown) => {
        // A commodity took the supplier as its default after the count above.
        if (pgErrorCode(error) === '23503') throw conflict(inUseAsDefault());
        throw error;
      });
    if (deleted.length === 0) throw staleVersion();
    await writeAudit(tx, ctx.actor, { module: MODULE, action: 'delete', recordId: input.id, summary: `${before.code} ${before.name}`, before });
  });
  return null;
}

import {
  type EnablementAction,
  DERIVED_DICTIONARIES,
  DICT,
  type dictItemCreateRequest,
  type dictItemListRequest,
  dictItemUpdateRequest,
  type dictTypeCreateRequest,
  type dictTypeExportRequest,
  type dictTypeListRequest,
  dictTypeUpdateRequest,
  isStatusDictionary,
  STATUS_DICTIONARY_READ_ONLY,
} from '@scm/contract';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { dictItems, dictTypes, dictVersion, warehouses } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { enablementTarget } from '../../lib/records/enablement';
import type { AuthedContext } from '../../lib/http/context';
import { conflict, fieldError, notFound } from '../../lib/http/errors';
import { likePattern } from '../../lib/sql/keywords';
import { orderBy, pageOffset, pageResult } from '../../lib/sql/paging';
import { iso } from '../../lib/sql/rows';
import { updateVersioned } from '../../lib/records/versioned-update';
import { withCurrentValues } from '../../lib/records/unchanged-fields';

type TypeRow = typeof dictTypes.$inferSelect;
type ItemRow = typeof dictItems.$inferSelect;

/** Every dictionary write (and every warehouse write, whose rows are the `warehouse` type's items) bumps the version, so front-end caches reload. */
export async function bumpVersion(tx: Db) {
  await tx
    .insert(dictVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: dictVersion.id, set: { version: sql`${dictVersion.version} + 1` } });
}

export async function getDictionaryVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: dictVersion.version }).from(dictVersion).where(eq(dictVersion.id, 1));
  return row?.version ?? 0;
}

// Spelled out: inside the subquery drizzle would leave the outer id unqualified. The warehouse type counts the warehouses.
const itemCountSql = sql<number>`(case when "dict_types"."code" = ${DICT.warehouse} then (select count(*)::int from warehouses) else (select count(*)::int from dict_items i where i.type_id = "dict_types"."id") end)`;

function typeView(row: TypeRow, itemCount: number) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    status: row.status,
    builtIn: row.builtIn,
    remark: row.remark,
    itemCount: Number(itemCount),
    version: row.version,
    updatedAt: iso(row.updatedAt)!,
  };
}

function itemView(row: ItemRow) {
  return {
    id: row.id,
    typeId: row.typeId,
    label: row.label,
    value: row.value,
    sort: row.sort,
    tagColor: row.tagColor as never,
    isDefault: row.isDefault,
    status: row.status,
    remark: row.remark,
    version: row.version,
    updatedAt: iso(row.updatedAt)!,
  };
}

/** The list's filter (keyword on code or name, status, built-in), shared with the export. */
export function dictTypeWhere(input: z.output<typeof dictTypeExportRequest>): SQL | undefined {
  const where: SQL[] = [];
  if (input.keyword) {
    const pattern = likePattern(input.keyword);
    where.push(or(ilike(dictTypes.code, pattern), ilike(dictTypes.name, pattern))!);
  }
  if (input.status) where.push(eq(dictTypes.status, input.status));
  if (input.builtIn !== undefined) where.push(eq(dictTypes.builtIn, input.builtIn));
  return and(...where);
}

export async function listDictTypes(ctx: AuthedContext, input: z.output<typeof dictTypeListRequest>) {
  const filter = dictTypeWhere(input);
  const rows = await ctx.db
    .select({ row: dictTypes, itemCount: itemCountSql })
    .from(dictTypes)
    .where(filter)
    .orderBy(...orderBy(input, { code: dictTypes.code, name: dictTypes.name, updatedAt: dictTypes.updatedAt }, [asc(dictTypes.id)], dictTypes.id))
    .limit(input.pageSize)
    .offset(pageOffset(input));
  const [{ total }] = await ctx.db.select({ total: count() }).from(dictTypes).where(filter);
  return pageResult(
    rows.map((r) => typeView(r.row, r.itemCount)),
    total,
    input,
  );
}

export async function getDictTypeByCode(ctx: AuthedContext, code: string) {
  const [found] = await ctx.db.select({ row: dictTypes, itemCount: itemCountSql }).from(dictTypes).where(eq(dictTypes.code, code));
  if (!found) throw notFound('字典类型不存在');
  return typeView(found.row, found.itemCount);
}

async function loadType(tx: Db, id: number): Promise<TypeRow> {
  const [row] = await tx.select().from(dictTypes).where(eq(dictTypes.id, id));
  if (!row) throw notFound('字典类型不存在');
  return row;
}

async function assertCodeFree(tx: Db, code: string, exceptId?: number) {
  const [other] = await tx.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.code, code));
  if (other && other.id !== exceptId) throw conflict(`字典编码 ${code} 已存在`);
}

export async function createDictType(ctx: AuthedContext, input: z.output<typeof dictTypeCreateRequest>) {
  return ctx.db.transaction(async (tx) => {
    await assertCodeFree(tx, input.code);
    const [row] = await tx
      .insert(dictTypes)
      .values({ ...input, remark: input.remark ?? null, updatedBy: ctx.user.username })
      .returning();
    await bumpVersion(tx);
    await writeAudit(tx, ctx.actor, { module: 'dict_type', action: 'create', recordId: row.id, summary: row.code, after: row });
    return { id: row.id };
  });
}

export async function updateDictType(ctx: AuthedContext, input: z.output<typeof dictTypeUpdateRequest>) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadType(tx, input.id);
    if (before.builtIn && input.code !== before.code) throw fieldError('code', '内置字典的编码不能修改');
    await assertCodeFree(tx, input.code, input.id);
    const merged = withCurrentValues(dictTypeUpdateRequest, input, before);
    const values = { code: merged.code, name: merged.name, status: merged.status, remark: merged.remark ?? null, updatedBy: ctx.user.username };
    await updateVersioned(tx, dictTypes, input.id, input.version, values);
    await bumpVersion(tx);
    await writeAudit(tx, ctx.actor, { module: 'dict_type', action: 'update', recordId: input.id, summary: input.code, before, after: values });
    return { id: input.id };
  });
}

export async function setDictTypeStatus(ctx: AuthedContext, input: { id: number; version: number }, action: EnablementAction) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadType(tx, input.id);
    const status = enablementTarget('字典', action, before.status);
    await updateVersioned(tx, dictTypes, input.id, input.version, { status, updatedBy: ctx.user.username });
    await bumpVersion(tx);
    await writeAudit(tx, ctx.actor, {
      module: 'dict_type',
      action,
      recordId: input.id,
      summary: before.code,
      before: { status: before.status },
      after: { status },
    });
    return { id: input.id };
  });
}

export async function deleteDictType(ctx: AuthedContext, input: { id: number; version: number }) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadType(tx, input.id);
    if (before.version !== input.version) throw conflict('数据已被他人修改，请刷新后重试');
    if (before.builtIn) throw conflict('内置字典不能删除');
    const [{ n }] = await tx.select({ n: count() }).from(dictItems).where(eq(dictItems.typeId, input.id));
    if (n > 0) throw conflict(`该字典下还有 ${n} 个字典项，不能删除`);
    await tx.delete(dictTypes).where(and(eq(dictTypes.id, input.id), eq(dictTypes.version, input.version)));
    await bumpVersion(tx);
    await writeAudit(tx, ctx.actor, { module: 'dict_type', action: 'delete', recordId: input.id, summary: before.code, before });
    return null;
  });
}

/**
 * The items of the `warehouse` type: the warehouses themselves (docs/rules/base-data.md,
 * "Warehouses"), value = code, label = name, so clients of the dictionary keep working. They are
 * kept in 收货仓库, never as dictionary items.
 */
async function warehouseItems(db: Db, typeId: number, input?: { keyword?: string; status?: 'enabled' | 'disabled' }) {
  const rows = await db
    .select()
    .from(warehouses)
    .where(
      and(
        input?.keyword ? or(ilike(warehouses.name, likePattern(input.keyword)), ilike(warehouses.code, likePattern(input.keyword))) : undefined,
        input?.status ? eq(warehouses.status, input.status) : undefined,
      ),
    )
    .orderBy(asc(warehouses.sort), asc(warehouses.id));
  // Negative ids: these are not dictionary items, so no item call can reach a real item through them.
  return rows.map((w) => ({
    id: -w.id,
    typeId,
    label: w.name,
    value: w.code,
    sort: w.sort,
    tagColor: 'blue' as const,
    isDefault: false,
    status: w.status,
    remark: w.remark,
    version: w.version,
    updatedAt: iso(w.updatedAt)!,
  }));
}

const derivedRefusal = () => conflict(`仓库字典由「${DERIVED_DICTIONARIES.warehouse.label}」维护，请在${DERIVED_DICTIONARIES.warehouse.label}中修改`);

/** Items that are not 数据字典's to write: the warehouses' (derived) and the status dictionaries' (the contract's). */
function assertItemsEditable(type: { code: string }) {
  if (type.code === DICT.warehouse) throw derivedRefusal();
  if (isStatusDictionary(type.code)) throw conflict(STATUS_DICTIONARY_READ_ONLY);
}

/** The item locked for a write, once its type allows one. */
async function loadEditableItem(tx: Db, id: number): Promise<ItemRow> {
  const item = await loadItem(tx, id);
  assertItemsEditable(await loadType(tx, item.typeId));
  return item;
}

export async function listDictItems(ctx: AuthedContext, input: z.output<typeof dictItemListRequest>) {
  const [type] = await ctx.db.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.code, input.typeCode));
  if (!type) throw notFound('字典类型不存在');
  if (input.typeCode === DICT.warehouse) {
    const all = await warehouseItems(ctx.db, type.id, input);
    return pageResult(all.slice(pageOffset(input), pageOffset(input) + input.pageSize), all.length, input);
  }
  const where: SQL[] = [eq(dictItems.typeId, type.id)];
  if (input.keyword) {
    const pattern = likePattern(input.keyword);
    where.push(or(ilike(dictItems.label, pattern), ilike(dictItems.value, pattern))!);
  }
  if (input.status) where.push(eq(dictItems.status, input.status));
  const filter = and(...where);
  const columns = { sort: dictItems.sort, value: dictItems.value, label: dictItems.label, updatedAt: dictItems.updatedAt };
  const rows = await ctx.db
    .select()
    .from(dictItems)
    .where(filter)
    .orderBy(...orderBy(input, columns, [asc(dictItems.sort)], dictItems.id))
    .limit(input.pageSize)
    .offset(pageOffset(input));
  const [{ total }] = await ctx.db.select({ total: count() }).from(dictItems).where(filter);
  return pageResult(rows.map(itemView), total, input);
}

async function loadItem(tx: Db, id: number): Promise<ItemRow> {
  const [row] = await tx.select().from(dictItems).where(eq(dictItems.id, id));
  if (!row) throw notFound('字典项不存在');
  return row;
}

export async function getDictItem(ctx: AuthedContext, id: number) {
  return itemView(await loadItem(ctx.db, id));
}

async function assertValueFree(tx: Db, typeId: number, value: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: dictItems.id })
    .from(dictItems)
    .where(and(eq(dictItems.typeId, typeId), eq(dictItems.value, value)));
  if (other && other.id !== exceptId) throw conflict(`字典值 ${value} 已存在`);
}

/** At most one default item per type: choosing a new default clears the old one. */
async function clearOtherDefaults(tx: Db, typeId: number, keepId: number) {
  await tx
    .update(dictItems)
    .set({ isDefault: false, version: sql`${dictItems.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(dictItems.typeId, typeId), eq(dictItems.isDefault, true), sql`${dictItems.id} <> ${keepId}`));
}

export async function createDictItem(ctx: AuthedContext, input: z.output<typeof dictItemCreateRequest>) {
  return ctx.db.transaction(async (tx) => {
    const type = await loadType(tx, input.typeId);
    assertItemsEditable(type);
    await assertValueFree(tx, type.id, input.value);
    const [row] = await tx
      .insert(dictItems)
      .values({ ...input, remark: input.remark ?? null })
      .returning();
    if (row.isDefault) await clearOtherDefaults(tx, type.id, row.id);
    await bumpVersion(tx);
    await writeAudit(tx, ctx.actor, { module: 'dict_item', action: 'create', recordId: row.id, summary: `${type.code}.${row.value}`, after: row });
    return { id: row.id };
  });
}

export async function updateDictItem(ctx: AuthedContext, input: z.output<typeof dictItemUpdateRequest>) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadEditableItem(tx, input.id);
    await assertValueFree(tx, before.typeId, input.value, input.id);
    const { id, version, ...values } = withCurrentValues(dictItemUpdateRequest, input, before);
    const changes = { ...values, remark: values.remark ?? null };
    await updateVersioned(tx, dictItems, id, version, changes);
    if (changes.isDefault) await clearOtherDefaults(tx, before.typeId, id);
    await bumpVersion(tx);
    await writeAudit(tx, ctx.actor, { module: 'dict_item', action: 'update', recordId: id, summary: changes.value, before, after: changes });
    return { id };
  });
}

export async function setDictItemStatus(ctx: AuthedContext, input: { id: number; version: number }, action: EnablementAction) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadEditableItem(tx, input.id);
    const status = enablementTarget('字典项', action, before.status);
    await updateVersioned(tx, dictItems, input.id, input.version, { status });
    await bumpVersion(tx);
    await writeAudit(tx, ctx.actor, {
      module: 'dict_item',
      action,
      recordId: input.id,
      summary: before.value,
      before: { status: before.status },
      after: { status },
    });
    return { id: input.id };
  });
}

export async function deleteDictItem(ctx: AuthedContext, input: { id: number; version: number }) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadEditableItem(tx, input.id);
    const deleted = await tx
      .delete(dictItems)
      .where(and(eq(dictItems.id, input.id), eq(dictItems.version, input.version)))
      .returning({ id: dictItems.id });
    if (deleted.length === 0) throw conflict('数据已被他人修改，请刷新后重试');
    await bumpVersion(tx);
    await writeAudit(tx, ctx.actor, { module: 'dict_item', action: 'delete', recordId: input.id, summary: before.value, before });
    return null;
  });
}

/** Every type with its items, disabled ones included (old records still render them). */
export async function dictionaryBundle(ctx: AuthedContext) {
  const version = await getDictionaryVersion(ctx.db);
  const types = await ctx.db.select().from(dictTypes).orderBy(asc(dictTypes.id));
  const items = await ctx.db.select().from(dictItems).orderBy(asc(dictItems.typeId), asc(dictItems.sort), asc(dictItems.id));
  const warehouseType = types.find((t) => t.code === DICT.warehouse);
  const derived = warehouseType
    ? (await warehouseItems(ctx.db, warehouseType.id, { status: 'enabled' })).map((item) => ({ ...item, remark: null }))
    : [];
  const byType = new Map<number, ItemRow[]>();
  for (const item of items) {
    const list = byType.get(item.typeId) ?? [];
    list.push(item);
    byType.set(item.typeId, list);
  }
  return {
    version,
    types: types.map((type) => ({
      code: type.code,
      name: type.name,
      status: type.status,
      items: (type.id === warehouseType?.id ? derived : (byType.get(type.id) ?? [])).map((item) => ({
        value: item.value,
        label: item.label,
        tagColor: item.tagColor as never,
        isDefault: item.isDefault,
        status: item.status,
        sort: item.sort,
      })),
    })),
  };
}

import { type EnablementAction, STATUS_LABELS, type warehouseCreateRequest, warehouseUpdateRequest } from '@scm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { planningTasks, procurementTasks, warehouses } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { enablementTarget } from '../../lib/records/enablement';
import type { Actor } from '../../lib/http/context';
import { conflict, fieldError, notFound, pgErrorCode, staleVersion } from '../../lib/http/errors';
import { findLookalikeName } from '../../lib/records/unique-name';
import { withCurrentValues } from '../../lib/records/unchanged-fields';
import { updateVersioned } from '../../lib/records/versioned-update';
import { bumpVersion } from '../dictionary/service';
import { isKnownRegion } from '../region/regions';
import { warehouseView } from './queries';

const MODULE = 'warehouse';
const missing = () => notFound('仓库不存在');

/** What a warehouse write needs: the database, the actor for the audit row (the seed passes its own). */
export interface WarehouseWriteContext {
  db: Db;
  actor: Actor;
}

type CreateInput = z.output<typeof warehouseCreateRequest>;
type UpdateInput = z.output<typeof warehouseUpdateRequest>;

function values(input: Omit<CreateInput, 'code' | 'status'>) {
  return {
    name: input.name,
    regionCode: input.regionCode,
    address: input.address,
    consignee: input.consignee,
    phone: input.phone,
    receivingHours: input.receivingHours || null,
    remark: input.remark || null,
  };
}

async function assertValid(tx: Db, input: { code?: string; name: string; regionCode: string }, exceptId?: number) {
  if (!isKnownRegion(input.regionCode)) throw fieldError('region_code', '请选择有效的所在地区');
  if (await findLookalikeName(tx, { table: warehouses, id: warehouses.id, name: warehouses.name }, input.name, exceptId)) {
    throw conflict(`仓库名称 ${input.name} 已存在`);
  }
  if (input.code) {
    const [same] = await tx.select({ id: warehouses.id }).from(warehouses).where(sql`lower(${warehouses.code}) = lower(${input.code})`);
    if (same && same.id !== exceptId) throw conflict(`仓库编码 ${input.code} 已存在`);
  }
}

/** Two writers racing past the checks meet the unique indexes; the loser gets the same 409. */
async function withUniqueConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw conflict('仓库编码或名称已存在');
    throw error;
  }
}

export function createWarehouse(ctx: WarehouseWriteContext, input: CreateInput) {
  return withUniqueConflict(() =>
    ctx.db.transaction(async (tx) => {
      await assertValid(tx, input);
      const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${warehouses.sort}), 0)::int + 10` }).from(warehouses);
      const row = { code: input.code, ...values(input), status: input.status, sort: next };
      const [created] = await tx.insert(warehouses).values(row).returning({ id: warehouses.id });
      await bumpVersion(tx);
      await writeAudit(tx, ctx.actor, { module: MODULE, action: 'create', recordId: created.id, summary: `${input.code} ${input.name}`, after: row });
      return { id: created.id };
    }),
  );
}

export function updateWarehouse(ctx: WarehouseWriteContext, input: UpdateInput) {
  return withUniqueConflict(() =>
    ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(warehouses).where(eq(warehouses.id, input.id));
      if (!before) throw missing();
      if (before.version !== input.version) throw staleVersion();
      if (input.code !== undefined && input.code !== before.code) throw fieldError('code', '仓库编码创建后不能修改');
      await assertValid(tx, input, input.id);
      // 启用 / 停用 is its own action (warehouse:status): an update that names a status keeps it as it is.
      if (input.status !== undefined && input.status !== before.status) throw fieldError('status', '请使用启用/停用修改仓库状态');
      // A field left out of the update keeps its value (docs/rules/codes-and-api.md).
      const after = values(withCurrentValues(warehouseUpdateRequest, input, before));
      await updateVersioned(tx, warehouses, input.id, input.version, after);
      await bumpVersion(tx);
      await writeAudit(tx, ctx.actor, {
        module: MODULE,
        action: 'update',
        recordId: input.id,
        summary: `${before.code} ${input.name}`,
        before,
        after,
      });
      return { id: input.id };
    }),
  );
}

/** 启用 / 停用: a disabled warehouse stays on the records that name it; new records cannot pick it. */
export async function setWarehouseStatus(ctx: WarehouseWriteContext, input: { id: number; version: number }, action: EnablementAction) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(warehouses).where(eq(warehouses.id, input.id));
    if (!before) throw missing();
    const status = enablementTarget('仓库', action, before.status);
    await updateVersioned(tx, warehouses, input.id, input.version, { status });
    await bumpVersion(tx);
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action,
      recordId: input.id,
      summary: `${before.code} ${STATUS_LABELS[before.status]} → ${STATUS_LABELS[status]}`,
      before: { status: before.status },
      after: { status },
    });
  });
  return { id: input.id };
}

/** 删除: only a warehouse no plan or task names (orders keep their own copy of the address). */
export async function deleteWarehouse(ctx: WarehouseWriteContext, input: { id: number; version: number }) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(warehouses).where(eq(warehouses.id, input.id)).for('update');
    if (!before) throw missing();
    if (before.version !== input.version) throw staleVersion();
    const [plan] = await tx.select({ id: planningTasks.id }).from(planningTasks).where(eq(planningTasks.warehouse, before.code)).limit(1);
    const [task] = await tx
      .select({ id: procurementTasks.id })
      .from(procurementTasks)
      .where(eq(procurementTasks.warehouseCode, before.code))
      .limit(1);
    if (plan || task) throw conflict('该仓库已被计划或采购任务使用，不能删除，可改为停用');
    await tx.delete(warehouses).where(and(eq(warehouses.id, input.id), eq(warehouses.version, input.version)));
    await bumpVersion(tx);
    await writeAudit(tx, ctx.actor, { module: MODULE, action: 'delete', recordId: input.id, summary: `${before.code} ${before.name}`, before });
  });
  return null;
}

export async function getWarehouse(db: Db, id: number) {
  const [row] = await db.select().from(warehouses).where(eq(warehouses.id, id));
  if (!row) throw missing();
  return warehouseView(row);
}

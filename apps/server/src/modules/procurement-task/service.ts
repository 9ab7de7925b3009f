import { BUYER_PERMISSION_CODES, PROCUREMENT_ACTION_LABELS, PROCUREMENT_TRANSITIONS, type taskCreateRequest, taskUpdateRequest } from '@scm/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { commodities, planningTasks, procurementTaskLines, procurementTaskSuppliers, procurementTasks, warehouses } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { AuthedContext } from '../../lib/http/context';
import { nextCode } from '../../lib/records/codes';
import { updateVersioned } from '../../lib/records/versioned-update';
import { withCurrentValues } from '../../lib/records/unchanged-fields';
import { badRequest, conflict, fieldError, notFound, staleVersion } from '../../lib/http/errors';
import { assertAssignable } from '../back-user/assignable';
import { assertWarehouseUsable } from '../warehouse/queries';
import { isKnownRegion } from '../region/regions';
import { unsealTaskQuotes } from '../sealing/quotes';
import { loadMaintainState } from './maintain-view';
import { assertPlanLink, startLinkedPlan } from './plan-link';
import { findTaskDetail, supplierStates, toTaskDetail } from './queries';
import { loadTaskForUser } from './scope';
import { notify } from '../message/notify';
import { assertTaskAction, openPassedDeadlines, recordDeadlineClose } from './status';
import { type TaskWrite, writeTasks } from './task-write';

const MODULE = 'procurement_task';
type TaskInput = z.output<typeof taskCreateRequest>;

export async function getTask(ctx: AuthedContext, id: number) {
  await loadTaskForUser(ctx.db, ctx.user, id);
  await openPassedDeadlines(ctx.db, [id], ctx.now());
  const found = await findTaskDetail(ctx.db, id, ctx.now());
  if (!found) throw notFound('采购任务不存在');
  return toTaskDetail(found);
}

export async function getMaintainView(ctx: AuthedContext, id: number) {
  await loadTaskForUser(ctx.db, ctx.user, id);
  await openPassedDeadlines(ctx.db, [id], ctx.now());
  return (await loadMaintainState(ctx.db, id, ctx.now())).view;
}

/** Invited suppliers must exist and be enabled (a disabled or blacklisted one cannot be invited). */
async function assertInvitable(tx: Db, supplierIds: number[], keep: Set<number> = new Set()) {
  const states = await supplierStates(tx, supplierIds);
  supplierIds.forEach((id, i) => {
    const state = states.get(id);
    if (!state) throw fieldError(`supplier_ids.${i}`, '供应商不存在');
    if (state.status !== 'enabled' && !keep.has(id)) {
      throw fieldError(`supplier_ids.${i}`, `供应商「${state.name}」已${state.status === 'blacklisted' ? '列入黑名单' : '停用'}，不能邀请`);
    }
  });
}

async function validateTask(
  tx: Db,
  ctx: AuthedContext,
  input: TaskInput,
  keep: { buyerId?: number; planId?: number | null; suppliers?: Set<number>; warehouseCode?: string | null } = {},
) {
  if (!isKnownRegion(input.deliveryRegionCode)) throw fieldError('delivery_region_code', '请选择有效的交货地区');
  if (input.warehouseCode) await assertWarehouseUsable(tx, input.warehouseCode, 'warehouse_code', keep.warehouseCode);
  // The buyer must be able to work the task; a draft may keep the buyer it has (disabled or moved since).
  await assertAssignable(tx, input.buyerId, { field: 'buyer_id', label: '采购员', codes: BUYER_PERMISSION_CODES, keepId: keep.buyerId });
  const commodityIds = [...new Set(input.lines.map((l) => l.commodityId))];
  if (commodityIds.length !== input.lines.length) {
    const seen = new Set<number>();
    input.lines.forEach((l, i) => {
      if (seen.has(l.commodityId)) throw fieldError(`lines.${i}.commodity_id`, `第${i + 1}行商品重复`);
      seen.add(l.commodityId);
    });
  }
  const found = await tx.select({ id: commodities.id }).from(commodities).where(inArray(commodities.id, commodityIds));
  const known = new Set(found.map((c) => c.id));
  input.lines.forEach((l, i) => {
    if (!known.has(l.commodityId)) throw fieldError(`lines.${i}.commodity_id`, `第${i + 1}行商品不存在`);
  });
  await assertPlanLink(tx, ctx.user, input.planId, input.lines, keep.planId);
  await startLinkedPlan(tx, ctx, input.planId, keep.planId);
  const supplierIds = [...new Set(input.supplierIds)];
  await assertInvitable(tx, supplierIds, keep.suppliers);
  return supplierIds;
}

async function writeLines(tx: Db, taskId: number, input: TaskInput, supplierIds: number[]) {
  await tx.insert(procurementTaskLines).values(
    input.lines.map((l, sort) => ({
      taskId,
      sort,
      commodityId: l.commodityId,
      quantity: l.quantity,
      targetPriceFen: l.targetPriceFen ?? null,
      planLineId: l.planLineId ?? null,
      remark: l.remark || null,
    })),
  );
  if (supplierIds.length > 0) {
    await tx.insert(procurementTaskSuppliers).values(supplierIds.map((supplierId) => ({ taskId, supplierId })));
  }
}

/** The source plan's warehouse, which a task naming none delivers to (when it still exists). */
async function planWarehouse(tx: Db, planId: number): Promise<string | null> {
  const [row] = await tx
    .select({ code: warehouses.code })
    .from(planningTasks)
    .innerJoin(warehouses, eq(warehouses.code, planningTasks.warehouse))
    .where(eq(planningTasks.id, planId));
  return row?.code ?? null;
}

/** `kept`: the warehouse an update leaves as it is when the call names none. */
const header = (input: TaskInput, kept: string | null = null) => ({
  name: input.name,
  planId: input.planId ?? null,
  buyerId: input.buyerId,
  quoteDeadline: new Date(input.quoteDeadline),
  deliveryRegionCode: input.deliveryRegionCode,
  warehouseCode: input.warehouseCode === undefined ? kept : input.warehouseCode || null,
  requiredBy: input.requiredBy ?? null,
  remark: input.remark || null,
  sealed: input.sealed,
});

export async function createTask(ctx: AuthedContext, input: TaskInput) {
  return writeTasks(ctx.db, async ({ tx, touch }) => {
    const supplierIds = await validateTask(tx, ctx, input);
    const code = await nextCode(tx, 'CG', ctx.now());
    const values = header(input, input.planId ? await planWarehouse(tx, input.planId) : null);
    const [row] = await tx
      .insert(procurementTasks)
      .values({ ...values, code, createdBy: ctx.user.id })
      .returning({ id: procurementTasks.id });
    touch(row.id);
    await writeLines(tx, row.id, input, supplierIds);
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'create',
      recordId: row.id,
      summary: `${code} ${input.name}`,
      after: { ...values, code, lines: input.lines, supplierIds },
    });
    return { id: row.id };
  });
}

/** The task for a change: 404 outside the user's data scope (before anything is written), 409 on a stale version. */
export async function lockTask(write: TaskWrite, ctx: AuthedContext, id: number, version: number) {
  const { tx } = write;
  await loadTaskForUser(tx, ctx.user, id);
  write.touch(id);
  await recordDeadlineClose(write, id, ctx.now());
  const [task] = await tx.select().from(procurementTasks).where(eq(procurementTasks.id, id));
  if (!task) throw notFound('采购任务不存在');
  if (task.version !== version) throw staleVersion();
  return task;
}

/** Only a draft is edited; the lines and invitations are replaced as a whole. */
export async function updateTask(ctx: AuthedContext, input: z.output<typeof taskUpdateRequest>) {
  await writeTasks(ctx.db, async (write) => {
    const { tx } = write;
    const before = await lockTask(write, ctx, input.id, input.version);
    assertTaskAction(before, 'edit');
    // Invitations left out of the body stay as they are.
    const invited = input.supplierIds
      ? undefined
      : (
          await tx
            .select({ id: procurementTaskSuppliers.supplierId })
            .from(procurementTaskSuppliers)
            .where(eq(procurementTaskSuppliers.taskId, input.id))
        ).map((r) => r.id);
    const merged = { ...withCurrentValues(taskUpdateRequest, input, before), supplierIds: input.supplierIds ?? invited ?? [] };
    const supplierIds = await validateTask(tx, ctx, merged, {
      buyerId: before.buyerId,
      planId: before.planId,
      suppliers: new Set(invited),
      warehouseCode: before.warehouseCode,
    });
    const values = header(merged, before.warehouseCode);
    await updateVersioned(tx, procurementTasks, input.id, input.version, values, eq(procurementTasks.status, before.status));
    await tx.delete(procurementTaskLines).where(eq(procurementTaskLines.taskId, input.id));
    await tx.delete(procurementTaskSuppliers).where(eq(procurementTaskSuppliers.taskId, input.id));
    await writeLines(tx, input.id, merged, supplierIds);
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'update',
      recordId: input.id,
      summary: `${before.code} ${input.name}`,
      before,
      after: { ...values, lines: input.lines, supplierIds },
    });
  });
  return { id: input.id };
}

export async function deleteTask(ctx: AuthedContext, input: { id: number; version: number }) {
  await writeTasks(ctx.db, async (write) => {
    const { tx } = write;
    const before = await lockTask(write, ctx, input.id, input.version);
    assertTaskAction(before, 'delete');
    const deleted = await tx
      .delete(procurementTasks)
      .where(and(eq(procurementTasks.id, input.id), eq(procurementTasks.version, input.version)))
      .returning({ id: procurementTasks.id });
    if (deleted.length === 0) throw staleVersion();
    await writeAudit(tx, ctx.actor, { module: MODULE, action: 'delete', recordId: input.id, summary: `${before.code} ${before.name}`, before });
  });
  return null;
}

type TaskRow = typeof procurementTasks.$inferSelect;
/** The actions that only move the task: their `to` comes from PROCUREMENT_TRANSITIONS. */
type MoveAction = 'publish' | 'close_quote' | 'cancel' | 'complete';

/** What a move checks beyond the status machine, before it writes. */
const MOVE_CHECKS: Partial<Record<MoveAction, (tx: Db, task: TaskRow, now: Date) => Promise<void>>> = {
  publish: async (tx, task, now) => {
    if (task.quoteDeadline <= now) throw fieldError('quote_deadline', '报价截止时间已过，请先修改截止时间');
    const invited = await tx
      .select({ supplierId: procurementTaskSuppliers.supplierId })
      .from(procurementTaskSuppliers)
      .where(eq(procurementTaskSuppliers.taskId, task.id));
    if (invited.length === 0) throw badRequest('请至少邀请一家供应商后再发布');
    const states = await supplierStates(
      tx,
      invited.map((i) => i.supplierId),
    );
    const blocked = [...states.values()].find((s) => s.status !== 'enabled');
    if (blocked) throw conflict(`供应商「${blocked.name}」已停用或列入黑名单，请调整邀请名单后再发布`);
  },
};

export async function transitionTask(ctx: AuthedContext, action: MoveAction, input: { id: number; version: number; reason?: string | null }) {
  const to = PROCUREMENT_TRANSITIONS[action].to;
  const label = PROCUREMENT_ACTION_LABELS[action];
  await writeTasks(ctx.db, async (write) => {
    const { tx } = write;
    const task = await lockTask(write, ctx, input.id, input.version);
    assertTaskAction(task, action);
    await MOVE_CHECKS[action]?.(tx, task, ctx.now());
    await updateVersioned(
      tx,
      procurementTasks,
      input.id,
      input.version,
      { status: to, statusReason: input.reason || null },
      eq(procurementTasks.status, task.status),
    );
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action,
      recordId: input.id,
      summary: `${task.code} ${label}${input.reason ? `：${input.reason}` : ''}`,
      before: { status: task.status },
      after: { status: to },
    });
    if (action === 'close_quote') {
      await notify(tx, ctx.actor, { kind: 'quote_closed', task, byDeadline: false });
      // Closed by hand, before the deadline: the invited suppliers learn they can no longer quote.
      if (task.quoteDeadline > ctx.now())
        await notify(tx, ctx.actor, { kind: 'rfq_closed_early', task, reason: input.reason || '采购方提前截止报价' });
    }
    if (action === 'publish') await notify(tx, ctx.actor, { kind: 'rfq_published', task });
  });
  return { id: input.id };
}

/**
 * 提前开标: a user with procurementTaskList:unseal ends a sealed task's quoting before its deadline
 * with a reason; its quotes become readable in the same transaction. Audited, never undone.
 */
export async function unsealTask(ctx: AuthedContext, input: { id: number; version: number; reason: string }) {
  const now = ctx.now();
  await writeTasks(ctx.db, async (write) => {
    const { tx } = write;
    const task = await lockTask(write, ctx, input.id, input.version);
    assertTaskAction(task, 'unseal');
    const to = PROCUREMENT_TRANSITIONS.unseal.to;
    await updateVersioned(
      tx,
      procurementTasks,
      input.id,
      input.version,
      { status: to, statusReason: input.reason, unsealedBy: ctx.user.username, unsealReason: input.reason },
      eq(procurementTasks.status, task.status),
    );
    await unsealTaskQuotes(tx, [input.id], now);
    await notify(tx, ctx.actor, { kind: 'quote_closed', task, byDeadline: false });
    await notify(tx, ctx.actor, { kind: 'rfq_closed_early', task, reason: input.reason });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'unseal',
      recordId: input.id,
      summary: `${task.code} 提前开标：${input.reason}`,
      before: { status: task.status, sealed: true },
      after: { status: to, unsealedAt: now.toISOString(), reason: input.reason },
    });
  });
  return { id: input.id };
}

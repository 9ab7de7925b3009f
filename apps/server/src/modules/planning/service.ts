import {
  PLAN_ACTION_FROM,
  PLAN_OWNER_PERMISSION_CODES,
  PLAN_ACTION_LABELS,
  PLAN_AUDIT,
  PLAN_STATUS_LABELS,
  type PlanAction,
  type PlanDetail,
  type PlanStatus,
  type planCancelRequest,
  type planCreateRequest,
  type planListRequest,
  type planReasonRequest,
  type PlanSummary,
  type planUpdateRequest,
} from '@scm/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditLogs, backUsers, categories, commodities, dictItems, dictTypes, planningTaskLines, planningTasks } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { nextCode } from '../../lib/codes';
import type { Actor, AuthedContext, AuthUser } from '../../lib/context';
import { allWordsLike, iso, orderBy, pageOffset, pageResult, updateVersioned } from '../../lib/crud';
import { prepared } from '../../lib/prepared';
import { badRequest, conflict, fieldError, staleVersion } from '../../lib/errors';
import { assertAssignable } from '../back-user/assignable';
import { assertMayReview } from './four-eyes';
import { linkedProcurementTasks, planAwardedGoodsFen } from './procurement-link';
import { planScope } from '../../lib/data-scope';
import { loadPlanForUser } from './scope';

export const MODULE = 'planning_task';

type PlanRow = typeof planningTasks.$inferSelect;
type CreateInput = z.output<typeof planCreateRequest>;
type UpdateInput = z.output<typeof planUpdateRequest>;
type LineInput = CreateInput['lines'][number];

// ---------------------------------------------------------------- reading

const owners = alias(backUsers, 'owner');

function summaryOf(row: PlanRow, owner: { id: number; username: string } | null): PlanSummary {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    planType: row.planType,
    warehouse: row.warehouse,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    requiredBy: row.requiredBy,
    status: row.status,
    owner,
    lineCount: row.lineCount,
    plannedQuantity: row.plannedQuantity,
    awardedQuantity: row.awardedQuantity,
    budgetTotalFen: row.budgetTotalFen,
    progress: row.plannedQuantity > 0 ? Math.floor((row.awardedQuantity * 100) / row.plannedQuantity) : 0,
    version: row.version,
    updatedAt: iso(row.updatedAt) ?? '',
  };
}

type Filter = Omit<z.output<typeof planListRequest>, 'page' | 'pageSize' | 'sortField' | 'sortOrder'>;

/** The list filter within the user's data scope (the list and the export read the same plans). */
function filterWhere(user: AuthUser, input: Filter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    planScope(user),
    allWordsLike(planningTasks.searchText, input.keyword),
    input.status ? eq(planningTasks.status, input.status) : undefined,
    input.planType ? eq(planningTasks.planType, input.planType) : undefined,
    input.warehouse ? eq(planningTasks.warehouse, input.warehouse) : undefined,
    input.ownerId ? eq(planningTasks.ownerId, input.ownerId) : undefined,
    // The plan's period overlaps the chosen range.
    input.periodFrom ? gte(planningTasks.periodEnd, input.periodFrom) : undefined,
    input.periodTo ? lte(planningTasks.periodStart, input.periodTo) : undefined,
    input.ids ? inArray(planningTasks.id, input.ids) : undefined,
  ];
  return and(...conditions);
}

const sortColumns = {
  code: planningTasks.code,
  name: planningTasks.name,
  periodStart: planningTasks.periodStart,
  budgetTotalFen: planningTasks.budgetTotalFen,
  updatedAt: planningTasks.updatedAt,
  createdAt: planningTasks.createdAt,
};

export async function listPlans(ctx: AuthedContext, input: z.output<typeof planListRequest>) {
  const where = filterWhere(ctx.user, input);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ plan: planningTasks, owner: { id: owners.id, username: owners.username } })
      .from(planningTasks)
      .leftJoin(owners, eq(owners.id, planningTasks.ownerId))
      .where(where)
      .orderBy(...orderBy(input, sortColumns, [desc(planningTasks.updatedAt)], planningTasks.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(planningTasks).where(where),
  ]);
  return pageResult(
    rows.map((r) => summaryOf(r.plan, r.owner)),
    total,
    input,
  );
}

/** Every plan matching a filter, in list order, a batch at a time (for the Excel export). */
export async function* plansForExport(db: Db, user: AuthUser, input: Filter, batchSize = 1000) {
  const where = filterWhere(user, input);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await db
      .select({ plan: planningTasks, owner: { id: owners.id, username: owners.username } })
      .from(planningTasks)
      .leftJoin(owners, eq(owners.id, planningTasks.ownerId))
      .where(where)
      .orderBy(desc(planningTasks.updatedAt), desc(planningTasks.id))
      .limit(batchSize)
      .offset(offset);
    if (rows.length === 0) return;
    yield rows.map((r) => summaryOf(r.plan, r.owner));
    if (rows.length < batchSize) return;
  }
}

const creators = alias(backUsers, 'creator');
const updaters = alias(backUsers, 'updater');
const planQuery = prepared(
  (db, name) =>
    db
      .select({
        plan: planningTasks,
        owner: { id: owners.id, username: owners.username },
        createdBy: { id: creators.id, username: creators.username },
        updatedBy: { id: updaters.id, username: updaters.username },
      })
      .from(planningTasks)
      .leftJoin(owners, eq(owners.id, planningTasks.ownerId))
      .leftJoin(creators, eq(creators.id, planningTasks.createdBy))
      .leftJoin(updaters, eq(updaters.id, planningTasks.updatedBy))
      .where(eq(planningTasks.id, sql.placeholder('id')))
      .prepare(name),
  'plan_detail',
);

export async function getPlan(ctx: AuthedContext, id: number): Promise<PlanDetail> {
  await loadPlanForUser(ctx.db, ctx.user, id);
  const [[row], lines, procurementTasks, timeline, awardedGoodsFen] = await Promise.all([
    planQuery(ctx.db).execute({ id }),
    planLines(ctx.db, id),
    linkedProcurementTasks(ctx.db, ctx.user, id),
    planTimeline(ctx.db, id),
    planAwardedGoodsFen(ctx.db, id),
  ]);
  return {
    ...summaryOf(row.plan, row.owner),
    remark: row.plan.remark,
    rejectReason: row.plan.rejectReason,
    closeReason: row.plan.closeReason,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: iso(row.plan.createdAt) ?? '',
    awardedGoodsFen,
    lines,
    procurementTasks,
    timeline,
  };
}

const planLinesQuery = prepared(
  (db, name) =>
    db
      .select({
        line: planningTaskLines,
        skuCode: commodities.skuCode,
        commodityName: commodities.name,
        spec: commodities.spec,
        unit: commodities.unit,
        categoryId: categories.id,
        categoryName: categories.name,
      })
      .from(planningTaskLines)
      .innerJoin(commodities, eq(commodities.id, planningTaskLines.commodityId))
      .leftJoin(categories, eq(categories.id, commodities.categoryId))
      .where(eq(planningTaskLines.planId, sql.placeholder('planId')))
      .orderBy(asc(planningTaskLines.sort), asc(planningTaskLines.id))
      .prepare(name),
  'plan_detail_lines',
);

export async function planLines(db: Db, planId: number) {
  const rows = await planLinesQuery(db).execute({ planId });
  return rows.map(({ line, ...commodity }) => ({
    id: line.id,
    commodityId: line.commodityId,
    ...commodity,
    quantity: line.quantity,
    budgetUnitPriceFen: line.budgetUnitPriceFen,
    budgetAmountFen: line.quantity * line.budgetUnitPriceFen,
    requiredBy: line.requiredBy,
    remark: line.remark,
    awardedQuantity: line.awardedQuantity,
    progress: Math.floor((line.awardedQuantity * 100) / line.quantity),
  }));
}

interface StatusChange {
  status?: PlanStatus;
  reason?: string | null;
  /** An award write-back: which task, how much it added. */
  taskCode?: string;
  quantity?: number;
  goodsFen?: number;
}

/** The plan's history, read from the audit log (who, when, which status change, why). */
const timelineQuery = prepared(
  (db, name) =>
    db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, MODULE), eq(auditLogs.recordId, sql.placeholder('recordId'))))
      .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id))
      .prepare(name),
  'plan_timeline',
);

async function planTimeline(db: Db, planId: number) {
  const rows = await timelineQuery(db).execute({ recordId: String(planId) });
  return rows.map((row) => {
    const before = (row.before ?? {}) as StatusChange;
    const after = (row.after ?? {}) as StatusChange;
    return {
      id: row.id,
      action: row.action,
      label: PLAN_AUDIT.actions[row.action] ?? row.action,
      userName: row.userName,
      at: iso(row.createdAt) ?? '',
      fromStatus: before.status ?? null,
      toStatus: after.status ?? null,
      reason: after.reason ?? null,
      award: after.taskCode ? { taskCode: after.taskCode, quantity: after.quantity ?? 0, goodsFen: after.goodsFen ?? 0 } : null,
    };
  });
}

// ---------------------------------------------------------------- status machine

/**
 * Reads the plan for a change (404 outside the user's data scope) and checks the status machine
 * and the version the caller read. The update that follows repeats both conditions in its WHERE,
 * so two concurrent changes cannot both pass.
 */
export async function planForAction(tx: Db, user: AuthUser, id: number, version: number, action: PlanAction): Promise<PlanRow> {
  const plan = await loadPlanForUser(tx, user, id);
  const allowed = PLAN_ACTION_FROM[action] as readonly PlanStatus[];
  if (!allowed.includes(plan.status)) {
    throw conflict(`计划当前状态为「${PLAN_STATUS_LABELS[plan.status]}」，不能${PLAN_ACTION_LABELS[action]}`);
  }
  if (plan.version !== version) throw staleVersion();
  return plan;
}

export async function changeStatus(
  tx: Db,
  ctx: AuthedContext,
  plan: PlanRow,
  action: string,
  to: PlanStatus,
  extra: Partial<typeof planningTasks.$inferInsert> = {},
  reason: string | null = null,
) {
  await updateVersioned(
    tx,
    planningTasks,
    plan.id,
    plan.version,
    { status: to, updatedBy: ctx.user.id, ...extra },
    eq(planningTasks.status, plan.status),
  );
  await writeAudit(tx, ctx.actor, {
    module: MODULE,
    action,
    recordId: plan.id,
    summary: `${plan.code} ${PLAN_STATUS_LABELS[plan.status]} → ${PLAN_STATUS_LABELS[to]}${reason ? `：${reason}` : ''}`,
    before: { status: plan.status },
    after: { status: to, reason },
  });
}

export async function submitPlan(ctx: AuthedContext, input: { id: number; version: number }) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'submit');
    if (plan.lineCount === 0) throw badRequest('计划至少需要一条明细才能提交');
    if (!plan.periodStart || !plan.periodEnd) throw fieldError('period_start', '请先填写计划周期再提交');
    await changeStatus(tx, ctx, plan, 'submit', 'submitted', { submittedBy: ctx.user.id, rejectReason: null });
  });
  return null;
}

/** Adds the user to the plan's line editors (once), in the same update that changes the lines. */
const withLineEditor = (plan: PlanRow, userId: number) =>
  plan.lineEditorIds.includes(userId) ? {} : { lineEditorIds: [...plan.lineEditorIds, userId] };

export async function approvePlan(ctx: AuthedContext, input: { id: number; version: number }) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'approve');
    assertMayReview(ctx.user, plan);
    await changeStatus(tx, ctx, plan, 'approve', 'approved', { lineEditorIds: [] });
  });
  return null;
}

export async function rejectPlan(ctx: AuthedContext, input: z.output<typeof planReasonRequest>) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'reject');
    assertMayReview(ctx.user, plan);
    await changeStatus(tx, ctx, plan, 'reject', 'rejected', { rejectReason: input.reason, lineEditorIds: [] }, input.reason);
  });
  return null;
}

export async function cancelPlan(ctx: AuthedContext, input: z.output<typeof planCancelRequest>) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'cancel');
    await changeStatus(tx, ctx, plan, 'cancel', 'cancelled', {}, input.reason || null);
  });
  return null;
}

export async function closePlan(ctx: AuthedContext, input: z.output<typeof planReasonRequest>) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'close');
    await changeStatus(tx, ctx, plan, 'close', 'completed', { closeReason: input.reason }, input.reason);
  });
  return null;
}

export async function deletePlan(ctx: AuthedContext, input: { id: number; version: number }) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'delete');
    const deleted = await tx
      .delete(planningTasks)
      .where(and(eq(planningTasks.id, plan.id), eq(planningTasks.version, plan.version)))
      .returning({ id: planningTasks.id });
    if (deleted.length === 0) throw staleVersion();
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'delete',
      recordId: plan.id,
      summary: `删除计划 ${plan.code} ${plan.name}`,
      before: { status: plan.status, code: plan.code, name: plan.name },
    });
  });
  return null;
}

// ---------------------------------------------------------------- create and edit

/** Value → {label, enabled} of a dictionary type. */
export async function dictionaryOf(db: Db, typeCode: string) {
  const rows = await db
    .select({ value: dictItems.value, label: dictItems.label, status: dictItems.status })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(eq(dictTypes.code, typeCode));
  return new Map(rows.map((r) => [r.value, { label: r.label, enabled: r.status === 'enabled' }]));
}

/**
 * Plan type and warehouse must be enabled items of their dictionaries; a value the plan already
 * has stays valid after its item is disabled (old records keep reading it).
 */
async function assertDictionaryValues(tx: Db, input: { planType: string; warehouse: string }, current?: PlanRow) {
  const checks = [
    { code: 'plan_type', field: 'plan_type', value: input.planType, kept: current?.planType, label: '计划类型' },
    { code: 'warehouse', field: 'warehouse', value: input.warehouse, kept: current?.warehouse, label: '仓库' },
  ];
  for (const check of checks) {
    if (check.value === check.kept) continue;
    const item = (await dictionaryOf(tx, check.code)).get(check.value);
    if (!item) throw fieldError(check.field, `${check.label}无效`);
    if (!item.enabled) throw fieldError(check.field, `${check.label}已停用`);
  }
}

/** A plan's owner must be an enabled user whose role opens the plan list (a plan keeps the owner it has). */
const assertOwner = (tx: Db, ownerId: number, keepId?: number) =>
  assertAssignable(tx, ownerId, { field: 'owner_id', label: '负责人', codes: PLAN_OWNER_PERMISSION_CODES, keepId });

/**
 * Checks the lines' commodities (exist, enabled unless the line already had it, not twice in one
 * plan) and fills each missing budget price with the commodity's reference price.
 */
async function resolveLines(tx: Db, lines: LineInput[], keptCommodityIds: ReadonlySet<number> = new Set()) {
  const ids = [...new Set(lines.map((l) => l.commodityId))];
  const found = ids.length
    ? await tx
        .select({ id: commodities.id, status: commodities.status, referencePriceFen: commodities.referencePriceFen })
        .from(commodities)
        .where(inArray(commodities.id, ids))
    : [];
  const byId = new Map(found.map((c) => [c.id, c]));
  const seen = new Set<number>();
  return lines.map((line, index) => {
    const field = `lines.${index}.commodity_id`;
    const commodity = byId.get(line.commodityId);
    if (!commodity) throw fieldError(field, `第${index + 1}行：商品不存在`);
    if (commodity.status !== 'enabled' && !keptCommodityIds.has(line.commodityId)) {
      throw fieldError(field, `第${index + 1}行：商品已停用`);
    }
    if (seen.has(line.commodityId)) throw fieldError(field, `第${index + 1}行：商品重复`);
    seen.add(line.commodityId);
    return { ...line, budgetUnitPriceFen: line.budgetUnitPriceFen ?? commodity.referencePriceFen };
  });
}

/** Recomputes the plan's line totals from its lines (same transaction as the change). */
export async function refreshPlanTotals(tx: Db, planId: number) {
  await tx
    .update(planningTasks)
    .set({
      lineCount: sql`(select count(*) from ${planningTaskLines} where ${planningTaskLines.planId} = ${planId})`,
      plannedQuantity: sql`(select coalesce(sum(${planningTaskLines.quantity}), 0) from ${planningTaskLines} where ${planningTaskLines.planId} = ${planId})`,
      awardedQuantity: sql`(select coalesce(sum(least(${planningTaskLines.awardedQuantity}, ${planningTaskLines.quantity})), 0) from ${planningTaskLines} where ${planningTaskLines.planId} = ${planId})`,
      budgetTotalFen: sql`(select coalesce(sum(${planningTaskLines.quantity}::bigint * ${planningTaskLines.budgetUnitPriceFen}), 0) from ${planningTaskLines} where ${planningTaskLines.planId} = ${planId})`,
    })
    .where(eq(planningTasks.id, planId));
}

function headerValues(input: CreateInput) {
  return {
    name: input.name,
    planType: input.planType,
    warehouse: input.warehouse,
    periodStart: input.periodStart ?? null,
    periodEnd: input.periodEnd ?? null,
    requiredBy: input.requiredBy ?? null,
    remark: input.remark || null,
  };
}

const lineValues = (planId: number, line: LineInput & { budgetUnitPriceFen: number }, sort: number) => ({
  planId,
  commodityId: line.commodityId,
  quantity: line.quantity,
  budgetUnitPriceFen: line.budgetUnitPriceFen,
  requiredBy: line.requiredBy ?? null,
  remark: line.remark || null,
  sort,
});

export async function createPlan(ctx: AuthedContext, input: CreateInput) {
  return ctx.db.transaction(async (tx) => {
    const ownerId = input.ownerId ?? ctx.user.id;
    await assertOwner(tx, ownerId);
    await assertDictionaryValues(tx, input);
    const lines = await resolveLines(tx, input.lines);
    const code = await nextCode(tx, 'JH', ctx.now());
    const [plan] = await tx
      .insert(planningTasks)
      .values({ code, ...headerValues(input), ownerId, createdBy: ctx.user.id, updatedBy: ctx.user.id })
      .returning({ id: planningTasks.id });
    if (lines.length > 0) await tx.insert(planningTaskLines).values(lines.map((l, i) => lineValues(plan.id, l, i + 1)));
    await refreshPlanTotals(tx, plan.id);
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'create',
      recordId: plan.id,
      summary: `新建计划 ${code} ${input.name}`,
      after: { status: 'draft', ...headerValues(input), ownerId, lineCount: lines.length },
    });
    return { id: plan.id, code };
  });
}

export async function updatePlan(ctx: AuthedContext, input: UpdateInput) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'edit');
    const ownerId = input.ownerId ?? plan.ownerId;
    await assertOwner(tx, ownerId, plan.ownerId);
    await assertDictionaryValues(tx, input, plan);
    const existing = await tx.select().from(planningTaskLines).where(eq(planningTaskLines.planId, plan.id));
    const existingIds = new Set(existing.map((l) => l.id));
    input.lines.forEach((line, index) => {
      if (line.id && !existingIds.has(line.id)) throw fieldError(`lines.${index}.id`, `第${index + 1}行：明细不属于该计划`);
    });
    const lines = await resolveLines(tx, input.lines, new Set(existing.map((l) => l.commodityId)));
    const keptIds = lines.flatMap((l) => (l.id ? [l.id] : []));
    const removed = [...existingIds].filter((id) => !keptIds.includes(id));
    const linesChanged = removed.length > 0 || lines.some((line, index) => !sameLine(existing, lineValues(plan.id, line, index + 1), line.id));
    await updateVersioned(
      tx,
      planningTasks,
      plan.id,
      plan.version,
      { ...headerValues(input), ownerId, updatedBy: ctx.user.id, ...(linesChanged ? withLineEditor(plan, ctx.user.id) : {}) },
      eq(planningTasks.status, plan.status),
    );
    if (removed.length > 0) await tx.delete(planningTaskLines).where(inArray(planningTaskLines.id, removed));
    for (const [index, line] of lines.entries()) {
      const values = lineValues(plan.id, line, index + 1);
      if (line.id) await tx.update(planningTaskLines).set(values).where(eq(planningTaskLines.id, line.id));
    }
    const added = lines.flatMap((line, index) => (line.id ? [] : [lineValues(plan.id, line, index + 1)]));
    if (added.length > 0) await tx.insert(planningTaskLines).values(added);
    await refreshPlanTotals(tx, plan.id);
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'update',
      recordId: plan.id,
      summary: `编辑计划 ${plan.code}`,
      before: { ...headerValues({ ...plan, lines: [] } as unknown as CreateInput), ownerId: plan.ownerId, lineCount: plan.lineCount },
      after: { ...headerValues(input), ownerId, lineCount: lines.length },
    });
  });
  return null;
}

/** True when the stored line `id` already holds these values (a new line never does). */
function sameLine(existing: (typeof planningTaskLines.$inferSelect)[], values: ReturnType<typeof lineValues>, id: number | undefined) {
  const stored = existing.find((l) => l.id === id);
  return (
    stored !== undefined &&
    stored.commodityId === values.commodityId &&
    stored.quantity === values.quantity &&
    stored.budgetUnitPriceFen === values.budgetUnitPriceFen &&
    (stored.requiredBy ?? null) === values.requiredBy &&
    (stored.remark ?? null) === values.remark &&
    stored.sort === values.sort
  );
}

/** Appends already validated lines to an editable plan (the Excel import). */
export async function appendPlanLines(
  tx: Db,
  actor: Actor,
  userId: number,
  plan: PlanRow,
  lines: (LineInput & { budgetUnitPriceFen: number })[],
  fileName: string | undefined,
) {
  const [{ maxSort }] = await tx
    .select({ maxSort: sql<number>`coalesce(max(${planningTaskLines.sort}), 0)::int` })
    .from(planningTaskLines)
    .where(eq(planningTaskLines.planId, plan.id));
  await updateVersioned(
    tx,
    planningTasks,
    plan.id,
    plan.version,
    { updatedBy: userId, ...(lines.length > 0 ? withLineEditor(plan, userId) : {}) },
    eq(planningTasks.status, plan.status),
  );
  if (lines.length > 0) {
    await tx.insert(planningTaskLines).values(lines.map((l, i) => lineValues(plan.id, l, maxSort + i + 1)));
  }
  await refreshPlanTotals(tx, plan.id);
  await writeAudit(tx, actor, {
    module: MODULE,
    action: 'import',
    recordId: plan.id,
    summary: `从Excel导入${lines.length}条明细${fileName ? `（${fileName}）` : ''}`,
    after: { imported: lines.length },
  });
}

export interface PlanLineAward {
  planLineId: number;
  /** Bought quantity. */
  quantity: number;
  /** 定标货值 of the line. */
  goodsFen: number;
}

/**
 * The hook procurement's award calls inside its own transaction: adds the bought quantities to the
 * plan lines, records on each touched plan which task awarded how much (the awarding user becomes
 * its last updater), and completes a plan whose lines have all reached their planned quantity
 * (over-award is kept and shown).
 */
export async function recordPlanAwards(tx: Db, actor: Actor, taskCode: string, awards: PlanLineAward[]) {
  const positive = awards.filter((a) => a.quantity > 0);
  if (positive.length === 0) return;
  const byPlan = new Map<number, { quantity: number; goodsFen: number }>();
  for (const award of positive) {
    const [line] = await tx
      .update(planningTaskLines)
      .set({ awardedQuantity: sql`${planningTaskLines.awardedQuantity} + ${award.quantity}` })
      .where(eq(planningTaskLines.id, award.planLineId))
      .returning({ planId: planningTaskLines.planId });
    if (!line) continue;
    const sum = byPlan.get(line.planId) ?? { quantity: 0, goodsFen: 0 };
    byPlan.set(line.planId, { quantity: sum.quantity + award.quantity, goodsFen: sum.goodsFen + award.goodsFen });
  }
  for (const [planId, added] of byPlan) {
    await refreshPlanTotals(tx, planId);
    const [plan] = await tx.select().from(planningTasks).where(eq(planningTasks.id, planId));
    const [{ open }] = await tx
      .select({ open: sql<number>`count(*)::int` })
      .from(planningTaskLines)
      .where(and(eq(planningTaskLines.planId, planId), sql`${planningTaskLines.awardedQuantity} < ${planningTaskLines.quantity}`));
    const done = plan.status === 'in_procurement' && open === 0;
    await tx
      .update(planningTasks)
      .set({
        version: sql`${planningTasks.version} + 1`,
        updatedAt: sql`now()`,
        ...(actor.userId != null ? { updatedBy: actor.userId } : {}),
        ...(done ? { status: 'completed' as const } : {}),
      })
      .where(eq(planningTasks.id, planId));
    await writeAudit(tx, actor, {
      module: MODULE,
      action: 'award',
      recordId: planId,
      summary: `${plan.code} 定标回写：${taskCode} 数量 ${added.quantity}，定标货值 ${added.goodsFen} 分`,
      after: { taskCode, ...added },
    });
    if (done) {
      await writeAudit(tx, actor, {
        module: MODULE,
        action: 'complete',
        recordId: planId,
        summary: `${plan.code} 全部明细已定标，计划自动完成`,
        before: { status: plan.status },
        after: { status: 'completed' },
      });
    }
  }
}

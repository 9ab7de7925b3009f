import {
  PLAN_ACTION_FROM,
  PLAN_ACTION_LABELS,
  PLAN_STATUS_LABELS,
  type PlanAction,
  type PlanDetail,
  type PlanStatus,
  type planCancelRequest,
  type planCreateRequest,
  type planGenerateRequest,
  type planListRequest,
  type planReasonRequest,
  type PlanSummary,
  type planUpdateRequest,
} from '@scm/contract';
import { and, asc, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditLogs, backUsers, categories, commodities, dictItems, dictTypes, planningTaskLines, planningTasks } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { nextCode } from '../../lib/codes';
import type { Actor, AuthedContext } from '../../lib/context';
import { iso, likePattern, orderBy, pageOffset, pageResult, updateVersioned } from '../../lib/crud';
import { prepared } from '../../lib/prepared';
import { badRequest, conflict, fieldError, forbidden, notFound, staleVersion } from '../../lib/errors';
import { createDraftTasksForPlan, draftTaskCount, linkedProcurementTasks, planLinesAlreadyLinked } from './procurement-link';

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

function filterWhere(input: Filter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    input.keyword ? ilike(planningTasks.searchText, likePattern(input.keyword)) : undefined,
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
  const where = filterWhere(input);
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
export async function* plansForExport(db: Db, input: Filter, batchSize = 1000) {
  const where = filterWhere(input);
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
  const [row] = await planQuery(ctx.db).execute({ id });
  if (!row) throw notFound('计划任务不存在');
  const [lines, procurementTasks, timeline] = await Promise.all([
    planLines(ctx.db, id),
    linkedProcurementTasks(ctx.db, id),
    planTimeline(ctx.db, id),
  ]);
  return {
    ...summaryOf(row.plan, row.owner),
    remark: row.plan.remark,
    rejectReason: row.plan.rejectReason,
    closeReason: row.plan.closeReason,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: iso(row.plan.createdAt) ?? '',
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

async function planLines(db: Db, planId: number) {
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

const TIMELINE_LABELS: Record<string, string> = {
  create: '创建',
  update: '编辑',
  import: '导入明细',
  submit: '提交',
  approve: '审核通过',
  reject: '驳回',
  cancel: '作废',
  generate: '生成采购任务',
  award: '定标回写',
  complete: '全部定标，自动完成',
  close: '手动关闭',
};

interface StatusChange {
  status?: PlanStatus;
  reason?: string | null;
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
      label: TIMELINE_LABELS[row.action] ?? row.action,
      userName: row.userName,
      at: iso(row.createdAt) ?? '',
      fromStatus: before.status ?? null,
      toStatus: after.status ?? null,
      reason: after.reason ?? null,
    };
  });
}

// ---------------------------------------------------------------- status machine

/**
 * Reads the plan for a change and checks the status machine and the version the caller read.
 * The update that follows repeats both conditions in its WHERE, so two concurrent changes
 * cannot both pass.
 */
export async function planForAction(tx: Db, id: number, version: number, action: PlanAction): Promise<PlanRow> {
  const [plan] = await tx.select().from(planningTasks).where(eq(planningTasks.id, id));
  if (!plan) throw notFound('计划任务不存在');
  const allowed = PLAN_ACTION_FROM[action] as readonly PlanStatus[];
  if (!allowed.includes(plan.status)) {
    throw conflict(`计划当前状态为「${PLAN_STATUS_LABELS[plan.status]}」，不能${PLAN_ACTION_LABELS[action]}`);
  }
  if (plan.version !== version) throw staleVersion();
  return plan;
}

async function changeStatus(
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
    const plan = await planForAction(tx, input.id, input.version, 'submit');
    if (plan.lineCount === 0) throw badRequest('计划至少需要一条明细才能提交');
    if (!plan.periodStart || !plan.periodEnd) throw fieldError('period_start', '请先填写计划周期再提交');
    await changeStatus(tx, ctx, plan, 'submit', 'submitted', { submittedBy: ctx.user.id, rejectReason: null });
  });
  return null;
}

/** Four-eyes: whoever owns or submitted a plan cannot also approve or reject it. */
function assertNotOwnPlan(ctx: AuthedContext, plan: PlanRow) {
  if (plan.ownerId === ctx.user.id || plan.submittedBy === ctx.user.id) {
    throw forbidden('不能审核自己负责或提交的计划');
  }
}

export async function approvePlan(ctx: AuthedContext, input: { id: number; version: number }) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, input.id, input.version, 'approve');
    assertNotOwnPlan(ctx, plan);
    await changeStatus(tx, ctx, plan, 'approve', 'approved');
  });
  return null;
}

export async function rejectPlan(ctx: AuthedContext, input: z.output<typeof planReasonRequest>) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, input.id, input.version, 'reject');
    assertNotOwnPlan(ctx, plan);
    await changeStatus(tx, ctx, plan, 'reject', 'rejected', { rejectReason: input.reason }, input.reason);
  });
  return null;
}

export async function cancelPlan(ctx: AuthedContext, input: z.output<typeof planCancelRequest>) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, input.id, input.version, 'cancel');
    await changeStatus(tx, ctx, plan, 'cancel', 'cancelled', {}, input.reason || null);
  });
  return null;
}

export async function closePlan(ctx: AuthedContext, input: z.output<typeof planReasonRequest>) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, input.id, input.version, 'close');
    await changeStatus(tx, ctx, plan, 'close', 'completed', { closeReason: input.reason }, input.reason);
  });
  return null;
}

export async function deletePlan(ctx: AuthedContext, input: { id: number; version: number }) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, input.id, input.version, 'delete');
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

async function assertOwner(tx: Db, ownerId: number) {
  const [owner] = await tx.select({ status: backUsers.status }).from(backUsers).where(eq(backUsers.id, ownerId));
  if (!owner) throw fieldError('owner_id', '负责人不存在');
  if (owner.status !== 'enabled') throw fieldError('owner_id', '负责人已停用');
}

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
    const plan = await planForAction(tx, input.id, input.version, 'edit');
    const ownerId = input.ownerId ?? plan.ownerId;
    if (ownerId !== plan.ownerId) await assertOwner(tx, ownerId);
    await assertDictionaryValues(tx, input, plan);
    const existing = await tx
      .select({ id: planningTaskLines.id, commodityId: planningTaskLines.commodityId })
      .from(planningTaskLines)
      .where(eq(planningTaskLines.planId, plan.id));
    const existingIds = new Set(existing.map((l) => l.id));
    input.lines.forEach((line, index) => {
      if (line.id && !existingIds.has(line.id)) throw fieldError(`lines.${index}.id`, `第${index + 1}行：明细不属于该计划`);
    });
    const lines = await resolveLines(tx, input.lines, new Set(existing.map((l) => l.commodityId)));
    await updateVersioned(
      tx,
      planningTasks,
      plan.id,
      plan.version,
      { ...headerValues(input), ownerId, updatedBy: ctx.user.id },
      eq(planningTasks.status, plan.status),
    );
    const keptIds = lines.flatMap((l) => (l.id ? [l.id] : []));
    const removed = [...existingIds].filter((id) => !keptIds.includes(id));
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
  await updateVersioned(tx, planningTasks, plan.id, plan.version, { updatedBy: userId }, eq(planningTasks.status, plan.status));
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

// ---------------------------------------------------------------- procurement

export async function generateProcurementTasks(ctx: AuthedContext, input: z.output<typeof planGenerateRequest>) {
  return ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, input.id, input.version, 'generate');
    if (await planLinesAlreadyLinked(tx, plan.id)) throw conflict('该计划的明细已生成过采购任务，不能重复生成');
    const lines = await planLines(tx, plan.id);
    if (lines.length === 0) throw badRequest('计划没有明细，无法生成采购任务');
    const groups =
      input.mode === 'plan'
        ? [{ name: plan.name, lines }]
        : [...groupBy(lines, (l) => l.categoryId ?? 0).values()].map((group) => ({
            name: `${plan.name}-${group[0].categoryName ?? '未分类'}`,
            lines: group,
          }));
    // The plan is 采购中 first: that is the status a task's source plan must have.
    const reason = `${input.mode === 'plan' ? '整单' : '按分类'}生成${draftTaskCount(groups)}个采购任务`;
    await changeStatus(tx, ctx, plan, 'generate', 'in_procurement', {}, reason);
    const taskIds = await createDraftTasksForPlan(tx, ctx, plan, groups);
    return { taskIds };
  });
}

export interface PlanLineAward {
  planLineId: number;
  quantity: number;
}

/**
 * The hook procurement's award calls inside its own transaction: adds the awarded quantities to
 * the plan lines and completes every touched plan whose lines have all reached their planned
 * quantity (over-award is kept and shown).
 */
export async function recordPlanAwards(tx: Db, actor: Actor, awards: PlanLineAward[]) {
  const positive = awards.filter((a) => a.quantity > 0);
  if (positive.length === 0) return;
  const planIds = new Set<number>();
  for (const award of positive) {
    const [line] = await tx
      .update(planningTaskLines)
      .set({ awardedQuantity: sql`${planningTaskLines.awardedQuantity} + ${award.quantity}` })
      .where(eq(planningTaskLines.id, award.planLineId))
      .returning({ planId: planningTaskLines.planId });
    if (line) planIds.add(line.planId);
  }
  for (const planId of planIds) {
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
        ...(done ? { status: 'completed' as const } : {}),
      })
      .where(eq(planningTasks.id, planId));
    await writeAudit(tx, actor, {
      module: MODULE,
      action: done ? 'complete' : 'award',
      recordId: planId,
      summary: done ? `${plan.code} 全部明细已定标，计划自动完成` : `${plan.code} 定标数量回写`,
      before: done ? { status: plan.status } : undefined,
      after: done ? { status: 'completed' } : { awardedQuantity: plan.awardedQuantity },
    });
  }
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

import { LINE_AMOUNT_MESSAGE, lineAmountTooLarge, PLAN_OWNER_PERMISSION_CODES, type planCreateRequest, planUpdateRequest } from '@scm/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { commodities, planningTaskLines, planningTasks } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { nextCode } from '../../lib/records/codes';
import type { Actor, AuthedContext } from '../../lib/http/context';
import { updateVersioned } from '../../lib/records/versioned-update';
import { withCurrentValues } from '../../lib/records/unchanged-fields';
import { fieldError, staleVersion } from '../../lib/http/errors';
import { assertAssignable } from '../back-user/assignable';
import { progressQuantitySql } from './progress';
import { dictionaryOf } from './queries';
import { planForAction } from './status';

const MODULE = 'planning_task';

type PlanRow = typeof planningTasks.$inferSelect;
type CreateInput = z.output<typeof planCreateRequest>;
type UpdateInput = z.output<typeof planUpdateRequest>;
type LineInput = CreateInput['lines'][number];

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
    const budgetUnitPriceFen = line.budgetUnitPriceFen ?? commodity.referencePriceFen;
    // The reference price stands in for a price left out: the bound the contract puts on a given one.
    if (lineAmountTooLarge(line.quantity, budgetUnitPriceFen)) throw fieldError(`lines.${index}.quantity`, LINE_AMOUNT_MESSAGE);
    return { ...line, budgetUnitPriceFen };
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
      progressQuantity: sql`(select coalesce(sum(least(${progressQuantitySql}, ${planningTaskLines.quantity})), 0) from ${planningTaskLines} where ${planningTaskLines.planId} = ${planId})`,
    })
    .where(eq(planningTasks.id, planId));
}

function headerValues(input: Omit<CreateInput, 'lines'>) {
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

/** Adds the user to the plan's line editors (once), in the same update that changes the lines. */
const withLineEditor = (plan: PlanRow, userId: number) =>
  plan.lineEditorIds.includes(userId) ? {} : { lineEditorIds: [...plan.lineEditorIds, userId] };

/** Adds a new owner to the round's owners: whoever held the plan in this round stays out of its review. */
const withRoundOwner = (plan: PlanRow, ownerId: number) =>
  plan.roundOwnerIds.includes(ownerId) && plan.roundOwnerIds.includes(plan.ownerId)
    ? {}
    : { roundOwnerIds: [...new Set([...plan.roundOwnerIds, plan.ownerId, ownerId])] };

export async function createPlan(ctx: AuthedContext, input: CreateInput) {
  return ctx.db.transaction(async (tx) => {
    const ownerId = input.ownerId ?? ctx.user.id;
    await assertOwner(tx, ownerId);
    await assertDictionaryValues(tx, input);
    const lines = await resolveLines(tx, input.lines);
    const code = await nextCode(tx, 'JH', ctx.now());
    const [plan] = await tx
      .insert(planningTasks)
      .values({ code, ...headerValues(input), ownerId, roundOwnerIds: [ownerId], createdBy: ctx.user.id, updatedBy: ctx.user.id })
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
    const merged = withCurrentValues(planUpdateRequest, input, plan);
    if (merged.periodStart && merged.periodEnd && merged.periodStart > merged.periodEnd) {
      throw fieldError('period_end', '计划结束日期不能早于开始日期');
    }
    const ownerId = merged.ownerId;
    await assertOwner(tx, ownerId, plan.ownerId);
    await assertDictionaryValues(tx, merged, plan);
    const existing = await tx.select().from(planningTaskLines).where(eq(planningTaskLines.planId, plan.id));
    const existingIds = new Set(existing.map((l) => l.id));
    // Lines left out of the body stay as they are.
    const sent = input.lines ?? [];
    sent.forEach((line, index) => {
      if (line.id && !existingIds.has(line.id)) throw fieldError(`lines.${index}.id`, `第${index + 1}行：明细不属于该计划`);
    });
    const lines = input.lines ? await resolveLines(tx, sent, new Set(existing.map((l) => l.commodityId))) : [];
    const keptIds = lines.flatMap((l) => (l.id ? [l.id] : []));
    const removed = input.lines ? [...existingIds].filter((id) => !keptIds.includes(id)) : [];
    const linesChanged = removed.length > 0 || lines.some((line, index) => !sameLine(existing, lineValues(plan.id, line, index + 1), line.id));
    await updateVersioned(
      tx,
      planningTasks,
      plan.id,
      plan.version,
      {
        ...headerValues(merged),
        ownerId,
        updatedBy: ctx.user.id,
        ...withRoundOwner(plan, ownerId),
        ...(linesChanged ? withLineEditor(plan, ctx.user.id) : {}),
      },
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
      after: { ...headerValues(merged), ownerId, lineCount: input.lines ? lines.length : existing.length },
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

import type { PlanStatus } from '@scm/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commodities, planningTaskLines, planningTasks, procurementTaskLines, procurementTasks } from '../../db/schema';
import type { Actor, AuthedContext, AuthUser } from '../../lib/http/context';
import { fieldError } from '../../lib/http/errors';
import { planScope } from '../../lib/access/data-scope';
import { loadPlanForUser } from '../planning/scope';
import { recordPlanAwards } from '../planning/award-writeback';
import { startPlanProcurement } from '../planning/status';

export interface AwardedPlanLine {
  planLineId: number;
  taskLineId: number;
  /** The bought quantity this award adds to the plan line (a task line is awarded once). */
  quantity: number;
  /** 定标货值 of the line: unit price × bought quantity. */
  goodsFen: number;
}

/**
 * Called inside the award transaction with the awarded lines that came from a plan: the plan lines
 * get the bought quantities, and a plan whose lines are all reached completes by itself.
 */
export async function onLinesAwarded(tx: Db, actor: Actor, taskCode: string, awards: AwardedPlanLine[]): Promise<void> {
  await recordPlanAwards(
    tx,
    actor,
    taskCode,
    awards.map((a) => ({ planLineId: a.planLineId, quantity: a.quantity, goodsFen: a.goodsFen })),
  );
}

/** Plans a buyer may start a task from: approved ones (the hand-off from planning) and those in procurement. */
export const SOURCE_PLAN_STATUSES: PlanStatus[] = ['approved', 'in_procurement'];

/** A task newly linked to an approved plan puts that plan in procurement, in the task's transaction. */
export async function startLinkedPlan(tx: Db, ctx: AuthedContext, planId: number | null | undefined, keepPlanId?: number | null) {
  if (planId != null && planId !== keepPlanId) await startPlanProcurement(tx, ctx, planId);
}

interface LinkedLine {
  commodityId: number;
  planLineId?: number | null;
}

/**
 * A new source plan must be 已审核 or 采购中 (a task keeps the plan it already has whatever that
 * plan's status now), and a line naming a plan line must name one of that plan's lines for the same
 * commodity: the award writes its quantity back there.
 */
export async function assertPlanLink(tx: Db, user: AuthUser, planId: number | null | undefined, lines: LinkedLine[], keepPlanId?: number | null) {
  const linked = lines.flatMap((line, index) => (line.planLineId == null ? [] : [{ ...line, planLineId: line.planLineId, index }]));
  if (planId == null) {
    if (linked.length > 0) throw fieldError('plan_id', '明细关联了计划明细，请选择来源计划');
    return;
  }
  // A plan outside the user's data scope is as unknown as a missing one (a task keeps the plan it has).
  const [plan] = await tx
    .select({ status: planningTasks.status })
    .from(planningTasks)
    .where(and(eq(planningTasks.id, planId), planId === keepPlanId ? undefined : planScope(user)));
  if (!plan) throw fieldError('plan_id', '来源计划不存在');
  if (!SOURCE_PLAN_STATUSES.includes(plan.status) && planId !== keepPlanId) throw fieldError('plan_id', '只能选择已审核或采购中的计划作为来源计划');
  if (linked.length === 0) return;
  const found = await tx
    .select({ id: planningTaskLines.id, commodityId: planningTaskLines.commodityId })
    .from(planningTaskLines)
    .where(
      and(
        eq(planningTaskLines.planId, planId),
        inArray(
          planningTaskLines.id,
          linked.map((l) => l.planLineId),
        ),
      ),
    );
  const commodityOf = new Map(found.map((l) => [l.id, l.commodityId]));
  for (const line of linked) {
    const commodityId = commodityOf.get(line.planLineId);
    if (commodityId == null) throw fieldError(`lines.${line.index}.plan_line_id`, `第${line.index + 1}行的计划明细不属于来源计划`);
    if (commodityId !== line.commodityId) throw fieldError(`lines.${line.index}.commodity_id`, `第${line.index + 1}行商品与计划明细不一致`);
  }
}

/**
 * The plan's lines with what is still to procure: the planned quantity less what the plan's other
 * tasks (not cancelled) already cover; lines fully covered are left out.
 */
export async function openPlanLines(db: Db, user: AuthUser, planId: number, exceptTaskId?: number) {
  await loadPlanForUser(db, user, planId);
  const covered = db
    .select({
      planLineId: procurementTaskLines.planLineId,
      quantity: sql<number>`sum(${procurementTaskLines.quantity})::int`.as('covered_quantity'),
    })
    .from(procurementTaskLines)
    .innerJoin(procurementTasks, eq(procurementTasks.id, procurementTaskLines.taskId))
    .where(
      and(
        eq(procurementTasks.planId, planId),
        ne(procurementTasks.status, 'cancelled'),
        exceptTaskId ? ne(procurementTasks.id, exceptTaskId) : undefined,
      ),
    )
    .groupBy(procurementTaskLines.planLineId)
    .as('covered');
  const rows = await db
    .select({
      planLineId: planningTaskLines.id,
      commodityId: planningTaskLines.commodityId,
      skuCode: commodities.skuCode,
      commodityName: commodities.name,
      plannedQuantity: planningTaskLines.quantity,
      openQuantity: sql<number>`(${planningTaskLines.quantity} - coalesce(${covered.quantity}, 0))::int`,
      budgetUnitPriceFen: planningTaskLines.budgetUnitPriceFen,
    })
    .from(planningTaskLines)
    .innerJoin(commodities, eq(commodities.id, planningTaskLines.commodityId))
    .leftJoin(covered, eq(covered.planLineId, planningTaskLines.id))
    .where(eq(planningTaskLines.planId, planId))
    .orderBy(planningTaskLines.sort, planningTaskLines.id);
  return rows.filter((r) => r.openQuantity > 0);
}

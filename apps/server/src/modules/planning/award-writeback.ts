import { fenToYuan, PLAN_TRANSITIONS, planActionAllowed } from '@scm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planningTaskLines, planningTasks } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { Actor } from '../../lib/http/context';
import { incompleteLine } from './progress';
import { refreshPlanTotals } from './service';

const MODULE = 'planning_task';

export interface PlanLineAward {
  planLineId: number;
  /** Bought quantity. */
  quantity: number;
  /** 定标货值 of the line. */
  goodsFen: number;
}

export interface PlanLineQuantity {
  planLineId: number;
  quantity: number;
}

type Column = 'awardedQuantity' | 'orderedQuantity' | 'receivedQuantity';

/** Adds quantities to one column of the plan lines; answers the plans touched with what each got. */
async function addToLines(tx: Db, column: Column, rows: (PlanLineQuantity & { goodsFen?: number })[]) {
  const byPlan = new Map<number, { quantity: number; goodsFen: number }>();
  // A receipt adds; a reversal or a shipped return (a receipt's negative) takes away.
  for (const row of rows.filter((r) => r.quantity !== 0)) {
    const [line] = await tx
      .update(planningTaskLines)
      .set({ [column]: sql`${planningTaskLines[column]} + ${row.quantity}` })
      .where(eq(planningTaskLines.id, row.planLineId))
      .returning({ planId: planningTaskLines.planId });
    if (!line) continue;
    const sum = byPlan.get(line.planId) ?? { quantity: 0, goodsFen: 0 };
    byPlan.set(line.planId, { quantity: sum.quantity + row.quantity, goodsFen: sum.goodsFen + (row.goodsFen ?? 0) });
  }
  return byPlan;
}

/**
 * Refreshes the plan's totals and bumps its version (the writing user becomes its last updater),
 * writes the cause's audit row, and completes a plan 采购中 whose lines are all complete (moved as 关闭
 * moves it). A plan completed that way (no close reason) whose received quantity then drops (a
 * reversal, a shipped return) goes back to 采购中, the way 关闭 came.
 */
async function settlePlan(tx: Db, actor: Actor, planId: number, recordCause: (plan: typeof planningTasks.$inferSelect) => Promise<void>) {
  await refreshPlanTotals(tx, planId);
  const [plan] = await tx.select().from(planningTasks).where(eq(planningTasks.id, planId));
  const [{ open }] = await tx
    .select({ open: sql<number>`count(*)::int` })
    .from(planningTaskLines)
    .where(and(eq(planningTaskLines.planId, planId), incompleteLine));
  const done = planActionAllowed('close', plan.status) && open === 0;
  const reopen = plan.status === PLAN_TRANSITIONS.close.to && plan.closeReason == null && open > 0;
  const [back] = PLAN_TRANSITIONS.close.from;
  const to = PLAN_TRANSITIONS.close.to;
  await tx
    .update(planningTasks)
    .set({
      version: sql`${planningTasks.version} + 1`,
      updatedAt: sql`now()`,
      ...(actor.userId != null ? { updatedBy: actor.userId } : {}),
      ...(done ? { status: to } : {}),
      ...(reopen ? { status: back } : {}),
    })
    .where(eq(planningTasks.id, planId));
  await recordCause(plan);
  if (reopen) {
    await writeAudit(tx, actor, {
      module: MODULE,
      action: 'reopen',
      recordId: planId,
      summary: `${plan.code} 到货数量冲减，计划回到采购中`,
      before: { status: plan.status },
      after: { status: back },
    });
  }
  if (done) {
    await writeAudit(tx, actor, {
      module: MODULE,
      action: 'complete',
      recordId: planId,
      summary: `${plan.code} 全部明细已完成，计划自动完成`,
      before: { status: plan.status },
      after: { status: to },
    });
  }
}

/**
 * The hook procurement's award calls inside its own transaction: adds the bought quantities to the
 * plan lines and records on each touched plan which task awarded how much. A line whose award made
 * purchase orders (recordPlanOrders, called first) progresses by receipts from then on, so the award
 * alone completes only lines without orders (over-award is kept and shown).
 */
export async function recordPlanAwards(tx: Db, actor: Actor, taskCode: string, awards: PlanLineAward[]) {
  const byPlan = await addToLines(tx, 'awardedQuantity', awards);
  for (const [planId, { quantity, goodsFen }] of byPlan) {
    await settlePlan(tx, actor, planId, (plan) =>
      writeAudit(tx, actor, {
        module: MODULE,
        action: 'award',
        recordId: planId,
        summary: `${plan.code} 定标回写：${taskCode} 数量 ${quantity.toLocaleString('zh-CN')}，定标货值 ¥${fenToYuan(goodsFen, true)}`,
        after: { taskCode, quantity, goodsFen },
      }),
    );
  }
}

/** The quantities put on purchase orders for plan lines (in the award's transaction, before recordPlanAwards). */
export async function recordPlanOrders(tx: Db, lines: PlanLineQuantity[]) {
  await addToLines(tx, 'orderedQuantity', lines);
}

/**
 * The hook the order's net ledger calls inside a movement's transaction: adds the change of net
 * received quantity to the plan lines (negative for a reversal or a shipped return), records it on
 * each touched plan, and completes a plan whose lines have all been received (or re-opens one).
 */
export async function recordPlanReceipts(tx: Db, actor: Actor, orderCode: string, lines: PlanLineQuantity[]) {
  const byPlan = await addToLines(tx, 'receivedQuantity', lines);
  for (const [planId, added] of byPlan) {
    await settlePlan(tx, actor, planId, (plan) =>
      writeAudit(tx, actor, {
        module: MODULE,
        action: 'receive',
        recordId: planId,
        summary: `${plan.code} 到货回写：${orderCode} 收货数量 ${added.quantity.toLocaleString('zh-CN')}`,
        after: { orderCode, quantity: added.quantity },
      }),
    );
  }
}

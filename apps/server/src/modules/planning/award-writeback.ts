import { fenToYuan } from '@scm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planningTaskLines, planningTasks } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { Actor } from '../../lib/context';
import { refreshPlanTotals } from './service';

const MODULE = 'planning_task';

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
      summary: `${plan.code} 定标回写：${taskCode} 数量 ${added.quantity.toLocaleString('zh-CN')}，定标货值 ¥${fenToYuan(added.goodsFen, true)}`,
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

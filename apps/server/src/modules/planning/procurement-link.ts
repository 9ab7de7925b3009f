import type { PlannedTask } from '@scm/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planningTaskLines, type planningTasks, procurementTaskLines, procurementTasks } from '../../db/schema';
import type { AuthedContext, AuthUser } from '../../lib/context';
import { taskScope } from '../procurement-task/scope';
import { createTask } from '../procurement-task/service';

type PlanRow = typeof planningTasks.$inferSelect;

/** Buyers get a week to collect quotes on a generated draft; they adjust it before publishing. */
const QUOTE_WINDOW_MS = 7 * 24 * 3600_000;

/** Delivery region (GB/T 2260 district) of each warehouse of the `warehouse` dictionary. */
const WAREHOUSE_REGIONS: Record<string, string> = {
  sh_jiading: '310114',
  gz_baiyun: '440111',
  bj_daxing: '110115',
  cd_shuangliu: '510116',
  wh_dongxihu: '420112',
};
const DEFAULT_REGION = '310000';

/** The procurement tasks created from a plan's lines that the user may see (for the detail page). */
export async function linkedProcurementTasks(db: Db, user: AuthUser, planId: number) {
  return db
    .select({
      id: procurementTasks.id,
      code: procurementTasks.code,
      name: procurementTasks.name,
      status: procurementTasks.status,
      lineCount: sql<number>`(select count(*)::int from procurement_task_lines l where l.task_id = ${procurementTasks}.id)`,
    })
    .from(procurementTasks)
    .where(and(eq(procurementTasks.planId, planId), taskScope(user)))
    .orderBy(procurementTasks.id);
}

/** True when some line of the plan already has a procurement task line in a task that is not cancelled. */
export async function planLinesAlreadyLinked(tx: Db, planId: number) {
  const [row] = await tx
    .select({ id: procurementTaskLines.id })
    .from(procurementTaskLines)
    .innerJoin(planningTaskLines, eq(planningTaskLines.id, procurementTaskLines.planLineId))
    .innerJoin(procurementTasks, eq(procurementTasks.id, procurementTaskLines.taskId))
    .where(and(eq(planningTaskLines.planId, planId), isNotNull(procurementTaskLines.planLineId), sql`${procurementTasks.status} <> 'cancelled'`))
    .limit(1);
  return Boolean(row);
}

/** 定标货值 the plan's lines have received: Σ awarded unit price × bought quantity over its awarded task lines. */
export async function planAwardedGoodsFen(db: Db, planId: number): Promise<number> {
  const [row] = await db
    .select({
      goods: sql<string>`coalesce(sum(coalesce(${procurementTaskLines.awardedQuantity}, ${procurementTaskLines.quantity})::bigint * ${procurementTaskLines.awardedUnitPriceFen}), 0)`,
    })
    .from(procurementTaskLines)
    .innerJoin(planningTaskLines, eq(planningTaskLines.id, procurementTaskLines.planLineId))
    .where(and(eq(planningTaskLines.planId, planId), isNotNull(procurementTaskLines.awardedSupplierId)));
  return Number(row?.goods ?? 0);
}

type PlanTaskLine = { id: number; commodityId: number; quantity: number; budgetUnitPriceFen: number; remark: string | null };

/**
 * Creates the planned draft procurement tasks through the procurement service, inside the
 * caller's transaction, each line linked to its plan line.
 */
export async function createDraftTasksForPlan(
  tx: Db,
  ctx: AuthedContext,
  plan: PlanRow,
  buyerId: number,
  tasks: PlannedTask<PlanTaskLine>[],
): Promise<number[]> {
  const inTransaction = { ...ctx, db: tx };
  const quoteDeadline = new Date(ctx.now().getTime() + QUOTE_WINDOW_MS).toISOString();
  const ids: number[] = [];
  for (const task of tasks) {
    const { id } = await createTask(inTransaction, {
      name: task.name,
      planId: plan.id,
      buyerId,
      quoteDeadline,
      deliveryRegionCode: WAREHOUSE_REGIONS[plan.warehouse] ?? DEFAULT_REGION,
      requiredBy: plan.requiredBy,
      remark: `由计划 ${plan.code} 生成`,
      lines: task.lines.map((line) => ({
        commodityId: line.commodityId,
        quantity: line.quantity,
        targetPriceFen: line.budgetUnitPriceFen,
        planLineId: line.id,
        remark: line.remark,
      })),
      supplierIds: [],
    });
    ids.push(id);
  }
  return ids;
}

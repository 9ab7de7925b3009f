import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planningTaskLines, type planningTasks, procurementTaskLines, procurementTasks } from '../../db/schema';
import type { AuthedContext, AuthUser } from '../../lib/context';
import { taskScope } from '../procurement-task/scope';
import { createTask } from '../procurement-task/service';

type PlanRow = typeof planningTasks.$inferSelect;

export interface TaskGroup {
  name: string;
  lines: { id: number; commodityId: number; quantity: number; budgetUnitPriceFen: number; requiredBy: string | null; remark: string | null }[];
}

/** A procurement task holds at most this many lines (the procurement contract's limit). */
const TASK_MAX_LINES = 200;
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

/** How many tasks `createDraftTasksForPlan` makes of these groups (a group past the line limit is split). */
export const draftTaskCount = (groups: TaskGroup[]) => groups.reduce((sum, group) => sum + Math.ceil(group.lines.length / TASK_MAX_LINES), 0);

/**
 * Creates one draft procurement task per group for the buyer (split at the task line limit) through the
 * procurement service, inside the caller's transaction, each line linked to its plan line.
 */
export async function createDraftTasksForPlan(
  tx: Db,
  ctx: AuthedContext,
  plan: PlanRow,
  groups: TaskGroup[],
  buyerId: number,
): Promise<number[]> {
  const inTransaction = { ...ctx, db: tx };
  const quoteDeadline = new Date(ctx.now().getTime() + QUOTE_WINDOW_MS).toISOString();
  const ids: number[] = [];
  for (const group of groups) {
    const parts = Math.ceil(group.lines.length / TASK_MAX_LINES);
    for (let part = 0; part < parts; part++) {
      const lines = group.lines.slice(part * TASK_MAX_LINES, (part + 1) * TASK_MAX_LINES);
      const { id } = await createTask(inTransaction, {
        name: (parts > 1 ? `${group.name}（${part + 1}）` : group.name).slice(0, 100),
        planId: plan.id,
        buyerId,
        quoteDeadline,
        deliveryRegionCode: WAREHOUSE_REGIONS[plan.warehouse] ?? DEFAULT_REGION,
        requiredBy: plan.requiredBy,
        remark: `由计划 ${plan.code} 生成`,
        lines: lines.map((line) => ({
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
  }
  return ids;
}

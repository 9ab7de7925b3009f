import { BUYER_CODES, type PlannedTask } from '@scm/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backUsers, planningTaskLines, type planningTasks, procurementTaskLines, procurementTasks, roles } from '../../db/schema';
import type { AuthedContext } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import { grantedCodes } from '../auth/granted-codes';
import { prepared } from '../../lib/prepared';
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

/** The procurement tasks created from a plan's lines (for the detail page). */
export async function linkedProcurementTasks(db: Db, planId: number) {
  return linkedTasksQuery(db).execute({ planId });
}

const linkedTasksQuery = prepared(
  (db, name) =>
    db
      .select({
        id: procurementTasks.id,
        code: procurementTasks.code,
        name: procurementTasks.name,
        status: procurementTasks.status,
        lineCount: sql<number>`(select count(*)::int from procurement_task_lines l where l.task_id = ${procurementTasks}.id)`,
      })
      .from(procurementTasks)
      .where(eq(procurementTasks.planId, sql.placeholder('planId')))
      .orderBy(procurementTasks.id)
      .prepare(name),
  'plan_linked_tasks',
);

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

/** The buyer of generated tasks: an enabled user whose role (enabled) grants every code of `BUYER_CODES`. */
export async function assertGenerationBuyer(tx: Db, buyerId: number) {
  const [user] = await tx
    .select({ status: backUsers.status, roleStatus: roles.status, codes: grantedCodes(backUsers.roleId) })
    .from(backUsers)
    .innerJoin(roles, eq(roles.id, backUsers.roleId))
    .where(eq(backUsers.id, buyerId));
  if (!user) throw fieldError('buyer_id', '采购员不存在');
  if (user.status !== 'enabled') throw fieldError('buyer_id', '采购员已停用，请重新选择');
  const codes = new Set(user.roleStatus === 'enabled' ? (user.codes ?? []) : []);
  if (!BUYER_CODES.every((code) => codes.has(code))) throw fieldError('buyer_id', '该用户的角色没有采购任务权限，不能担任采购员');
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

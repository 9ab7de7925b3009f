import { DAY_MS } from '@scm/contract';
import type { PlannedTask, planGenerateRequest } from '@scm/contract';
import { BUYER_PERMISSION_CODES, plannedTasks } from '@scm/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { planningTaskLines, type planningTasks, procurementTaskLines, procurementTasks } from '../../db/schema';
import type { AuthedContext } from '../../lib/http/context';
import { badRequest, conflict } from '../../lib/http/errors';
import { assertAssignable } from '../back-user/assignable';
import { planLines } from '../planning/queries';
import { changeStatus, planForAction } from '../planning/status';
import { createTask } from '../procurement-task/service';
import { findWarehouseByCode } from '../warehouse/queries';

// 生成采购任务 needs both areas: it changes the plan and creates tasks through the procurement
// service. It lives here, above both, so neither module depends on the other in both directions
// (docs/how-to.md, "Modules and layers").

type PlanRow = typeof planningTasks.$inferSelect;

/** Buyers get a week to collect quotes on a generated draft; they adjust it before publishing. */
const QUOTE_WINDOW_MS = 7 * DAY_MS;

/** Where a task goes when its plan's warehouse is gone: the freight destination must be a region. */
const DEFAULT_REGION = '310000';

export async function generateProcurementTasks(ctx: AuthedContext, input: z.output<typeof planGenerateRequest>) {
  return ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'generate');
    const buyerId = input.buyerId ?? ctx.user.id;
    await assertAssignable(tx, buyerId, { field: 'buyer_id', label: '采购员', codes: BUYER_PERMISSION_CODES });
    if (await planLinesAlreadyLinked(tx, plan.id)) throw conflict('该计划的明细已生成过采购任务，不能重复生成');
    const lines = await planLines(tx, plan.id);
    if (lines.length === 0) throw badRequest('计划没有明细，无法生成采购任务');
    const tasks = plannedTasks(plan.name, input.mode, lines);
    // The plan is 采购中 first: that is the status a task's source plan must have.
    const reason = `${input.mode === 'plan' ? '整单' : '按分类'}生成${tasks.length}个采购任务`;
    await changeStatus(tx, ctx, plan, 'generate', { reason });
    const taskIds = await createDraftTasksForPlan(tx, ctx, plan, buyerId, tasks);
    return { taskIds };
  });
}

/** True when some line of the plan already has a procurement task line in a task that is not cancelled. */
async function planLinesAlreadyLinked(tx: Db, planId: number) {
  const [row] = await tx
    .select({ id: procurementTaskLines.id })
    .from(procurementTaskLines)
    .innerJoin(planningTaskLines, eq(planningTaskLines.id, procurementTaskLines.planLineId))
    .innerJoin(procurementTasks, eq(procurementTasks.id, procurementTaskLines.taskId))
    .where(and(eq(planningTaskLines.planId, planId), isNotNull(procurementTaskLines.planLineId), sql`${procurementTasks.status} <> 'cancelled'`))
    .limit(1);
  return Boolean(row);
}

type PlanTaskLine = { id: number; commodityId: number; quantity: number; budgetUnitPriceFen: number; remark: string | null };

/**
 * Creates the planned draft procurement tasks through the procurement service, inside the
 * caller's transaction, each line linked to its plan line.
 */
async function createDraftTasksForPlan(
  tx: Db,
  ctx: AuthedContext,
  plan: PlanRow,
  buyerId: number,
  tasks: PlannedTask<PlanTaskLine>[],
): Promise<number[]> {
  const inTransaction = { ...ctx, db: tx };
  const quoteDeadline = new Date(ctx.now().getTime() + QUOTE_WINDOW_MS).toISOString();
  // The plan's warehouse fills the task's 收货仓库, and its district the freight destination.
  const warehouse = await findWarehouseByCode(tx, plan.warehouse);
  const ids: number[] = [];
  for (const task of tasks) {
    const { id } = await createTask(inTransaction, {
      name: task.name,
      planId: plan.id,
      buyerId,
      quoteDeadline,
      deliveryRegionCode: warehouse?.regionCode ?? DEFAULT_REGION,
      warehouseCode: warehouse?.code ?? null,
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
      sealed: true,
    });
    ids.push(id);
  }
  return ids;
}

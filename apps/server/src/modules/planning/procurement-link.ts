import type { Db } from '../../db/client';
import type { planningTasks } from '../../db/schema';
import type { AuthedContext } from '../../lib/context';
import { conflict } from '../../lib/errors';

type PlanRow = typeof planningTasks.$inferSelect;

export interface TaskGroup {
  name: string;
  lines: { id: number; commodityId: number; quantity: number; budgetUnitPriceFen: number; requiredBy: string | null }[];
}

/** The procurement tasks created from a plan's lines (for the detail page). */
export async function linkedProcurementTasks(_db: Db, _planId: number) {
  return [] as { id: number; code: string; name: string; status: string; lineCount: number }[];
}

/** True when some line of the plan already has a procurement task line. */
export async function planLinesAlreadyLinked(_tx: Db, _planId: number) {
  return false;
}

/** Creates one draft procurement task per group, each line linked to its plan line. */
export async function createDraftTasksForPlan(_tx: Db, _ctx: AuthedContext, _plan: PlanRow, _groups: TaskGroup[]): Promise<number[]> {
  throw conflict('采购任务模块尚未就绪');
}

import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planningTaskLines, procurementTaskLines, procurementTasks } from '../../db/schema';
import type { AuthUser } from '../../lib/http/context';
import { taskScope } from '../../lib/access/data-scope';

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

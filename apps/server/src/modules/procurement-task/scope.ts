import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLogs, procurementTasks } from '../../db/schema';
import type { AuthUser } from '../../lib/context';
import { notFound } from '../../lib/errors';

/**
 * 数据范围 of procurement tasks: a user whose role has data scope `own` sees and changes only the tasks
 * where they are the buyer or the creator. The creator is whoever wrote the task's `create` audit row
 * (a task generated from a plan: whoever generated it). Every task query (list, export, detail, each
 * change, quotes, comparison, award, the board, the workbench) adds this condition; `undefined`
 * means no restriction.
 */
export function taskScope(user: AuthUser): SQL | undefined {
  if (user.dataScope === 'all') return undefined;
  return or(
    eq(procurementTasks.buyerId, user.id),
    sql`exists (select 1 from ${auditLogs} where ${auditLogs.module} = 'procurement_task' and ${auditLogs.action} = 'create'
      and ${auditLogs.recordId} = ${procurementTasks.id}::text and ${auditLogs.userId} = ${user.id})`,
  );
}

/** The task if the user may see it; otherwise 404, whether it is missing or someone else's (its existence stays hidden). */
export async function loadTaskForUser(db: Db, user: AuthUser, id: number) {
  const [task] = await db
    .select()
    .from(procurementTasks)
    .where(and(eq(procurementTasks.id, id), taskScope(user)));
  if (!task) throw notFound('采购任务不存在');
  return task;
}

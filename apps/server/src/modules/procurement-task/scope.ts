import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { procurementTasks } from '../../db/schema';
import type { AuthUser } from '../../lib/http/context';
import { taskScope } from '../../lib/access/data-scope';
import { notFound } from '../../lib/http/errors';

/** The task if the user may see it; otherwise 404, whether it is missing or someone else's (its existence stays hidden). */
export async function loadTaskForUser(db: Db, user: AuthUser, id: number) {
  const [task] = await db
    .select()
    .from(procurementTasks)
    .where(and(eq(procurementTasks.id, id), taskScope(user)));
  if (!task) throw notFound('采购任务不存在');
  return task;
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planningTasks } from '../../db/schema';
import type { AuthUser } from '../../lib/http/context';
import { planScope } from '../../lib/access/data-scope';
import { notFound } from '../../lib/http/errors';

/** The plan if the user may see it; otherwise 404, whether it is missing or someone else's (its existence stays hidden). */
export async function loadPlanForUser(db: Db, user: AuthUser, id: number) {
  const [plan] = await db
    .select()
    .from(planningTasks)
    .where(and(eq(planningTasks.id, id), planScope(user)));
  if (!plan) throw notFound('计划任务不存在');
  return plan;
}

import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planningTasks } from '../../db/schema';
import type { AuthUser } from '../../lib/context';
import { notFound } from '../../lib/errors';

/**
 * 数据范围 of plans: a user whose role has data scope `own` sees and changes only the plans they own
 * or created. Every plan query (list, export, detail, each change, the board, the workbench, the
 * procurement module's plan pickers) adds this condition; `undefined` means no restriction.
 */
export function planScope(user: AuthUser): SQL | undefined {
  if (user.dataScope === 'all') return undefined;
  return or(eq(planningTasks.ownerId, user.id), eq(planningTasks.createdBy, user.id));
}

/** The plan if the user may see it; otherwise 404, whether it is missing or someone else's (its existence stays hidden). */
export async function loadPlanForUser(db: Db, user: AuthUser, id: number) {
  const [plan] = await db
    .select()
    .from(planningTasks)
    .where(and(eq(planningTasks.id, id), planScope(user)));
  if (!plan) throw notFound('计划任务不存在');
  return plan;
}

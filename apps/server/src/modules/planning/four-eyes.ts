import { eq, or, type SQL, sql } from 'drizzle-orm';
import { planningTasks } from '../../db/schema';
import type { AuthUser } from '../../lib/context';
import { forbidden } from '../../lib/errors';

/*
 * Four-eyes (四眼原则): whoever took part in drawing up a plan — its creator, its owner, its last
 * submitter, anyone who changed its lines since the last approval round — cannot approve or reject
 * it. The same rule twice: for one loaded plan, and as SQL for the workbench's to-do count.
 */

type PlanParticipants = Pick<typeof planningTasks.$inferSelect, 'createdBy' | 'ownerId' | 'submittedBy' | 'lineEditorIds'>;

/** Why `user` may not review `plan`, or null when they may (shown beside a disabled 审核 as well). */
export function reviewBlockedReason(user: AuthUser, plan: PlanParticipants): string | null {
  const me = user.id;
  const drewItUp = plan.createdBy === me || plan.ownerId === me || plan.submittedBy === me || plan.lineEditorIds.includes(me);
  return drewItUp ? '不能审核自己参与编制的计划' : null;
}

export function assertMayReview(user: AuthUser, plan: PlanParticipants) {
  const reason = reviewBlockedReason(user, plan);
  if (reason) throw forbidden(reason);
}

/** Plans the user took part in drawing up (the negation is what they may review). */
export function drawnUpBy(user: AuthUser): SQL {
  const me = user.id;
  return or(
    eq(planningTasks.createdBy, me),
    eq(planningTasks.ownerId, me),
    eq(planningTasks.submittedBy, me),
    sql`${me} = any(${planningTasks.lineEditorIds})`,
  ) as SQL;
}

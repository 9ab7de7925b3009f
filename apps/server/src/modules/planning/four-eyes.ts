import { eq, or, type SQL, sql } from 'drizzle-orm';
import { planningTasks } from '../../db/schema';
import type { AuthUser } from '../../lib/http/context';

/*
 * Four-eyes (四眼原则): whoever took part in drawing up a plan — its creator, every owner and
 * anyone who changed its lines since the last approval (a rejection and resubmission do not start
 * afresh: the lines are still theirs), its last submitter — cannot approve or reject it. The same
 * rule twice: for one loaded plan, and as SQL for the workbench's to-do count.
 */

type PlanParticipants = Pick<typeof planningTasks.$inferSelect, 'createdBy' | 'ownerId' | 'submittedBy' | 'lineEditorIds' | 'roundOwnerIds'>;

/** Everyone who took part in drawing the plan up, once each. */
export function participantsOf(plan: PlanParticipants): number[] {
  const ids = [plan.createdBy, plan.ownerId, plan.submittedBy, ...plan.lineEditorIds, ...plan.roundOwnerIds];
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

/** Why `user` may not review `plan`, or null when they may (shown beside a disabled 审核 as well). */
export function reviewBlockedReason(user: AuthUser, plan: PlanParticipants): string | null {
  return participantsOf(plan).includes(user.id) ? '不能审核自己参与编制的计划' : null;
}

/** Plans the user took part in drawing up (the negation is what they may review). */
export function drawnUpBy(user: AuthUser): SQL {
  const me = user.id;
  return or(
    eq(planningTasks.createdBy, me),
    eq(planningTasks.ownerId, me),
    eq(planningTasks.submittedBy, me),
    sql`${me} = any(${planningTasks.lineEditorIds})`,
    sql`${me} = any(${planningTasks.roundOwnerIds})`,
  ) as SQL;
}

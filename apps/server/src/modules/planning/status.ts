import {
  PLAN_ACTION_LABELS,
  PLAN_ACTIONS,
  PLAN_STATUS_LABELS,
  PLAN_TRANSITIONS,
  type PlanAction,
  planActionAllowed,
  type planCancelRequest,
  type planReasonRequest,
  type PlanStatus,
} from '@scm/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { planningTasks } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { AuthedContext, AuthUser } from '../../lib/http/context';
import { updateVersioned } from '../../lib/records/versioned-update';
import { type AppError, conflict, forbidden, staleVersion } from '../../lib/http/errors';
import { reviewBlockedReason } from './four-eyes';
import { loadPlanForUser } from './scope';

const MODULE = 'planning_task';

type PlanRow = typeof planningTasks.$inferSelect;

/** The actions that move a plan (PLAN_TRANSITIONS gives each a target status). */
type MovingAction = { [A in PlanAction]: (typeof PLAN_TRANSITIONS)[A]['to'] extends null ? never : A }[PlanAction];

function statusRefusal(plan: PlanRow, action: PlanAction): AppError | null {
  if (planActionAllowed(action, plan.status)) return null;
  return conflict(`计划当前状态为「${PLAN_STATUS_LABELS[plan.status]}」，不能${PLAN_ACTION_LABELS[action]}`);
}

/** What the plan's status does not tell: four-eyes (whoever drew the plan up neither approves nor rejects it). */
function callerRefusal(user: AuthUser, plan: PlanRow, action: PlanAction): AppError | null {
  const reason = action === 'approve' || action === 'reject' ? reviewBlockedReason(user, plan) : null;
  return reason ? forbidden(reason) : null;
}

/** The actions `user` may perform on `plan` now (the detail's `allowedActions`): no check of planForAction objects. */
export const allowedPlanActions = (user: AuthUser, plan: PlanRow): PlanAction[] =>
  PLAN_ACTIONS.filter((action) => !statusRefusal(plan, action) && !callerRefusal(user, plan, action));

function refuse(refusal: AppError | null) {
  if (refusal) throw refusal;
}

/**
 * Reads the plan for a change (404 outside the user's data scope) and checks the status machine,
 * the version the caller read and four-eyes. The update that follows repeats the status and the
 * version in its WHERE, so two concurrent changes cannot both pass.
 */
export async function planForAction(tx: Db, user: AuthUser, id: number, version: number, action: PlanAction): Promise<PlanRow> {
  const plan = await loadPlanForUser(tx, user, id);
  refuse(statusRefusal(plan, action));
  if (plan.version !== version) throw staleVersion();
  refuse(callerRefusal(user, plan, action));
  return plan;
}

interface StatusChange {
  extra?: Partial<typeof planningTasks.$inferInsert>;
  reason?: string | null;
}

/** Writes that move a plan without being one of its actions, and the action whose move they make. */
const MOVES_LIKE = { start_procurement: 'generate' } as const satisfies Record<string, MovingAction>;

/** Moves the plan to where `action` leads (PLAN_TRANSITIONS) and writes its audit row under `action`. */
export async function changeStatus(
  tx: Db,
  ctx: AuthedContext,
  plan: PlanRow,
  action: MovingAction | keyof typeof MOVES_LIKE,
  change: StatusChange = {},
) {
  const to: PlanStatus = PLAN_TRANSITIONS[action === 'start_procurement' ? MOVES_LIKE[action] : action].to;
  const reason = change.reason ?? null;
  await updateVersioned(
    tx,
    planningTasks,
    plan.id,
    plan.version,
    { status: to, updatedBy: ctx.user.id, ...change.extra },
    eq(planningTasks.status, plan.status),
  );
  await writeAudit(tx, ctx.actor, {
    module: MODULE,
    action,
    recordId: plan.id,
    summary: `${plan.code} ${PLAN_STATUS_LABELS[plan.status]} → ${PLAN_STATUS_LABELS[to]}${reason ? `：${reason}` : ''}`,
    before: { status: plan.status },
    after: { status: to, reason },
  });
}

export async function cancelPlan(ctx: AuthedContext, input: z.output<typeof planCancelRequest>) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'cancel');
    await changeStatus(tx, ctx, plan, 'cancel', { reason: input.reason || null });
  });
  return null;
}

export async function closePlan(ctx: AuthedContext, input: z.output<typeof planReasonRequest>) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'close');
    await changeStatus(tx, ctx, plan, 'close', { extra: { closeReason: input.reason }, reason: input.reason });
  });
  return null;
}

/**
 * A buyer's task names an approved plan as its source: the plan is in procurement from then on,
 * moved as 生成采购任务 moves it (a plan already 采购中 is left as it is).
 */
export async function startPlanProcurement(tx: Db, ctx: AuthedContext, planId: number) {
  const [plan] = await tx.select().from(planningTasks).where(eq(planningTasks.id, planId)).for('update');
  if (plan && planActionAllowed('generate', plan.status)) await changeStatus(tx, ctx, plan, 'start_procurement');
}

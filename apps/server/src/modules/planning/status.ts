import {
  PLAN_ACTION_FROM,
  PLAN_ACTION_LABELS,
  PLAN_STATUS_LABELS,
  type PlanAction,
  type planCancelRequest,
  type planReasonRequest,
  type PlanStatus,
} from '@scm/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { planningTasks } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthedContext, AuthUser } from '../../lib/context';
import { updateVersioned } from '../../lib/versioned-update';
import { conflict, staleVersion } from '../../lib/errors';
import { loadPlanForUser } from './scope';

const MODULE = 'planning_task';

type PlanRow = typeof planningTasks.$inferSelect;

/**
 * Reads the plan for a change (404 outside the user's data scope) and checks the status machine
 * and the version the caller read. The update that follows repeats both conditions in its WHERE,
 * so two concurrent changes cannot both pass.
 */
export async function planForAction(tx: Db, user: AuthUser, id: number, version: number, action: PlanAction): Promise<PlanRow> {
  const plan = await loadPlanForUser(tx, user, id);
  const allowed = PLAN_ACTION_FROM[action] as readonly PlanStatus[];
  if (!allowed.includes(plan.status)) {
    throw conflict(`计划当前状态为「${PLAN_STATUS_LABELS[plan.status]}」，不能${PLAN_ACTION_LABELS[action]}`);
  }
  if (plan.version !== version) throw staleVersion();
  return plan;
}

export async function changeStatus(
  tx: Db,
  ctx: AuthedContext,
  plan: PlanRow,
  action: string,
  to: PlanStatus,
  extra: Partial<typeof planningTasks.$inferInsert> = {},
  reason: string | null = null,
) {
  await updateVersioned(
    tx,
    planningTasks,
    plan.id,
    plan.version,
    { status: to, updatedBy: ctx.user.id, ...extra },
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
    await changeStatus(tx, ctx, plan, 'cancel', 'cancelled', {}, input.reason || null);
  });
  return null;
}

export async function closePlan(ctx: AuthedContext, input: z.output<typeof planReasonRequest>) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'close');
    await changeStatus(tx, ctx, plan, 'close', 'completed', { closeReason: input.reason }, input.reason);
  });
  return null;
}

/**
 * A buyer's task names an approved plan as its source: the plan is in procurement from then on,
 * as it is after 生成采购任务 (a plan already 采购中 is left as it is).
 */
export async function startPlanProcurement(tx: Db, ctx: AuthedContext, planId: number) {
  const [plan] = await tx.select().from(planningTasks).where(eq(planningTasks.id, planId)).for('update');
  if (plan?.status === 'approved') await changeStatus(tx, ctx, plan, 'start_procurement', 'in_procurement');
}

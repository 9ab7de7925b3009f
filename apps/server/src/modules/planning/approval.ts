import type { planApproveRequest, planReasonRequest } from '@scm/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../lib/http/context';
import { badRequest, fieldError } from '../../lib/http/errors';
import { notify } from '../message/notify';
import { participantsOf } from './four-eyes';
import { changeStatus, planForAction } from './status';

// 提交 → 审核通过 / 驳回. Whoever drew the plan up cannot review it (four-eyes.ts, checked by planForAction). Only an approval
// starts a new round (line editors and past owners forgotten); a rejection keeps them, since the
// lines the resubmission carries are still theirs.

export async function submitPlan(ctx: AuthedContext, input: { id: number; version: number }) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'submit');
    if (plan.lineCount === 0) throw badRequest('计划至少需要一条明细才能提交');
    if (!plan.periodStart || !plan.periodEnd) throw fieldError('period_start', '请先填写计划周期再提交');
    await changeStatus(tx, ctx, plan, 'submit', { extra: { submittedBy: ctx.user.id, rejectReason: null } });
    await notify(tx, ctx.actor, { kind: 'plan_submitted', plan: { ...plan, participantIds: participantsOf({ ...plan, submittedBy: ctx.user.id }) } });
  });
  return null;
}

export async function approvePlan(ctx: AuthedContext, input: z.output<typeof planApproveRequest>) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'approve');
    await changeStatus(tx, ctx, plan, 'approve', { extra: { lineEditorIds: [], roundOwnerIds: [plan.ownerId] }, reason: input.comment || null });
    await notify(tx, ctx.actor, { kind: 'plan_approved', plan });
  });
  return null;
}

export async function rejectPlan(ctx: AuthedContext, input: z.output<typeof planReasonRequest>) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'reject');
    await changeStatus(tx, ctx, plan, 'reject', { extra: { rejectReason: input.reason }, reason: input.reason });
    await notify(tx, ctx.actor, { kind: 'plan_rejected', plan, reason: input.reason });
  });
  return null;
}

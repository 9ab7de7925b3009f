import type { planApproveRequest, planReasonRequest } from '@scm/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../lib/context';
import { badRequest, fieldError } from '../../lib/errors';
import { assertMayReview } from './four-eyes';
import { changeStatus, planForAction } from './status';

// 提交 → 审核通过 / 驳回. Whoever drew the plan up cannot review it (four-eyes.ts); a review starts
// a new round, so the list of line editors is emptied.

export async function submitPlan(ctx: AuthedContext, input: { id: number; version: number }) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'submit');
    if (plan.lineCount === 0) throw badRequest('计划至少需要一条明细才能提交');
    if (!plan.periodStart || !plan.periodEnd) throw fieldError('period_start', '请先填写计划周期再提交');
    await changeStatus(tx, ctx, plan, 'submit', 'submitted', { submittedBy: ctx.user.id, rejectReason: null });
  });
  return null;
}

export async function approvePlan(ctx: AuthedContext, input: z.output<typeof planApproveRequest>) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'approve');
    assertMayReview(ctx.user, plan);
    await changeStatus(tx, ctx, plan, 'approve', 'approved', { lineEditorIds: [] }, input.comment || null);
  });
  return null;
}

export async function rejectPlan(ctx: AuthedContext, input: z.output<typeof planReasonRequest>) {
  await ctx.db.transaction(async (tx) => {
    const plan = await planForAction(tx, ctx.user, input.id, input.version, 'reject');
    assertMayReview(ctx.user, plan);
    await changeStatus(tx, ctx, plan, 'reject', 'rejected', { rejectReason: input.reason, lineEditorIds: [] }, input.reason);
  });
  return null;
}

import { type awardRequest, fenToYuan, type ProcurementStatus, PROCUREMENT_TRANSITIONS, priceAward } from '@scm/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { procurementTaskLines, procurementTasks, quotations } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { AuthedContext } from '../../lib/http/context';
import { badRequest, conflict, fieldError } from '../../lib/http/errors';
import { updateVersioned } from '../../lib/records/versioned-update';
import { createAwardOrders } from '../purchase-order/create-orders';
import { loadMaintainState } from './maintain-view';
import { onLinesAwarded } from './plan-link';
import { lockTask } from './service';
import { assertTaskAction } from './status';
import { writeTasks } from './task-write';
import { awardApprovalThreshold } from '../dictionary/award-approval';
import type { Db } from '../../db/client';
import { notify } from '../message/notify';

const MODULE = 'procurement_task';

const OUTCOME_STATUS = { won: 'awarded', partial: 'partially_awarded', lost: 'lost' } as const;

type Priced = ReturnType<typeof priceAward>;
type State = Awaited<ReturnType<typeof loadMaintainState>>;
type TaskRow = typeof procurementTasks.$inferSelect;

/**
 * 定标: one transaction takes the task's version first (so a second award of the same task waits,
 * then finds the version gone and gets 409), then writes each line's winner and the task's awarded
 * amount. When the award's 到货成本 reaches the approval threshold (`award_approval_threshold`) the
 * task waits in 定标待审批 and the rest follows the approval (approveAward); otherwise, as without
 * the setting, the same transaction writes each quote's outcome, one purchase order per awarded
 * supplier and the plan lines' awarded quantities (settleAward).
 */
export async function awardTask(ctx: AuthedContext, input: z.output<typeof awardRequest>) {
  const now = ctx.now();
  const status = await writeTasks(ctx.db, async (write) => {
    const { tx } = write;
    const task = await lockTask(write, ctx, input.id, input.version);
    assertTaskAction(task, 'award');
    await updateVersioned(
      tx,
      procurementTasks,
      input.id,
      input.version,
      { status: 'awarded', awardedAt: now, awardedBy: ctx.user.username, awardedById: ctx.user.id, awardApprovedBy: null, awardApprovedAt: null },
      eq(procurementTasks.status, task.status),
    );
    const state = await loadMaintainState(tx, input.id, now);
    const { comparison, compareInput, found } = state;
    const supplierName = (id: number) => found.invited.find((s) => s.supplierId === id)?.name ?? String(id);

    const seen = new Set<number>();
    input.lines.forEach((choice, i) => {
      if (seen.has(choice.taskLineId)) throw fieldError(`lines.${i}.task_line_id`, '同一行只能选择一家中标供应商');
      seen.add(choice.taskLineId);
    });
    const unchosen = comparison.rows.find((row) => row.recommendedSupplierId != null && !seen.has(row.lineId));
    if (unchosen) {
      const line = found.lines.find((l) => l.id === unchosen.lineId);
      throw badRequest(`请为「${line?.commodityName ?? unchosen.lineId}」选择中标供应商`);
    }
    const priced = priceAward(
      comparison,
      compareInput,
      input.lines.map((c) => ({ lineId: c.taskLineId, supplierId: c.supplierId })),
    );
    if (priced.invalid.length > 0) {
      const i = input.lines.findIndex((c) => c.taskLineId === priced.invalid[0]);
      throw fieldError(`lines.${i}.supplier_id`, '所选供应商对该行没有有效报价（未报价、已放弃或报价已过期），不能定标');
    }
    priced.lines.forEach((line) => {
      const i = input.lines.findIndex((c) => c.taskLineId === line.lineId);
      if (line.notLowest && !input.lines[i].reason) {
        throw fieldError(
          `lines.${i}.reason`,
          comparison.rows.find((r) => r.lineId === line.lineId)?.cells.find((c) => c.supplierId === line.supplierId)?.belowMoq
            ? '所选供应商不满足起订量，请填写定标理由'
            : '所选供应商不是该行实际到货成本最低的，请填写定标理由',
        );
      }
    });

    for (const line of priced.lines) {
      const choice = input.lines.find((c) => c.taskLineId === line.lineId);
      await tx
        .update(procurementTaskLines)
        .set({
          awardedSupplierId: line.supplierId,
          awardedUnitPriceFen: line.unitPriceFen,
          awardedQuantity: line.boughtQuantity,
          awardedFreightFen: line.freightShareFen,
          awardedDeductibleVatFen: line.deductibleVatFen,
          awardReason: choice?.reason || null,
        })
        .where(and(eq(procurementTaskLines.id, line.lineId), eq(procurementTaskLines.taskId, input.id)));
    }
    await tx.update(procurementTasks).set({ awardedAmountFen: priced.totalFen }).where(eq(procurementTasks.id, input.id));
    const threshold = await awardApprovalThreshold(tx);
    const pending = threshold != null && priced.totalFen >= threshold;
    const to: ProcurementStatus = pending ? 'award_pending' : 'awarded';
    if (pending) {
      await tx.update(procurementTasks).set({ status: to }).where(eq(procurementTasks.id, input.id));
      await notify(tx, ctx.actor, { kind: 'award_pending', task: { ...task, awardedById: ctx.user.id }, amountFen: priced.totalFen });
    } else await settleAward(tx, ctx, now, task, state, priced);
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'award',
      recordId: input.id,
      summary: `${task.code} ${pending ? '定标（待审批）' : '定标'}，到货成本 ¥${fenToYuan(priced.totalFen, true)}，实际到货成本 ¥${fenToYuan(priced.realTotalFen, true)}`,
      before: { status: task.status },
      // Lines and suppliers by SKU and name as they read now, so a later rename leaves the record as it was.
      after: {
        status: to,
        totalFen: priced.totalFen,
        realTotalFen: priced.realTotalFen,
        lines: priced.lines.map((line) => {
          const source = found.lines.find((l) => l.id === line.lineId);
          return {
            skuCode: source?.skuCode ?? '',
            commodityName: source?.commodityName ?? '',
            supplierName: supplierName(line.supplierId),
            quantity: line.quantity,
            boughtQuantity: line.boughtQuantity,
            unitPriceFen: line.unitPriceFen,
            amountFen: line.amountFen,
            freightShareFen: line.freightShareFen,
            realLandedFen: line.realLandedFen,
            deductibleVatFen: line.deductibleVatFen,
            notLowest: line.notLowest,
            reason: input.lines.find((c) => c.taskLineId === line.lineId)?.reason || null,
          };
        }),
        outcomes: [...priced.quoteOutcome].map(([supplierId, outcome]) => ({ supplierName: supplierName(supplierId), outcome })),
      },
    });
    return to;
  });
  return { id: input.id, status };
}

/** What an award does once it stands (at once, or at its approval): quote outcomes, orders, plan write-back. */
async function settleAward(tx: Db, ctx: AuthedContext, now: Date, task: TaskRow, state: State, priced: Priced) {
  const { found } = state;
  for (const [supplierId, outcome] of priced.quoteOutcome) {
    await tx
      .update(quotations)
      .set({ status: OUTCOME_STATUS[outcome] })
      .where(and(eq(quotations.taskId, task.id), eq(quotations.supplierId, supplierId)));
  }
  // The orders first: they mark the plan lines as ordered, so the write-back below does not
  // complete a plan on the award alone (docs/rules/orders.md).
  await createAwardOrders(
    tx,
    ctx.actor,
    now,
    task,
    priced.lines.map((line) => ({
      taskLineId: line.lineId,
      supplierId: line.supplierId,
      quantity: line.boughtQuantity,
      unitPriceFen: line.unitPriceFen,
      amountFen: line.amountFen,
      freightFen: line.freightShareFen,
    })),
  );
  const planLines = priced.lines.flatMap((line) => {
    const source = found.lines.find((l) => l.id === line.lineId);
    return source?.planLineId == null
      ? []
      : [{ planLineId: source.planLineId, taskLineId: line.lineId, quantity: line.boughtQuantity, goodsFen: line.amountFen }];
  });
  if (planLines.length > 0) await onLinesAwarded(tx, ctx.actor, task.code, planLines);
}

/** 定标审批 is for someone else: the user who made the award can neither approve nor reject it. */
function assertNotOwnAward(task: TaskRow, ctx: AuthedContext) {
  if (task.awardedById === ctx.user.id) throw conflict('定标人不能审批自己的定标，请由其他有审批权限的人处理');
}

/**
 * 审批通过: an award waiting in 定标待审批 stands. The lines' choices are priced again on the same
 * comparison and settled (quote outcomes, orders, plan write-back) in the approval's transaction.
 */
export async function approveAward(ctx: AuthedContext, input: { id: number; version: number }) {
  const now = ctx.now();
  await writeTasks(ctx.db, async (write) => {
    const { tx } = write;
    const task = await lockTask(write, ctx, input.id, input.version);
    assertTaskAction(task, 'approve_award');
    assertNotOwnAward(task, ctx);
    const to = PROCUREMENT_TRANSITIONS.approve_award.to;
    await updateVersioned(
      tx,
      procurementTasks,
      input.id,
      input.version,
      { status: to, awardApprovedBy: ctx.user.username, awardApprovedAt: now },
      eq(procurementTasks.status, task.status),
    );
    const state = await loadMaintainState(tx, input.id, now);
    const choices = state.found.lines.flatMap((l) => (l.awardedSupplierId == null ? [] : [{ lineId: l.id, supplierId: l.awardedSupplierId }]));
    const priced = priceAward(state.comparison, state.compareInput, choices);
    if (priced.invalid.length > 0) throw conflict('所定报价已失效（已过期或已撤回），请驳回后重新定标');
    await settleAward(tx, ctx, now, task, state, priced);
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'approve_award',
      recordId: input.id,
      summary: `${task.code} 定标审批通过（定标人 ${task.awardedBy ?? '-'}），到货成本 ¥${fenToYuan(task.awardedAmountFen ?? 0, true)}`,
      before: { status: task.status },
      after: { status: to, awardApprovedBy: ctx.user.username, awardApprovedAt: now.toISOString() },
    });
  });
  return { id: input.id };
}

/** 驳回: the award waiting in 定标待审批 is discarded with a reason, and the task is 待定标 again. */
export async function rejectAward(ctx: AuthedContext, input: { id: number; version: number; reason: string }) {
  await writeTasks(ctx.db, async (write) => {
    const { tx } = write;
    const task = await lockTask(write, ctx, input.id, input.version);
    assertTaskAction(task, 'reject_award');
    assertNotOwnAward(task, ctx);
    const to = PROCUREMENT_TRANSITIONS.reject_award.to;
    await updateVersioned(
      tx,
      procurementTasks,
      input.id,
      input.version,
      { status: to, statusReason: input.reason, awardedAmountFen: null, awardedAt: null, awardedBy: null, awardedById: null },
      eq(procurementTasks.status, task.status),
    );
    await tx
      .update(procurementTaskLines)
      .set({
        awardedSupplierId: null,
        awardedUnitPriceFen: null,
        awardedQuantity: null,
        awardedFreightFen: null,
        awardedDeductibleVatFen: null,
        awardReason: null,
      })
      .where(eq(procurementTaskLines.taskId, input.id));
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'reject_award',
      recordId: input.id,
      summary: `${task.code} 驳回定标：${input.reason}`,
      before: { status: task.status, awardedBy: task.awardedBy, awardedAmountFen: task.awardedAmountFen },
      after: { status: to },
    });
  });
  return { id: input.id };
}

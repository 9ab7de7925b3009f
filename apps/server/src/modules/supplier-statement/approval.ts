import { fenToYuan, type payRequest, type resolveExceptionRequest, STATEMENT_TRANSITIONS, shanghaiDay } from '@scm/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { supplierStatementExceptions, supplierStatements } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { AuthedContext } from '../../lib/http/context';
import { conflict, fieldError, notFound } from '../../lib/http/errors';
import { updateVersioned } from '../../lib/records/versioned-update';
import { notify } from '../message/notify';
import { lockStatement, statementRef } from './access';
import { runCheck } from './check';
import { assertStatementAction } from './status';

const MODULE = 'supplier_statement';

type StaffContext = Pick<AuthedContext, 'db' | 'actor' | 'now' | 'user'>;

/** The statement's exceptions as the last check left them, in its order. */
export async function exceptionsOf(db: Db, statementId: number) {
  const rows = await db
    .select()
    .from(supplierStatementExceptions)
    .where(eq(supplierStatementExceptions.statementId, statementId))
    .orderBy(asc(supplierStatementExceptions.sort));
  return rows.map((e) => ({
    key: e.key,
    kind: e.kind,
    invoiceType: e.invoiceType,
    taxRatePercent: e.taxRatePercent,
    expectedFen: e.expectedFen,
    actualFen: e.actualFen,
    realCostImpactFen: e.realCostImpactFen,
    status: e.status,
    reason: e.reason,
    detail: e.detail,
  }));
}

/** 三单匹配 on demand (it also runs on every invoice change). */
export async function matchStatementNow(ctx: StaffContext, input: { id: number }) {
  return ctx.db.transaction(async (tx) => {
    const statement = await lockStatement(tx, { user: ctx.user }, input.id);
    assertStatementAction(statement, 'match', { user: ctx.user });
    const outcome = await runCheck(tx, ctx.actor, statement);
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'match',
      recordId: statement.id,
      summary: `${statement.code} 三单匹配：${outcome.exceptions.length} 项差异`,
      after: { result: outcome.result },
    });
    return { result: outcome.result, exceptions: await exceptionsOf(tx, statement.id) };
  });
}

/** 接受 / 驳回 an open exception, never by the statement's creator; the check runs again. */
export async function resolveException(ctx: StaffContext, input: z.output<typeof resolveExceptionRequest>) {
  await ctx.db.transaction(async (tx) => {
    const access = { user: ctx.user };
    const statement = await lockStatement(tx, access, input.id, input.version);
    assertStatementAction(statement, 'resolve_exception', access);
    const [exception] = await tx
      .select()
      .from(supplierStatementExceptions)
      .where(and(eq(supplierStatementExceptions.statementId, statement.id), eq(supplierStatementExceptions.key, input.key)));
    if (!exception) throw notFound('异常不存在或已随发票变化失效，请刷新');
    if (exception.status !== 'open') throw conflict('该异常已处理');
    const status = input.decision === 'accept' ? 'accepted' : 'rejected';
    await tx
      .update(supplierStatementExceptions)
      .set({ status, reason: input.reason, resolvedBy: ctx.user.id, resolvedAt: ctx.now() })
      .where(and(eq(supplierStatementExceptions.statementId, statement.id), eq(supplierStatementExceptions.key, input.key)));
    await updateVersioned(tx, supplierStatements, statement.id, input.version, {});
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'resolve_exception',
      recordId: statement.id,
      summary: `${statement.code} ${input.decision === 'accept' ? '接受' : '驳回'}异常「${exception.detail}」：${input.reason}`,
      after: { key: input.key, decision: input.decision, reason: input.reason },
    });
    await runCheck(tx, ctx.actor, { ...statement, version: statement.version + 1 });
  });
  return { id: input.id };
}

/** 审批: four-eyes, and only with the check matched (已开票 means no exception is open). */
export async function approveStatement(ctx: StaffContext, input: { id: number; version: number }) {
  await ctx.db.transaction(async (tx) => {
    const access = { user: ctx.user };
    const statement = await lockStatement(tx, access, input.id, input.version);
    assertStatementAction(statement, 'approve', access);
    const open = (await exceptionsOf(tx, statement.id)).filter((e) => e.status !== 'accepted');
    if (open.length > 0) throw conflict('三单匹配仍有未接受的异常，不能审批');
    const to = STATEMENT_TRANSITIONS.approve.to;
    await updateVersioned(tx, supplierStatements, statement.id, input.version, { status: to, approvedBy: ctx.user.id, approvedAt: ctx.now() });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'approve',
      recordId: statement.id,
      summary: `${statement.code} 审批通过，对账总额 ¥${fenToYuan(statement.totalFen, true)}`,
      before: { status: statement.status },
      after: { status: to },
    });
  });
  return { id: input.id };
}

/** 付款: paid on (not after today), amount and reference; an amount other than the total needs a reason. */
export async function payStatement(ctx: StaffContext, input: z.output<typeof payRequest>) {
  await ctx.db.transaction(async (tx) => {
    const access = { user: ctx.user };
    const statement = await lockStatement(tx, access, input.id, input.version);
    assertStatementAction(statement, 'pay', access);
    if (input.paidOn > shanghaiDay(ctx.now())) throw fieldError('paid_on', '付款日期不能晚于今天');
    if (input.amountFen !== statement.totalFen && !input.reason) {
      throw fieldError('reason', `付款金额与对账总额 ¥${fenToYuan(statement.totalFen, true)} 不一致，请填写原因`);
    }
    const to = STATEMENT_TRANSITIONS.pay.to;
    await updateVersioned(tx, supplierStatements, statement.id, input.version, {
      status: to,
      paidOn: input.paidOn,
      paidAmountFen: input.amountFen,
      paymentRef: input.paymentRef,
      paymentReason: input.reason || null,
    });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'pay',
      recordId: statement.id,
      summary: `${statement.code} 付款 ¥${fenToYuan(input.amountFen, true)}，流水号 ${input.paymentRef}`,
      before: { status: statement.status },
      after: { status: to, paidOn: input.paidOn, paidAmountFen: input.amountFen, paymentRef: input.paymentRef, reason: input.reason || null },
    });
    await notify(tx, ctx.actor, { kind: 'statement_paid', statement: statementRef(statement), paidOn: input.paidOn, amountFen: input.amountFen });
  });
  return { id: input.id };
}

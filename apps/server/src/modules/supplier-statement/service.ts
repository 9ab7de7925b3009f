import { fenToYuan, STATEMENT_TRANSITIONS, type statementCreateRequest } from '@scm/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { supplierStatementMovements, supplierStatements, suppliers } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { nextCode } from '../../lib/records/codes';
import type { AuthedContext } from '../../lib/http/context';
import { conflict, fieldError, pgConstraint, pgErrorCode } from '../../lib/http/errors';
import { updateVersioned } from '../../lib/records/versioned-update';
import { notify } from '../message/notify';
import { lockStatement, type StatementRow, statementRef } from './access';
import { gatherMovements, refreshTotals } from './gather';
import { assertStatementAction } from './status';

const MODULE = 'supplier_statement';
const NOTHING_TO_STATE = '该期间没有可对账的收货或退货';

type StaffContext = Pick<AuthedContext, 'db' | 'actor' | 'now' | 'user'>;

/**
 * A race the supplier's lock should have prevented still meets the partial unique indexes: the
 * loser answers 409, never 500.
 */
async function guardTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === '23505' && pgConstraint(error)?.startsWith('supplier_statement_movements_')) {
      throw conflict('部分收货或退货已在其他对账单上，请刷新后重试');
    }
    throw error;
  }
}

/**
 * Gathers the free movements onto a statement under the supplier's row lock, so two statements
 * created at once for one supplier take turns and the second finds only what the first left.
 */
async function gatherUnderLock(tx: StaffContext['db'], statement: Pick<StatementRow, 'id' | 'supplierId' | 'periodFrom' | 'periodTo'>) {
  await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, statement.supplierId)).for('update');
  await gatherMovements(tx, { statementId: statement.id, ...statement });
  const totals = await refreshTotals(tx, statement.id);
  if (totals.count === 0) throw conflict(NOTHING_TO_STATE);
  return totals;
}

/** 新建对账单: the supplier's free movements of the period (docs/rules/statements.md). */
export async function createStatement(ctx: StaffContext, input: z.output<typeof statementCreateRequest>) {
  return guardTaken(() =>
    ctx.db.transaction(async (tx) => {
      const [supplier] = await tx.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(eq(suppliers.id, input.supplierId));
      if (!supplier) throw fieldError('supplier_id', '供应商不存在');
      const code = await nextCode(tx, 'DZ', ctx.now());
      const [row] = await tx
        .insert(supplierStatements)
        .values({
          code,
          supplierId: supplier.id,
          periodFrom: input.periodFrom,
          periodTo: input.periodTo,
          remark: input.remark || null,
          createdBy: ctx.user.id,
        })
        .returning({ id: supplierStatements.id });
      const totals = await gatherUnderLock(tx, { id: row.id, supplierId: supplier.id, periodFrom: input.periodFrom, periodTo: input.periodTo });
      await writeAudit(tx, ctx.actor, {
        module: MODULE,
        action: 'create',
        recordId: row.id,
        summary: `${code} ${supplier.name} ${input.periodFrom}～${input.periodTo}，${totals.count} 条明细，对账总额 ¥${fenToYuan(totals.totalFen, true)}`,
        after: { code, supplierId: supplier.id, periodFrom: input.periodFrom, periodTo: input.periodTo, movementCount: totals.count, ...totals },
      });
      return { id: row.id, code };
    }),
  );
}

/** 发送供应商: the supplier's portal accounts are told, and from now on the portal shows it. */
export async function sendStatement(ctx: StaffContext, input: { id: number; version: number }) {
  await ctx.db.transaction(async (tx) => {
    const statement = await lockStatement(tx, { user: ctx.user }, input.id, input.version);
    assertStatementAction(statement, 'send', { user: ctx.user });
    const to = STATEMENT_TRANSITIONS.send.to;
    await updateVersioned(tx, supplierStatements, statement.id, input.version, { status: to, sentAt: ctx.now() });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'send',
      recordId: statement.id,
      summary: `${statement.code} 发送供应商确认`,
      before: { status: statement.status },
      after: { status: to },
    });
    await notify(tx, ctx.actor, { kind: 'statement_sent', statement: statementRef(statement) });
  });
  return { id: input.id };
}

/** 修订: back to 草稿 with its movements gathered again (what was held is let go first), revision + 1. */
export async function reviseStatement(ctx: StaffContext, input: { id: number; version: number }) {
  await guardTaken(() =>
    ctx.db.transaction(async (tx) => {
      const statement = await lockStatement(tx, { user: ctx.user }, input.id, input.version);
      assertStatementAction(statement, 'revise', { user: ctx.user });
      await tx.delete(supplierStatementMovements).where(eq(supplierStatementMovements.statementId, statement.id));
      const totals = await gatherUnderLock(tx, statement);
      const to = STATEMENT_TRANSITIONS.revise.to;
      await updateVersioned(tx, supplierStatements, statement.id, input.version, {
        status: to,
        revision: statement.revision + 1,
        disputeReason: null,
      });
      await writeAudit(tx, ctx.actor, {
        module: MODULE,
        action: 'revise',
        recordId: statement.id,
        summary: `${statement.code} 修订为第${statement.revision + 1}版，${totals.count} 条明细，对账总额 ¥${fenToYuan(totals.totalFen, true)}`,
        before: { status: statement.status, revision: statement.revision, totalFen: statement.totalFen },
        after: { status: to, revision: statement.revision + 1, totalFen: totals.totalFen },
      });
    }),
  );
  return { id: input.id };
}

/** 取消 with a reason: its movements are free again for a later statement. */
export async function cancelStatement(ctx: StaffContext, input: { id: number; version: number; reason: string }) {
  await ctx.db.transaction(async (tx) => {
    const statement = await lockStatement(tx, { user: ctx.user }, input.id, input.version);
    assertStatementAction(statement, 'cancel', { user: ctx.user });
    const to = STATEMENT_TRANSITIONS.cancel.to;
    await updateVersioned(tx, supplierStatements, statement.id, input.version, { status: to, cancelReason: input.reason });
    await tx
      .update(supplierStatementMovements)
      .set({ live: false })
      .where(and(eq(supplierStatementMovements.statementId, statement.id), eq(supplierStatementMovements.live, true)));
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'cancel',
      recordId: statement.id,
      summary: `${statement.code} 取消：${input.reason}`,
      before: { status: statement.status },
      after: { status: to, cancelReason: input.reason },
    });
  });
  return { id: input.id };
}

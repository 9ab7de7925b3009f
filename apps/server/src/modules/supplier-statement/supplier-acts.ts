import { createHash } from 'node:crypto';
import { STATEMENT_TRANSITIONS, statementCanonicalContent, type statementDisputeRequest } from '@scm/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { purchaseOrders, supplierStatementMovements, supplierStatements, suppliers } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { ServiceContext } from '../../lib/http/context';
import { fieldError } from '../../lib/http/errors';
import { iso } from '../../lib/sql/rows';
import { updateVersioned } from '../../lib/records/versioned-update';
import { notify } from '../message/notify';
import { lockStatement, type StatementAccess, type StatementRow, statementRef } from './access';
import { groupsOf } from './check';
import { assertStatementAction } from './status';

const MODULE = 'supplier_statement';

/** What a write needs of its caller: the admin context or the portal's, with the same three things. */
export type StatementWriteContext = Pick<ServiceContext, 'db' | 'actor' | 'now'>;

/** The statement as the supplier confirms it (docs/rules/statements.md, "Confirmation receipt"). */
export async function canonicalContentOf(db: Db, statement: StatementRow): Promise<string> {
  const [[supplier], movements, groups] = await Promise.all([
    db.select({ name: suppliers.name, creditCode: suppliers.creditCode }).from(suppliers).where(eq(suppliers.id, statement.supplierId)),
    db
      .select({ movement: supplierStatementMovements, orderCode: purchaseOrders.code })
      .from(supplierStatementMovements)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, supplierStatementMovements.orderId))
      .where(eq(supplierStatementMovements.statementId, statement.id))
      .orderBy(asc(supplierStatementMovements.id)),
    groupsOf(db, statement.id),
  ]);
  return statementCanonicalContent({
    code: statement.code,
    revision: statement.revision,
    supplier: { id: statement.supplierId, name: supplier.name, creditCode: supplier.creditCode },
    periodFrom: statement.periodFrom,
    periodTo: statement.periodTo,
    movements: movements.map(({ movement: m, orderCode }) => ({
      id: m.id,
      kind: m.kind,
      orderCode,
      receiptId: m.receiptId,
      returnId: m.returnId,
      date: m.date,
      skuCode: m.skuCode,
      commodityName: m.commodityName,
      quantity: m.quantity,
      unitPriceFen: m.unitPriceFen,
      amountFen: m.amountFen,
      invoiceType: m.invoiceType,
      taxRatePercent: m.taxRatePercent,
    })),
    groups,
    totals: { goodsFen: statement.goodsFen, freightFen: statement.freightFen, returnsFen: statement.returnsFen, totalFen: statement.totalFen },
  });
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * 确认: the supplier agrees with the statement. The answer is a receipt — the server's time and the
 * SHA-256 of the canonical content, kept with the exact text — that both sides can recompute. Only
 * a supplier confirms (staff are refused with 403), so the call takes the access like every act of
 * the supplier's.
 */
export async function confirmStatement(ctx: StatementWriteContext, input: { id: number; version: number }, access: StatementAccess) {
  return ctx.db.transaction(async (tx) => {
    const statement = await lockStatement(tx, access, input.id, input.version);
    assertStatementAction(statement, 'confirm', access);
    const canonicalContent = await canonicalContentOf(tx, statement);
    const receiptSha256 = sha256Hex(canonicalContent);
    const confirmedAt = ctx.now();
    const to = STATEMENT_TRANSITIONS.confirm.to;
    await updateVersioned(tx, supplierStatements, statement.id, input.version, {
      status: to,
      confirmedAt,
      canonicalContent,
      receiptSha256,
      disputeReason: null,
    });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'confirm',
      recordId: statement.id,
      // The whole digest stays on the statement: a 64-letter word would widen the operation log.
      summary: `${statement.code} 供应商确认，摘要 ${receiptSha256.slice(0, 16)}…`,
      before: { status: statement.status },
      after: { status: to, receiptSha256, confirmedAt: iso(confirmedAt) },
    });
    const [supplier] = await tx.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(eq(suppliers.id, statement.supplierId));
    await notify(tx, ctx.actor, { kind: 'statement_confirmed', statement: statementRef(statement), supplier });
    return { confirmedAt: iso(confirmedAt) as string, receiptSha256, canonicalContent };
  });
}

/** 有异议: the supplier's reason, and a note on any of its movements; the buyer revises it. */
export async function disputeStatement(ctx: StatementWriteContext, input: z.output<typeof statementDisputeRequest>, access: StatementAccess) {
  await ctx.db.transaction(async (tx) => {
    const statement = await lockStatement(tx, access, input.id, input.version);
    assertStatementAction(statement, 'dispute', access);
    const notes = input.notes ?? [];
    if (notes.length > 0) {
      const ids = notes.map((n) => n.movementId);
      const own = await tx
        .select({ id: supplierStatementMovements.id })
        .from(supplierStatementMovements)
        .where(and(eq(supplierStatementMovements.statementId, statement.id), inArray(supplierStatementMovements.id, ids)));
      const ownIds = new Set(own.map((r) => r.id));
      notes.forEach((note, i) => {
        if (!ownIds.has(note.movementId)) throw fieldError(`notes.${i}.movement_id`, `第${i + 1}条说明的明细不在该对账单上`);
      });
      for (const note of notes) {
        await tx.update(supplierStatementMovements).set({ disputeNote: note.note }).where(eq(supplierStatementMovements.id, note.movementId));
      }
    }
    const to = STATEMENT_TRANSITIONS.dispute.to;
    await updateVersioned(tx, supplierStatements, statement.id, input.version, { status: to, disputeReason: input.reason });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'dispute',
      recordId: statement.id,
      summary: `${statement.code} 供应商提出异议：${input.reason}`,
      before: { status: statement.status },
      after: { status: to, disputeReason: input.reason, notes },
    });
    const [supplier] = await tx.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(eq(suppliers.id, statement.supplierId));
    await notify(tx, ctx.actor, { kind: 'statement_disputed', statement: statementRef(statement), supplier, reason: input.reason });
  });
  return { id: input.id };
}

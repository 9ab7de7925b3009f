import { type MatchOutcome, matchStatement, type StatementGroupFigures, statementGroups } from '@scm/contract';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supplierInvoices, supplierStatementExceptions, supplierStatements, suppliers } from '../../db/schema';
import type { Actor } from '../../lib/http/context';
import { companyTaxpayer } from '../dictionary/company-taxpayer';
import { invoiceTaxToleranceFen } from '../dictionary/invoice-tax-tolerance';
import { notify } from '../message/notify';
import { type StatementRow, statementRef } from './access';
import { companyTaxId } from './company';
import { movementSums } from './gather';

/** The statement's (type, rate) groups with their figures, for the company's taxpayer type now. */
export async function groupsOf(db: Db, statementId: number): Promise<StatementGroupFigures[]> {
  const [sums, taxpayer] = await Promise.all([movementSums(db, statementId), companyTaxpayer(db)]);
  return statementGroups(sums, taxpayer);
}

/** What the check needs besides the groups, read in one place so `match` and the detail agree. */
async function checkInput(db: Db, statement: StatementRow) {
  const [groups, invoices, decided, [supplier], toleranceFen, taxpayer, company] = await Promise.all([
    groupsOf(db, statement.id),
    db
      .select()
      .from(supplierInvoices)
      .where(and(eq(supplierInvoices.statementId, statement.id), eq(supplierInvoices.status, 'valid')))
      .orderBy(supplierInvoices.id),
    db
      .select({ key: supplierStatementExceptions.key, status: supplierStatementExceptions.status })
      .from(supplierStatementExceptions)
      .where(eq(supplierStatementExceptions.statementId, statement.id)),
    db.select({ creditCode: suppliers.creditCode }).from(suppliers).where(eq(suppliers.id, statement.supplierId)),
    invoiceTaxToleranceFen(db),
    companyTaxpayer(db),
    companyTaxId(db),
  ]);
  const decisions = new Map(decided.flatMap((d) => (d.status === 'open' ? [] : [[d.key, d.status] as const])));
  return {
    groups,
    invoices,
    decisions,
    outcome: matchStatement({
      groups,
      invoices,
      supplierTaxId: supplier?.creditCode ?? null,
      companyTaxId: company,
      taxToleranceFen: toleranceFen,
      taxpayer,
      decisions,
    }),
  };
}

/** The check as it stands, without writing anything (the detail's groups). */
export async function previewCheck(db: Db, statement: StatementRow): Promise<MatchOutcome> {
  return (await checkInput(db, statement)).outcome;
}

/**
 * Runs the check 三单匹配 on a locked statement (docs/rules/statements.md, "The check"): keeps the
 * exceptions it finds — a decision stays with the same difference, a new difference opens —, drops
 * those that no longer hold, tells the approvers of new ones, and moves the statement between
 * 已确认 and 已开票 by the outcome. Answers the outcome.
 */
export async function runCheck(tx: Db, actor: Actor, statement: StatementRow): Promise<MatchOutcome> {
  const { outcome, decisions } = await checkInput(tx, statement);
  const keys = outcome.exceptions.map((e) => e.key);
  await tx
    .delete(supplierStatementExceptions)
    .where(
      and(eq(supplierStatementExceptions.statementId, statement.id), keys.length ? notInArray(supplierStatementExceptions.key, keys) : undefined),
    );
  const fresh = outcome.exceptions.filter((e) => !decisions.has(e.key));
  if (outcome.exceptions.length > 0) {
    const inserted = await tx
      .insert(supplierStatementExceptions)
      .values(
        outcome.exceptions.map((e, sort) => ({
          statementId: statement.id,
          key: e.key,
          sort,
          kind: e.kind,
          invoiceType: e.invoiceType,
          taxRatePercent: e.taxRatePercent,
          expectedFen: e.expectedFen,
          actualFen: e.actualFen,
          realCostImpactFen: e.realCostImpactFen,
          detail: e.detail,
        })),
      )
      .onConflictDoUpdate({
        target: [supplierStatementExceptions.statementId, supplierStatementExceptions.key],
        set: { sort: sql`excluded.sort` },
      })
      .returning({ key: supplierStatementExceptions.key, status: supplierStatementExceptions.status });
    const opened = inserted.filter((row) => row.status === 'open' && fresh.some((e) => e.key === row.key)).length;
    if (opened > 0) await notify(tx, actor, { kind: 'statement_exception', statement: statementRef(statement), count: opened });
  }
  const status = outcome.result === 'matched' ? 'invoiced' : 'confirmed';
  if (status !== statement.status || outcome.result !== statement.matchResult) {
    await tx
      .update(supplierStatements)
      .set({ status, matchResult: outcome.result, version: sql`${supplierStatements.version} + 1`, updatedAt: sql`now()` })
      .where(eq(supplierStatements.id, statement.id));
  }
  return outcome;
}

import {
  fenToYuan,
  INVOICE_TRANSITIONS,
  invoiceActionAllowed,
  type invoiceCreateRequest,
  invoiceProblems,
  type invoiceVoidRequest,
  shanghaiDay,
} from '@scm/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { supplierInvoices, supplierStatements, suppliers } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { AuthUser } from '../../lib/http/context';
import { badRequest, conflict, notFound, staleVersion } from '../../lib/http/errors';
import { updateVersioned } from '../../lib/records/versioned-update';
import { notify } from '../message/notify';
import { lockStatement, type StatementAccess, statementRef } from './access';
import { runCheck } from './check';
import { assertStatementAction } from './status';
import type { StatementWriteContext } from './supplier-acts';

const MODULE = 'supplier_statement';

type InvoiceInput = z.output<typeof invoiceCreateRequest>;

/**
 * 登记发票 (finance) or 上传发票 (the supplier in the portal, `{ supplierId }`): one function for both
 * realms. Refused with 400 for a malformed number, amounts that do not add up or a date after
 * today; 409 for a statement not confirmed or a number registered anywhere before (naming its
 * statement: the unique index decides between two registering at once). The check runs after.
 */
export async function registerInvoice(ctx: StatementWriteContext & { portalAccountId?: number }, input: InvoiceInput, access: StatementAccess) {
  return ctx.db.transaction(async (tx) => {
    const statement = await lockStatement(tx, access, input.statementId);
    assertStatementAction(statement, 'invoice', access);
    const problems = invoiceProblems(input, shanghaiDay(ctx.now()));
    if (problems.length > 0) throw badRequest(problems[0].message, problems);
    const invoiceCode = input.invoiceCode ?? '';
    const bySupplier = 'supplierId' in access;
    const [row] = await tx
      .insert(supplierInvoices)
      .values({
        statementId: statement.id,
        invoiceNumber: input.invoiceNumber,
        invoiceCode,
        invoiceType: input.invoiceType,
        taxRatePercent: input.taxRatePercent,
        issueDate: input.issueDate,
        sellerTaxId: input.sellerTaxId,
        buyerTaxId: input.buyerTaxId,
        amountExclTaxFen: input.amountExclTaxFen,
        taxFen: input.taxFen,
        amountInclTaxFen: input.amountInclTaxFen,
        submittedBy: bySupplier ? 'supplier' : 'staff',
        createdBy: bySupplier ? null : ctx.actor.userId,
        portalAccountId: bySupplier ? (ctx.portalAccountId ?? null) : null,
      })
      .onConflictDoNothing()
      .returning({ id: supplierInvoices.id });
    if (!row) {
      const [held] = await tx
        .select({ code: supplierStatements.code })
        .from(supplierInvoices)
        .innerJoin(supplierStatements, eq(supplierStatements.id, supplierInvoices.statementId))
        .where(and(eq(supplierInvoices.invoiceCode, invoiceCode), eq(supplierInvoices.invoiceNumber, input.invoiceNumber)));
      throw conflict(`发票号码 ${input.invoiceNumber} 已登记在对账单 ${held?.code ?? ''}`);
    }
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'invoice',
      recordId: statement.id,
      summary: `${statement.code} ${bySupplier ? '供应商上传' : '登记'}发票 ${input.invoiceNumber}，含税 ¥${fenToYuan(input.amountInclTaxFen, true)}`,
      after: {
        invoiceNumber: input.invoiceNumber,
        invoiceCode: invoiceCode || null,
        invoiceType: input.invoiceType,
        taxRatePercent: input.taxRatePercent,
        submittedBy: bySupplier ? 'supplier' : 'staff',
      },
    });
    if (bySupplier) {
      const [supplier] = await tx.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(eq(suppliers.id, statement.supplierId));
      await notify(tx, ctx.actor, { kind: 'invoice_submitted', statement: statementRef(statement), supplier, invoiceNumber: input.invoiceNumber });
    }
    await runCheck(tx, ctx.actor, statement);
    return { id: row.id };
  });
}

/** 作废发票 with a reason, before approval (the statement's `void_invoice`, then the invoice's INVOICE_TRANSITIONS); the check runs again. */
export async function voidInvoice(ctx: StatementWriteContext & { user: AuthUser }, input: z.output<typeof invoiceVoidRequest>) {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx.select().from(supplierInvoices).where(eq(supplierInvoices.id, input.id));
    if (!found) throw notFound('发票不存在');
    const access = { user: ctx.user };
    const statement = await lockStatement(tx, access, found.statementId).catch(() => {
      throw notFound('发票不存在');
    });
    const [invoice] = await tx.select().from(supplierInvoices).where(eq(supplierInvoices.id, input.id)).for('update');
    if (invoice.version !== input.version) throw staleVersion();
    assertStatementAction(statement, 'void_invoice', access);
    if (!invoiceActionAllowed('void', invoice.status)) throw conflict('发票已作废');
    const status = INVOICE_TRANSITIONS.void.to;
    await updateVersioned(tx, supplierInvoices, invoice.id, input.version, { status, voidReason: input.reason });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'void_invoice',
      recordId: statement.id,
      summary: `${statement.code} 作废发票 ${invoice.invoiceNumber}：${input.reason}`,
      before: { invoiceNumber: invoice.invoiceNumber, status: invoice.status },
      after: { invoiceNumber: invoice.invoiceNumber, status, voidReason: input.reason },
    });
    await runCheck(tx, ctx.actor, statement);
    return { id: invoice.id };
  });
}

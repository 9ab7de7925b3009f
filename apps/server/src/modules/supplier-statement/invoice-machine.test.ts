import { INVOICE_STATUSES, INVOICE_TRANSITIONS, type InvoiceStatus, supplierInvoiceApi } from '@scm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe } from 'vitest';
import { createTestApp, shanghaiDay, type TestApp } from '../../../test/helpers';
import { sentStatement } from '../../../test/order-fixtures';
import { seedDictionaries } from '../../../test/procurement-fixtures';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';
import { supplierInvoices, supplierStatementExceptions, supplierStatements } from '../../db/schema';

/*
 * A registered invoice's own status machine (INVOICE_TRANSITIONS): 作废 takes a valid invoice to
 * 已作废, once. The statement's status is swept by supplier-statement.test.ts (`void_invoice`); here
 * it is held at 已确认, where voiding is open, so the invoice's status alone decides.
 */

let t: TestApp;
let admin: string;
let statementId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await seedDictionaries(t);
  ({ statementId } = await sentStatement(t, admin));
});
afterAll(() => t.close());

describe('the invoice status machine', () => {
  let serial = 0;
  const invoiceRow = async (id: number) => (await t.database.db.select().from(supplierInvoices).where(eq(supplierInvoices.id, id)))[0];

  /** A fresh invoice in `status` on the statement, put back to 已确认. */
  async function build(status: InvoiceStatus) {
    const db = t.database.db;
    serial += 1;
    await db.update(supplierStatements).set({ status: 'confirmed', matchResult: null }).where(eq(supplierStatements.id, statementId));
    const [invoice] = await db
      .insert(supplierInvoices)
      .values({
        statementId,
        invoiceNumber: `8${String(serial).padStart(19, '0')}`,
        invoiceType: 'special',
        taxRatePercent: 13,
        issueDate: shanghaiDay(t),
        sellerTaxId: '91330100MA2000001X',
        buyerTaxId: '91440300MA5F6G7H8J',
        amountExclTaxFen: 0,
        taxFen: 0,
        amountInclTaxFen: 0,
        submittedBy: 'staff',
        status,
        voidReason: status === 'void' ? '探针' : null,
      })
      .returning();
    return invoice;
  }

  sweepStatusMachine({
    machine: INVOICE_TRANSITIONS,
    statuses: INVOICE_STATUSES,
    build,
    act: (_action, invoice) => t.api(supplierInvoiceApi.void, { id: invoice.id, version: invoice.version, reason: '探针' }, admin),
    snapshot: async (invoice) => {
      const db = t.database.db;
      return {
        invoice: await invoiceRow(invoice.id),
        statement: await db.select().from(supplierStatements).where(eq(supplierStatements.id, statementId)),
        exceptions: await db.select().from(supplierStatementExceptions).where(eq(supplierStatementExceptions.statementId, statementId)),
        audit: await auditRowCount(db),
      };
    },
    statusOf: async (invoice) => (await invoiceRow(invoice.id)).status,
    refusal: () => '发票已作废',
  });
});

import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { backUsers } from './access';
import { timestamps, version } from './common';
import { portalAccounts } from './portal';
import { purchaseOrders } from './purchase-order';
import { suppliers } from './supplier';

/** A supplier's statement 对账单 for a period (docs/rules/statements.md). */
export const supplierStatements = pgTable(
  'supplier_statements',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['draft', 'sent', 'disputed', 'confirmed', 'invoiced', 'approved', 'paid', 'cancelled'] })
      .notNull()
      .default('draft'),
    revision: integer('revision').notNull().default(1),
    goodsFen: bigint('goods_fen', { mode: 'number' }).notNull().default(0),
    freightFen: bigint('freight_fen', { mode: 'number' }).notNull().default(0),
    returnsFen: bigint('returns_fen', { mode: 'number' }).notNull().default(0),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull().default(0),
    remark: text('remark'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => backUsers.id),
    /** First sent to the supplier: from then on the portal shows it. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The exact text the supplier confirmed, and its SHA-256 (hex): the receipt both sides can recompute. */
    canonicalContent: text('canonical_content'),
    receiptSha256: text('receipt_sha256'),
    disputeReason: text('dispute_reason'),
    cancelReason: text('cancel_reason'),
    matchResult: text('match_result', { enum: ['matched', 'exception', 'incomplete'] }),
    approvedBy: integer('approved_by').references(() => backUsers.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidOn: date('paid_on', { mode: 'string' }),
    paidAmountFen: bigint('paid_amount_fen', { mode: 'number' }),
    paymentRef: text('payment_ref'),
    paymentReason: text('payment_reason'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('supplier_statements_code_unique').on(t.code),
    index('supplier_statements_created_idx').on(t.createdAt, t.id),
    index('supplier_statements_supplier_idx').on(t.supplierId, t.createdAt),
    index('supplier_statements_status_idx').on(t.status, t.createdAt),
    index('supplier_statements_creator_idx').on(t.createdBy, t.createdAt),
  ],
);

/**
 * A movement of the ledger as a statement holds it: a copy of what it was when gathered, so a
 * confirmed statement never changes. `live` is true while its statement is not cancelled; the
 * partial unique indexes keep each receipt line, return line and order freight on one live
 * statement at most, whatever races the service loses.
 */
export const supplierStatementMovements = pgTable(
  'supplier_statement_movements',
  {
    id: serial('id').primaryKey(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => supplierStatements.id, { onDelete: 'cascade' }),
    live: boolean('live').notNull().default(true),
    kind: text('kind', { enum: ['receipt', 'reversal', 'return', 'freight'] }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    orderLineId: integer('order_line_id'),
    receiptId: integer('receipt_id'),
    /** The ledger row it copies: a receipt or reversal line, or a shipped return line. */
    receiptLineId: integer('receipt_line_id'),
    returnId: integer('return_id'),
    returnLineId: integer('return_line_id'),
    date: date('date', { mode: 'string' }).notNull(),
    skuCode: text('sku_code'),
    commodityName: text('commodity_name'),
    quantity: integer('quantity'),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    invoiceType: text('invoice_type', { enum: ['special', 'ordinary', 'none'] }).notNull(),
    taxRatePercent: integer('tax_rate_percent').notNull(),
    disputeNote: text('dispute_note'),
  },
  (t) => [
    index('supplier_statement_movements_statement_idx').on(t.statementId, t.id),
    // 冲销 asks whether a receipt is on a live statement.
    index('supplier_statement_movements_receipt_idx').on(t.receiptId),
    uniqueIndex('supplier_statement_movements_receipt_live').on(t.receiptLineId).where(sql`${t.live} and ${t.kind} in ('receipt', 'reversal')`),
    uniqueIndex('supplier_statement_movements_return_live').on(t.returnId, t.orderLineId).where(sql`${t.live} and ${t.kind} = 'return'`),
    uniqueIndex('supplier_statement_movements_freight_live').on(t.orderId).where(sql`${t.live} and ${t.kind} = 'freight'`),
  ],
);

/** An invoice 发票 registered against a statement; a number (with its code) is registered once, ever. */
export const supplierInvoices = pgTable(
  'supplier_invoices',
  {
    id: serial('id').primaryKey(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => supplierStatements.id),
    invoiceNumber: text('invoice_number').notNull(),
    /** Empty for a 数电票, whose 20-digit number stands alone. */
    invoiceCode: text('invoice_code').notNull().default(''),
    invoiceType: text('invoice_type', { enum: ['special', 'ordinary'] }).notNull(),
    taxRatePercent: integer('tax_rate_percent').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    sellerTaxId: text('seller_tax_id').notNull(),
    buyerTaxId: text('buyer_tax_id').notNull(),
    amountExclTaxFen: bigint('amount_excl_tax_fen', { mode: 'number' }).notNull(),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull(),
    amountInclTaxFen: bigint('amount_incl_tax_fen', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['valid', 'void'] })
      .notNull()
      .default('valid'),
    submittedBy: text('submitted_by', { enum: ['supplier', 'staff'] }).notNull(),
    createdBy: integer('created_by').references(() => backUsers.id),
    portalAccountId: integer('portal_account_id').references(() => portalAccounts.id),
    voidReason: text('void_reason'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('supplier_invoices_number_unique').on(t.invoiceCode, t.invoiceNumber),
    index('supplier_invoices_statement_idx').on(t.statementId),
  ],
);

/** A difference the check found, kept with its decision while the same difference stands. */
export const supplierStatementExceptions = pgTable(
  'supplier_statement_exceptions',
  {
    statementId: integer('statement_id')
      .notNull()
      .references(() => supplierStatements.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    sort: integer('sort').notNull(),
    kind: text('kind', { enum: ['amount_over', 'amount_under', 'tax_diff', 'type_mismatch', 'seller_mismatch', 'buyer_mismatch'] }).notNull(),
    invoiceType: text('invoice_type', { enum: ['special', 'ordinary', 'none'] }).notNull(),
    taxRatePercent: integer('tax_rate_percent').notNull(),
    expectedFen: bigint('expected_fen', { mode: 'number' }).notNull(),
    actualFen: bigint('actual_fen', { mode: 'number' }).notNull(),
    realCostImpactFen: bigint('real_cost_impact_fen', { mode: 'number' }).notNull(),
    detail: text('detail').notNull(),
    status: text('status', { enum: ['open', 'accepted', 'rejected'] })
      .notNull()
      .default('open'),
    reason: text('reason'),
    resolvedBy: integer('resolved_by').references(() => backUsers.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.statementId, t.key] })],
);

import type { StatementDetail, StatementItem, statementExportRequest, statementListRequest } from '@scm/contract';
import { SUPPLIER_STATEMENT_AUDIT, statementRealTotal } from '@scm/contract';
import { and, asc, desc, eq, getTableColumns, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditLogs, backUsers, purchaseOrders, supplierInvoices, supplierStatementMovements, supplierStatements, suppliers } from '../../db/schema';
import { allWordsLike } from '../../lib/sql/keywords';
import { orderBy, pageOffset, pageResult } from '../../lib/sql/paging';
import { placeholders, preparedByShape, type Param, written } from '../../lib/sql/prepared';
import { iso } from '../../lib/sql/rows';
import { loadStatement, type StatementAccess, type StatementRow, statementScope, statementScopeShape } from './access';
import { exceptionsOf } from './approval';
import { groupsOf, previewCheck } from './check';
import { allowedStatementActions } from './status';

type Filter = z.output<typeof statementExportRequest> & { status?: StatementRow['status'] };

/** The list's and the export's filter within `access`; a prepared statement passes `param` (`placeholders()`). */
function filterWhere(access: StatementAccess, input: Filter, param: Param = written): SQL | undefined {
  return and(
    statementScope(access, param),
    allWordsLike(sql`${supplierStatements.code} || ' ' || ${suppliers.name}`, input.keyword, param),
    input.supplierId ? eq(supplierStatements.supplierId, param('supplierId', input.supplierId)) : undefined,
    input.status ? eq(supplierStatements.status, param('status', input.status)) : undefined,
    // Periods that overlap the filter's days.
    input.periodFrom ? gte(supplierStatements.periodTo, param('periodFrom', input.periodFrom)) : undefined,
    input.periodTo ? lte(supplierStatements.periodFrom, param('periodTo', input.periodTo)) : undefined,
  );
}

// A list row leaves out the confirmed text, which only the detail shows: it runs to megabytes on a
// statement of thousands of movements, and a page of 20 read 340 KB of it at scale.
const { canonicalContent: _, ...listedColumns } = getTableColumns(supplierStatements);

const itemQuery = (db: Db) =>
  db
    .select({ statement: listedColumns, supplierName: suppliers.name, createdByName: backUsers.username })
    .from(supplierStatements)
    .innerJoin(suppliers, eq(suppliers.id, supplierStatements.supplierId))
    .innerJoin(backUsers, eq(backUsers.id, supplierStatements.createdBy));

type ItemRow = { statement: Omit<StatementRow, 'canonicalContent'>; supplierName: string; createdByName: string };

function toItem({ statement: s, supplierName, createdByName }: ItemRow): StatementItem {
  return {
    id: s.id,
    code: s.code,
    supplierId: s.supplierId,
    supplierName,
    periodFrom: s.periodFrom,
    periodTo: s.periodTo,
    status: s.status,
    revision: s.revision,
    totalFen: s.totalFen,
    goodsFen: s.goodsFen,
    freightFen: s.freightFen,
    returnsFen: s.returnsFen,
    createdByName,
    createdAt: iso(s.createdAt) ?? '',
    version: s.version,
  };
}

const sortColumns = {
  code: supplierStatements.code,
  createdAt: supplierStatements.createdAt,
  periodTo: supplierStatements.periodTo,
  totalFen: supplierStatements.totalFen,
};

const statementPage = preparedByShape(
  (db, { where, order }: { where: SQL | undefined; order: SQL[] }) =>
    itemQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  'statement_list',
);
const statementCount = preparedByShape(
  (db, { where }: { where: SQL | undefined }) =>
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(supplierStatements)
      .innerJoin(suppliers, eq(suppliers.id, supplierStatements.supplierId))
      .where(where),
  'statement_count',
);

export async function listStatements(db: Db, access: StatementAccess, input: z.output<typeof statementListRequest>) {
  const { param, values } = placeholders();
  const where = filterWhere(access, input, param);
  // Which conditions are present is all the statement's text depends on (lib/sql/prepared.ts).
  const shape = [statementScopeShape(access), ...Object.keys(values).sort()].join(',');
  const order = orderBy(input, sortColumns, [desc(supplierStatements.createdAt)], supplierStatements.id);
  const [rows, [{ total }]] = await Promise.all([
    statementPage(
      db,
      `${shape};${input.sortField ?? ''} ${input.sortOrder ?? ''}`,
      { where, order },
      { ...values, limit: input.pageSize, offset: pageOffset(input) },
    ),
    statementCount(db, shape, { where }, values),
  ]);
  return pageResult(rows.map(toItem), total, input);
}

/** The statements matching a filter, newest first, a batch at a time (for the Excel export). */
export async function* statementsForExport(db: Db, access: StatementAccess, input: Filter, batchSize = 500) {
  const where = filterWhere(access, input);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await itemQuery(db)
      .where(where)
      .orderBy(desc(supplierStatements.createdAt), desc(supplierStatements.id))
      .limit(batchSize)
      .offset(offset);
    if (rows.length === 0) return;
    yield rows.map(toItem);
    if (rows.length < batchSize) return;
  }
}

export async function getStatement(db: Db, access: StatementAccess, id: number): Promise<StatementDetail> {
  const statement = await loadStatement(db, access, id);
  const [[row], [supplier], movements, groups, invoices, exceptions, history] = await Promise.all([
    itemQuery(db).where(eq(supplierStatements.id, id)),
    db.select({ creditCode: suppliers.creditCode }).from(suppliers).where(eq(suppliers.id, statement.supplierId)),
    db
      .select({ movement: supplierStatementMovements, orderCode: purchaseOrders.code })
      .from(supplierStatementMovements)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, supplierStatementMovements.orderId))
      .where(eq(supplierStatementMovements.statementId, id))
      .orderBy(asc(purchaseOrders.code), asc(supplierStatementMovements.date), asc(supplierStatementMovements.id)),
    groupsOf(db, id),
    db.select().from(supplierInvoices).where(eq(supplierInvoices.statementId, id)).orderBy(asc(supplierInvoices.id)),
    exceptionsOf(db, id),
    // The history is the staff's record; a supplier sees its statement, not who did what inside the company.
    'user' in access
      ? db
          .select({ action: auditLogs.action, at: auditLogs.createdAt, byName: auditLogs.userName, summary: auditLogs.summary })
          .from(auditLogs)
          .where(and(eq(auditLogs.module, SUPPLIER_STATEMENT_AUDIT.module), eq(auditLogs.recordId, String(id))))
          .orderBy(asc(auditLogs.id))
      : Promise.resolve([]),
  ]);
  // Coverage is read from the check as it stands now, so the groups show what is invoiced so far.
  const checked = ['confirmed', 'invoiced', 'approved', 'paid'].includes(statement.status) ? await previewCheck(db, statement) : null;
  return {
    ...toItem(row),
    supplierCreditCode: supplier?.creditCode ?? null,
    remark: statement.remark,
    movements: movements.map(({ movement: m, orderCode }) => ({
      id: m.id,
      kind: m.kind,
      orderId: m.orderId,
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
      disputeNote: m.disputeNote,
    })),
    groups: groups.map((g, i) => ({
      invoiceType: g.invoiceType,
      taxRatePercent: g.taxRatePercent,
      amountInclTaxFen: g.amountInclTaxFen,
      amountExclTaxFen: g.amountExclTaxFen,
      taxFen: g.taxFen,
      invoicedInclTaxFen: checked?.coverage[i]?.invoicedInclTaxFen ?? 0,
      invoicedTaxFen: checked?.coverage[i]?.invoicedTaxFen ?? 0,
      realFen: g.realFen,
    })),
    realTotalFen: statementRealTotal(groups),
    invoices: invoices.map((inv) => ({
      id: inv.id,
      invoiceNumber: inv.invoiceNumber,
      invoiceCode: inv.invoiceCode || null,
      invoiceType: inv.invoiceType,
      taxRatePercent: inv.taxRatePercent,
      issueDate: inv.issueDate,
      sellerTaxId: inv.sellerTaxId,
      buyerTaxId: inv.buyerTaxId,
      amountExclTaxFen: inv.amountExclTaxFen,
      taxFen: inv.taxFen,
      amountInclTaxFen: inv.amountInclTaxFen,
      status: inv.status,
      submittedBy: inv.submittedBy,
      voidReason: inv.voidReason,
      version: inv.version,
    })),
    exceptions,
    matchResult: statement.matchResult,
    confirmedAt: iso(statement.confirmedAt),
    receiptSha256: statement.receiptSha256,
    canonicalContent: statement.canonicalContent,
    disputeReason: statement.disputeReason,
    cancelReason: statement.cancelReason,
    paidOn: statement.paidOn,
    paidAmountFen: statement.paidAmountFen,
    paymentRef: statement.paymentRef,
    paymentReason: statement.paymentReason,
    history: history.map((h) => ({ action: h.action, at: iso(h.at) ?? '', byName: h.byName, summary: h.summary })),
    allowedActions: allowedStatementActions(statement, access),
  };
}

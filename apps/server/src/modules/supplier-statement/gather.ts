import { type FigureMovement, statementTotals, type StatementTotals } from '@scm/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  commodities,
  purchaseOrderLines,
  purchaseOrders,
  purchaseReceiptLines,
  purchaseReceipts,
  purchaseReturnLines,
  purchaseReturns,
  supplierStatementMovements as m,
  supplierStatements,
} from '../../db/schema';
import { queryRows } from '../../lib/sql/rows';

interface Gathering {
  statementId: number;
  supplierId: number;
  periodFrom: string;
  periodTo: string;
}

/**
 * Puts on the statement every movement of its supplier dated inside its period that no live
 * statement holds (docs/rules/statements.md, "What a statement takes"): receipt lines (accepted
 * quantity × unit price), then each order's freight when this statement took the order's first
 * receipt. Runs as INSERT … SELECT so thousands of movements cost one round trip each; the caller
 * holds the supplier's lock, and the partial unique indexes refuse a movement taken twice.
 */
export async function gatherMovements(tx: Db, g: Gathering): Promise<void> {
  await tx.execute(sql`
    insert into ${m} (statement_id, kind, order_id, order_line_id, receipt_id, receipt_line_id, date, sku_code, commodity_name, quantity, unit_price_fen, amount_fen, invoice_type, tax_rate_percent)
    select ${g.statementId}, case when r.reversal_of is null then 'receipt' else 'reversal' end, o.id, ol.id, r.id, rl.id, r.received_on, c.sku_code, c.name, rl.quantity, ol.unit_price_fen,
           rl.quantity * ol.unit_price_fen, o.invoice_type, o.tax_rate_percent
    from ${purchaseReceipts} r
    join ${purchaseOrders} o on o.id = r.order_id
    join ${purchaseReceiptLines} rl on rl.receipt_id = r.id
    join ${purchaseOrderLines} ol on ol.id = rl.order_line_id
    join ${commodities} c on c.id = ol.commodity_id
    where o.supplier_id = ${g.supplierId}
      and r.received_on between ${g.periodFrom} and ${g.periodTo}
      and rl.quantity <> 0
      and not exists (
        select 1 from ${m} held
        where held.live and held.kind in ('receipt', 'reversal') and held.receipt_line_id = rl.id
      )
    order by r.received_on, r.id, ol.sort, ol.id`);
  await tx.execute(sql`
    insert into ${m} (statement_id, kind, order_id, order_line_id, return_id, return_line_id, date, sku_code, commodity_name, quantity, unit_price_fen, amount_fen, invoice_type, tax_rate_percent)
    select ${g.statementId}, 'return', o.id, ol.id, rt.id, rl.id, rt.shipped_on, c.sku_code, c.name, -rl.quantity, rl.unit_price_fen,
           -rl.amount_fen, o.invoice_type, o.tax_rate_percent
    from ${purchaseReturns} rt
    join ${purchaseOrders} o on o.id = rt.order_id
    join ${purchaseReturnLines} rl on rl.return_id = rt.id
    join ${purchaseOrderLines} ol on ol.id = rl.order_line_id
    join ${commodities} c on c.id = ol.commodity_id
    where o.supplier_id = ${g.supplierId}
      and rt.status = 'shipped'
      and rt.shipped_on between ${g.periodFrom} and ${g.periodTo}
      and rl.quantity <> 0
      and not exists (
        select 1 from ${m} held
        where held.live and held.kind = 'return' and held.return_line_id = rl.id
      )
    order by rt.shipped_on, rt.id, ol.sort, ol.id`);
  // Freight starts from the receipts this statement just took (not from every order of the supplier):
  // an order's freight comes with its first receipt that is not a reversal.
  await tx.execute(sql`
    insert into ${m} (statement_id, kind, order_id, receipt_id, date, amount_fen, invoice_type, tax_rate_percent)
    select ${g.statementId}, 'freight', o.id, r.id, r.received_on, o.freight_fen, o.invoice_type, o.tax_rate_percent
    from (select distinct receipt_id from ${m} where statement_id = ${g.statementId} and kind = 'receipt') own
    join ${purchaseReceipts} r on r.id = own.receipt_id
    join ${purchaseOrders} o on o.id = r.order_id
    where o.freight_fen <> 0
      and not exists (
        select 1 from ${purchaseReceipts} earlier
        where earlier.order_id = r.order_id and earlier.reversal_of is null
          and (earlier.received_on, earlier.id) < (r.received_on, r.id)
      )
      and not exists (select 1 from ${m} held where held.live and held.kind = 'freight' and held.order_id = o.id)
    order by r.received_on, r.id`);
}

export interface GroupSum extends FigureMovement {
  count: number;
}

/** The statement's movements summed by kind and (type, rate): enough for every figure. */
export async function movementSums(db: Db, statementId: number): Promise<GroupSum[]> {
  const rows = await queryRows<{
    kind: FigureMovement['kind'];
    invoice_type: FigureMovement['invoiceType'];
    tax_rate_percent: number;
    amount: string;
    count: number;
  }>(
    db,
    sql`select kind, invoice_type, tax_rate_percent, sum(amount_fen)::text as amount, count(*)::int as count
        from ${m} where statement_id = ${statementId}
        group by kind, invoice_type, tax_rate_percent`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    invoiceType: r.invoice_type,
    taxRatePercent: r.tax_rate_percent,
    amountFen: Number(r.amount),
    count: r.count,
  }));
}

/** Writes the statement's totals from its movements; answers them with the number of movements. */
export async function refreshTotals(tx: Db, statementId: number): Promise<StatementTotals & { count: number }> {
  const sums = await movementSums(tx, statementId);
  const totals = statementTotals(sums);
  await tx.update(supplierStatements).set(totals).where(eq(supplierStatements.id, statementId));
  return { ...totals, count: sums.reduce((n, s) => n + s.count, 0) };
}

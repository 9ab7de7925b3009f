import type { PurchaseReturnDetail, PurchaseReturnItem, purchaseReturnExportRequest, purchaseReturnListRequest } from '@scm/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { backUsers, commodities, purchaseOrderLines, purchaseOrders, purchaseReturnLines, purchaseReturns, suppliers } from '../../db/schema';
import { allWordsLike } from '../../lib/sql/keywords';
import { countRows, orderBy, pageOffset, pageResult } from '../../lib/sql/paging';
import { iso } from '../../lib/sql/rows';
import type { OrderAccess } from '../purchase-order/access';
import { heldByReturns } from '../purchase-order/ledger';
import { loadReturn, returnAccessCondition } from './access';
import { allowedReturnActions } from './status';

type Filter = z.output<typeof purchaseReturnExportRequest>;

function filterWhere(access: OrderAccess, input: Filter): SQL | undefined {
  return and(
    returnAccessCondition(access),
    allWordsLike(sql`${purchaseReturns.code} || ' ' || ${purchaseOrders.code} || ' ' || ${suppliers.name}`, input.keyword),
    input.orderId ? eq(purchaseReturns.orderId, input.orderId) : undefined,
    input.supplierId ? eq(purchaseReturns.supplierId, input.supplierId) : undefined,
    input.status ? eq(purchaseReturns.status, input.status) : undefined,
  );
}

const itemQuery = (db: Db) =>
  db
    .select({ ret: purchaseReturns, orderCode: purchaseOrders.code, supplierName: suppliers.name })
    .from(purchaseReturns)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseReturns.orderId))
    .innerJoin(suppliers, eq(suppliers.id, purchaseReturns.supplierId));

type ItemRow = { ret: typeof purchaseReturns.$inferSelect; orderCode: string; supplierName: string };

function toItem({ ret, orderCode, supplierName }: ItemRow): PurchaseReturnItem {
  return {
    id: ret.id,
    code: ret.code,
    orderId: ret.orderId,
    orderCode,
    supplierId: ret.supplierId,
    supplierName,
    reasonType: ret.reasonType,
    replacement: ret.replacement,
    status: ret.status,
    quantity: ret.quantity,
    amountFen: ret.amountFen,
    createdAt: iso(ret.createdAt) ?? '',
    version: ret.version,
  };
}

const sortColumns = { code: purchaseReturns.code, createdAt: purchaseReturns.createdAt, amountFen: purchaseReturns.amountFen };

export async function listReturns(db: Db, access: OrderAccess, input: z.output<typeof purchaseReturnListRequest>) {
  const where = filterWhere(access, input);
  // The data scope reads the order's buyer; the keyword reads the order's code and the supplier's name.
  const countJoins: [PgTable, SQL][] = [];
  if (input.keyword || returnAccessCondition(access)) countJoins.push([purchaseOrders, eq(purchaseOrders.id, purchaseReturns.orderId)]);
  if (input.keyword) countJoins.push([suppliers, eq(suppliers.id, purchaseReturns.supplierId)]);
  const [rows, [{ total }]] = await Promise.all([
    itemQuery(db)
      .where(where)
      .orderBy(...orderBy(input, sortColumns, [desc(purchaseReturns.createdAt)], purchaseReturns.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    countRows(db, purchaseReturns, where, countJoins),
  ]);
  return pageResult(rows.map(toItem), total, input);
}

/** The returns matching a filter, newest first, a batch at a time (for the Excel export). */
export async function* returnsForExport(db: Db, access: OrderAccess, input: Filter, batchSize = 500) {
  const where = filterWhere(access, input);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await itemQuery(db).where(where).orderBy(desc(purchaseReturns.createdAt), desc(purchaseReturns.id)).limit(batchSize).offset(offset);
    if (rows.length === 0) return;
    yield rows.map(toItem);
    if (rows.length < batchSize) return;
  }
}

const buyers = alias(backUsers, 'buyers');

export async function getReturn(db: Db, access: OrderAccess, id: number): Promise<PurchaseReturnDetail> {
  const found = await loadReturn(db, access, id);
  const [[row], [extra], lines, held] = await Promise.all([
    itemQuery(db).where(eq(purchaseReturns.id, id)),
    db
      .select({
        buyerName: buyers.username,
        createdByName: backUsers.username,
        invoiceType: purchaseOrders.invoiceType,
        taxRatePercent: purchaseOrders.taxRatePercent,
      })
      .from(purchaseReturns)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseReturns.orderId))
      .innerJoin(buyers, eq(buyers.id, purchaseOrders.buyerId))
      .leftJoin(backUsers, eq(backUsers.id, purchaseReturns.createdBy))
      .where(eq(purchaseReturns.id, id)),
    db
      .select({
        line: purchaseReturnLines,
        net: purchaseOrderLines.receivedQuantity,
        skuCode: commodities.skuCode,
        commodityName: commodities.name,
        unit: commodities.unit,
      })
      .from(purchaseReturnLines)
      .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.id, purchaseReturnLines.orderLineId))
      .innerJoin(commodities, eq(commodities.id, purchaseOrderLines.commodityId))
      .where(eq(purchaseReturnLines.returnId, id))
      .orderBy(asc(purchaseOrderLines.sort), asc(purchaseReturnLines.id)),
    heldByReturns(db, found.orderId, id),
  ]);
  const ret = row.ret;
  return {
    ...toItem(row),
    lines: lines.map(({ line, net, ...commodity }) => ({
      id: line.id,
      orderLineId: line.orderLineId,
      ...commodity,
      quantity: line.quantity,
      unitPriceFen: line.unitPriceFen,
      amountFen: line.amountFen,
      reason: line.reason,
      returnableQuantity: Math.max(0, net - (held.get(line.orderLineId) ?? 0)),
    })),
    disputeReason: ret.disputeReason,
    cancelReason: ret.cancelReason,
    shippedOn: ret.shippedOn,
    remark: ret.remark,
    buyerName: extra.buyerName,
    createdByName: extra.createdByName,
    invoiceType: extra.invoiceType,
    taxRatePercent: extra.taxRatePercent,
    allowedActions: allowedReturnActions(ret, access),
  };
}

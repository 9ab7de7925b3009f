import { addDays, dayStart } from '@scm/contract';
import type { PurchaseOrderDetail, PurchaseOrderItem, purchaseOrderExportRequest, purchaseOrderListRequest } from '@scm/contract';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  backUsers,
  commodities,
  planningTasks,
  procurementTasks,
  purchaseOrderLines,
  purchaseOrders,
  purchaseReceiptLines,
  purchaseReceipts,
  purchaseReturns,
  suppliers,
} from '../../db/schema';
import { allWordsLike } from '../../lib/sql/keywords';
import { countRows, orderBy, pageOffset, pageResult } from '../../lib/sql/paging';
import { iso } from '../../lib/sql/rows';
import { regionFullName } from '../region/regions';
import { type OrderAccess, accessCondition, loadOrder } from './access';
import { heldByReturns } from './ledger';
import { orderShipments } from './shipment';
import { allowedOrderActions } from './status';

type Filter = z.output<typeof purchaseOrderExportRequest>;

function filterWhere(access: OrderAccess, input: Filter): SQL | undefined {
  return and(
    accessCondition(access),
    allWordsLike(sql`${purchaseOrders.code} || ' ' || ${suppliers.name}`, input.keyword),
    input.supplierId ? eq(purchaseOrders.supplierId, input.supplierId) : undefined,
    input.status ? eq(purchaseOrders.status, input.status) : undefined,
    input.buyerId ? eq(purchaseOrders.buyerId, input.buyerId) : undefined,
    input.taskId ? eq(purchaseOrders.taskId, input.taskId) : undefined,
    input.createdFrom ? gte(purchaseOrders.createdAt, dayStart(input.createdFrom)) : undefined,
    input.createdTo ? lt(purchaseOrders.createdAt, dayStart(addDays(input.createdTo, 1))) : undefined,
  );
}

const itemColumns = {
  order: purchaseOrders,
  taskCode: procurementTasks.code,
  supplierName: suppliers.name,
  buyerName: backUsers.username,
};

const itemQuery = (db: Db) =>
  db
    .select(itemColumns)
    .from(purchaseOrders)
    .innerJoin(procurementTasks, eq(procurementTasks.id, purchaseOrders.taskId))
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .innerJoin(backUsers, eq(backUsers.id, purchaseOrders.buyerId));

type ItemRow = { order: typeof purchaseOrders.$inferSelect; taskCode: string; supplierName: string; buyerName: string };

function toItem({ order, taskCode, supplierName, buyerName }: ItemRow): PurchaseOrderItem {
  return {
    id: order.id,
    code: order.code,
    taskId: order.taskId,
    taskCode,
    supplierId: order.supplierId,
    supplierName,
    status: order.status,
    goodsFen: order.goodsFen,
    freightFen: order.freightFen,
    totalFen: order.totalFen,
    orderedQuantity: order.orderedQuantity,
    receivedQuantity: order.receivedQuantity,
    requiredBy: order.requiredBy,
    buyerId: order.buyerId,
    buyerName,
    createdAt: iso(order.createdAt) ?? '',
    version: order.version,
  };
}

const sortColumns = {
  code: purchaseOrders.code,
  createdAt: purchaseOrders.createdAt,
  requiredBy: purchaseOrders.requiredBy,
  totalFen: purchaseOrders.totalFen,
};

export async function listOrders(db: Db, access: OrderAccess, input: z.output<typeof purchaseOrderListRequest>) {
  const where = filterWhere(access, input);
  const [rows, [{ total }]] = await Promise.all([
    itemQuery(db)
      .where(where)
      .orderBy(...orderBy(input, sortColumns, [desc(purchaseOrders.createdAt)], purchaseOrders.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    // The keyword reads the supplier's name.
    countRows(db, purchaseOrders, where, input.keyword ? [[suppliers, eq(suppliers.id, purchaseOrders.supplierId)]] : []),
  ]);
  return pageResult(rows.map(toItem), total, input);
}

/** The orders matching a filter, newest first, a batch at a time (for the Excel export). */
export async function* ordersForExport(db: Db, access: OrderAccess, input: Filter, batchSize = 500) {
  const where = filterWhere(access, input);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await itemQuery(db).where(where).orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id)).limit(batchSize).offset(offset);
    if (rows.length === 0) return;
    yield rows.map(toItem);
    if (rows.length < batchSize) return;
  }
}

export async function getOrder(db: Db, access: OrderAccess, id: number): Promise<PurchaseOrderDetail> {
  await loadOrder(db, access, id);
  const [[row], [extra], lines, receipts, shipmentList] = await Promise.all([
    itemQuery(db).where(eq(purchaseOrders.id, id)),
    db
      .select({
        taskName: procurementTasks.name,
        planCode: planningTasks.code,
        settlementType: suppliers.settlementType,
        supplier: {
          name: suppliers.name,
          contactPerson: suppliers.contactPerson,
          phone: suppliers.phone,
          address: suppliers.address,
          creditCode: suppliers.creditCode,
          bankName: suppliers.bankName,
          bankAccount: suppliers.bankAccount,
        },
      })
      .from(purchaseOrders)
      .innerJoin(procurementTasks, eq(procurementTasks.id, purchaseOrders.taskId))
      .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
      .leftJoin(planningTasks, eq(planningTasks.id, purchaseOrders.planId))
      .where(eq(purchaseOrders.id, id)),
    db
      .select({
        line: purchaseOrderLines,
        skuCode: commodities.skuCode,
        commodityName: commodities.name,
        spec: commodities.spec,
        unit: commodities.unit,
      })
      .from(purchaseOrderLines)
      .innerJoin(commodities, eq(commodities.id, purchaseOrderLines.commodityId))
      .where(eq(purchaseOrderLines.orderId, id))
      .orderBy(asc(purchaseOrderLines.sort), asc(purchaseOrderLines.id)),
    db
      .select({ receipt: purchaseReceipts, createdByName: backUsers.username })
      .from(purchaseReceipts)
      .leftJoin(backUsers, eq(backUsers.id, purchaseReceipts.createdBy))
      .where(eq(purchaseReceipts.orderId, id))
      .orderBy(asc(purchaseReceipts.id)),
    orderShipments(db, id),
  ]);
  const receiptLines = receipts.length
    ? await db
        .select()
        .from(purchaseReceiptLines)
        .where(
          inArray(
            purchaseReceiptLines.receiptId,
            receipts.map((r) => r.receipt.id),
          ),
        )
    : [];
  const order = row.order;
  const [held, returns] = await Promise.all([
    heldByReturns(db, id),
    db.select().from(purchaseReturns).where(eq(purchaseReturns.orderId, id)).orderBy(asc(purchaseReturns.id)),
  ]);
  const reversedBy = new Map(receipts.flatMap(({ receipt }) => (receipt.reversalOf != null ? [[receipt.reversalOf, receipt.id] as const] : [])));
  const receivedAmount = (line: typeof purchaseOrderLines.$inferSelect) => line.receivedQuantity * line.unitPriceFen;
  return {
    ...toItem(row),
    invoiceType: order.invoiceType,
    taxRatePercent: order.taxRatePercent,
    deliveryRegionCode: order.deliveryRegionCode,
    deliveryRegionName: regionFullName(order.deliveryRegionCode),
    deliveryAddress: order.deliveryAddress ?? null,
    planId: order.planId,
    planCode: extra.planCode,
    taskName: extra.taskName,
    closeReason: order.closeReason,
    confirmedAt: iso(order.confirmedAt),
    promisedDate: order.promisedDate,
    confirmedBy: order.confirmedBy,
    confirmedByName: order.confirmedByName,
    confirmChannel: order.confirmChannel as PurchaseOrderDetail['confirmChannel'],
    confirmRemark: order.confirmRemark,
    rejectReason: order.rejectReason,
    settlementType: extra.settlementType,
    shipments: shipmentList,
    allowedActions: allowedOrderActions(order, access),
    supplier: extra.supplier,
    lines: lines.map(({ line, ...commodity }) => ({
      id: line.id,
      taskLineId: line.taskLineId,
      commodityId: line.commodityId,
      ...commodity,
      quantity: line.quantity,
      unitPriceFen: line.unitPriceFen,
      amountFen: line.amountFen,
      receivedQuantity: line.receivedQuantity,
      rejectedQuantity: line.rejectedQuantity,
      returnedQuantity: line.returnedQuantity,
      receivedAmountFen: receivedAmount(line),
      openQuantity: Math.max(0, line.quantity - line.settledShortQuantity - line.receivedQuantity),
      returnableQuantity: Math.max(0, line.receivedQuantity - (held.get(line.id) ?? 0)),
    })),
    returns: returns.map((r) => ({
      id: r.id,
      code: r.code,
      status: r.status,
      reasonType: r.reasonType,
      replacement: r.replacement,
      quantity: r.quantity,
      amountFen: r.amountFen,
      shippedOn: r.shippedOn,
      version: r.version,
    })),
    receivedTotalFen: lines.reduce((s, { line }) => s + receivedAmount(line), 0) + order.freightFen,
    receipts: receipts.map(({ receipt, createdByName }) => ({
      id: receipt.id,
      version: receipt.version,
      receivedOn: receipt.receivedOn,
      remark: receipt.remark,
      reason: receipt.reason,
      reversalOf: receipt.reversalOf,
      reversedBy: reversedBy.get(receipt.id) ?? null,
      createdByName,
      createdAt: iso(receipt.createdAt) ?? '',
      shipmentId: receipt.shipmentId,
      lines: receiptLines
        .filter((l) => l.receiptId === receipt.id)
        .map((l) => ({
          id: l.id,
          orderLineId: l.orderLineId,
          quantity: l.quantity,
          rejectedQuantity: l.rejectedQuantity,
          rejectReason: l.rejectReason,
        })),
    })),
  };
}

import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { backUsers } from './access';
import { commodities } from './commodity';
import { timestamps, version } from './common';
import { procurementTaskLines, procurementTasks } from './procurement';
import { suppliers } from './supplier';

/** The delivery address an order keeps (the contract's `DeliveryAddress`, snake_case on the wire). */
interface DeliveryAddressSnapshot {
  warehouseCode: string;
  warehouseName: string;
  regionCode: string;
  regionName: string;
  address: string;
  consignee: string;
  phone: string;
  receivingHours: string | null;
}

/** One per awarded supplier of a task, created in the award's transaction (docs/rules/orders.md). */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    taskId: integer('task_id')
      .notNull()
      .references(() => procurementTasks.id),
    /** The task's source plan, when it has one (the planning module owns the plan tables). */
    planId: integer('plan_id'),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => backUsers.id),
    status: text('status', { enum: ['pending', 'confirmed', 'partially_received', 'received', 'closed', 'rejected'] })
      .notNull()
      .default('pending'),
    invoiceType: text('invoice_type', { enum: ['special', 'ordinary', 'none'] }).notNull(),
    taxRatePercent: integer('tax_rate_percent').notNull(),
    goodsFen: bigint('goods_fen', { mode: 'number' }).notNull(),
    freightFen: bigint('freight_fen', { mode: 'number' }).notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    /** Σ of the lines, kept in step by every receipt so the list neither sums nor joins lines. */
    orderedQuantity: bigint('ordered_quantity', { mode: 'number' }).notNull(),
    receivedQuantity: bigint('received_quantity', { mode: 'number' }).notNull().default(0),
    deliveryRegionCode: text('delivery_region_code').notNull(),
    requiredBy: date('required_by', { mode: 'string' }),
    closeReason: text('close_reason'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Where to deliver, copied from the task's warehouse when the order was made; null without one. */
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddressSnapshot>(),
    /** 承诺到货日期 of the supplier's answer. */
    promisedDate: date('promised_date', { mode: 'string' }),
    confirmedBy: text('confirmed_by', { enum: ['supplier', 'buyer'] }),
    confirmedByName: text('confirmed_by_name'),
    /** How the buyer heard the supplier's yes (`confirm_channel` dictionary). */
    confirmChannel: text('confirm_channel'),
    confirmRemark: text('confirm_remark'),
    rejectReason: text('reject_reason'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('purchase_orders_code_unique').on(t.code),
    index('purchase_orders_created_idx').on(t.createdAt, t.id),
    index('purchase_orders_status_idx').on(t.status, t.requiredBy),
    index('purchase_orders_buyer_idx').on(t.buyerId, t.createdAt),
    index('purchase_orders_supplier_idx').on(t.supplierId, t.createdAt),
    index('purchase_orders_task_idx').on(t.taskId),
    index('purchase_orders_search_trgm').using('gin', sql`${t.code} gin_trgm_ops`),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    taskLineId: integer('task_line_id')
      .notNull()
      .references(() => procurementTaskLines.id),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => commodities.id),
    /** The bought quantity of the award (the MOQ when it exceeded the task line's quantity). */
    quantity: integer('quantity').notNull(),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** The line's share of the supplier's freight, as the award worked it out. */
    freightFen: bigint('freight_fen', { mode: 'number' }).notNull(),
    /**
     * Net received (docs/rules/orders.md, "The net ledger"): accepted − reversed − returned and
     * shipped back, rewritten by every movement under the order's row lock.
     */
    receivedQuantity: integer('received_quantity').notNull().default(0),
    /** Refused at the dock, net of reversed receipts; never counted as received. */
    rejectedQuantity: integer('rejected_quantity').notNull().default(0),
    /** Returned and shipped back (a return 已退货). */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    /** Of the shipped returns, what the supplier does not replace (不补发): the line is complete that much short of its quantity. */
    settledShortQuantity: integer('settled_short_quantity').notNull().default(0),
  },
  (t) => [index('purchase_order_lines_order_idx').on(t.orderId, t.sort), index('purchase_order_lines_task_line_idx').on(t.taskLineId)],
);

/**
 * A receipt 收货 is never edited or deleted: a mistake is reversed whole by a mirror receipt 冲销单
 * (`reversal_of`, at most one per receipt), whose lines are the reversed one's, negated. `version`
 * moves when the receipt is reversed, so a stale reversal answers 409.
 */
export const purchaseReceipts = pgTable(
  'purchase_receipts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    /** The day the goods came in; on a mirror receipt, the day of the reversal (Asia/Shanghai). */
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    remark: text('remark'),
    /** Why a line passed its ordered quantity by more than 10 %; on a mirror receipt, why it reversed. */
    reason: text('reason'),
    reversalOf: integer('reversal_of').references((): AnyPgColumn => purchaseReceipts.id),
    createdBy: integer('created_by').references(() => backUsers.id),
    /** The shipping notice this receipt takes in, when it names one. */
    shipmentId: integer('shipment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    ...version,
  },
  (t) => [
    index('purchase_receipts_order_idx').on(t.orderId, t.id),
    // A receipt is reversed at most once, whatever two reversals racing each other do.
    uniqueIndex('purchase_receipts_reversal_of_unique').on(t.reversalOf),
    index('purchase_receipts_shipment_idx').on(t.shipmentId),
  ],
);

/** One movement of the ledger each: its own id is what a statement (§19) holds. */
export const purchaseReceiptLines = pgTable(
  'purchase_receipt_lines',
  {
    id: serial('id').primaryKey(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => purchaseReceipts.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id, { onDelete: 'cascade' }),
    /** Accepted (negative on a mirror receipt). */
    quantity: integer('quantity').notNull(),
    /** Refused at the dock (negative on a mirror receipt). */
    rejectedQuantity: integer('rejected_quantity').notNull().default(0),
    rejectReason: text('reject_reason'),
  },
  (t) => [index('purchase_receipt_lines_receipt_idx').on(t.receiptId), index('purchase_receipt_lines_order_line_idx').on(t.orderLineId)],
);

/**
 * A return 采购退货 (docs/rules/orders.md, "Returns"): goods sent back to the supplier. Its lines
 * weigh on the ledger only once it is 已退货 (`shipped_on`); until then they hold the quantity so
 * two returns cannot take the same goods.
 */
export const purchaseReturns = pgTable(
  'purchase_returns',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    /** The order's supplier, kept here so the portal and the lists filter without a join. */
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    reasonType: text('reason_type', { enum: ['quality', 'wrong_item', 'excess', 'other'] }).notNull(),
    /** 补发: the supplier sends the goods again, so the returned quantity re-opens on the order. */
    replacement: boolean('replacement').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'disputed', 'shipped', 'cancelled'] })
      .notNull()
      .default('pending'),
    remark: text('remark'),
    disputeReason: text('dispute_reason'),
    cancelReason: text('cancel_reason'),
    /** The day the goods left (Asia/Shanghai): the movement's date on the ledger. */
    shippedOn: date('shipped_on', { mode: 'string' }),
    /** Σ of the lines, kept with them so the list neither sums nor joins lines. */
    quantity: integer('quantity').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    createdBy: integer('created_by').references(() => backUsers.id),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('purchase_returns_code_unique').on(t.code),
    index('purchase_returns_order_idx').on(t.orderId),
    index('purchase_returns_supplier_idx').on(t.supplierId, t.createdAt),
    index('purchase_returns_created_idx').on(t.createdAt, t.id),
  ],
);

/** One line of a return; once shipped, one movement of the ledger with its own id. */
export const purchaseReturnLines = pgTable(
  'purchase_return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => purchaseReturns.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id),
    quantity: integer('quantity').notNull(),
    /** The order line's unit price (tax-inclusive), copied so the line reads alone. */
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    reason: text('reason'),
  },
  (t) => [index('purchase_return_lines_return_idx').on(t.returnId), index('purchase_return_lines_order_line_idx').on(t.orderLineId)],
);

/** 发货通知 (docs/rules/orders.md, "Shipping notices"): goods a supplier says are on their way. */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    /** The order's supplier, kept here so the portal's reads are scoped without a join. */
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    status: text('status', { enum: ['in_transit', 'received', 'cancelled'] })
      .notNull()
      .default('in_transit'),
    shipDate: date('ship_date', { mode: 'string' }).notNull(),
    expectedArrival: date('expected_arrival', { mode: 'string' }).notNull(),
    deliveryNoteNo: text('delivery_note_no').notNull(),
    carrier: text('carrier'),
    vehiclePlate: text('vehicle_plate'),
    driverPhone: text('driver_phone'),
    remark: text('remark'),
    /** Who recorded it: the supplier in the portal or the buyer on its behalf. */
    createdBySide: text('created_by_side', { enum: ['supplier', 'buyer'] }).notNull(),
    createdByName: text('created_by_name'),
    cancelReason: text('cancel_reason'),
    receiptId: integer('receipt_id'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('shipments_code_unique').on(t.code),
    index('shipments_order_idx').on(t.orderId, t.id),
    index('shipments_supplier_idx').on(t.supplierId, t.id),
    index('shipments_expected_idx').on(t.status, t.expectedArrival),
    // The list's default order, newest first, with and without its status filter: without them a
    // page sorted every notice (500 ms at 160,000 notices, docs/rules/quality-bars.md).
    index('shipments_created_idx').on(t.createdAt, t.id),
    index('shipments_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** What the receipt naming the shipment took of the line; null until then. */
    receivedQuantity: integer('received_quantity'),
  },
  (t) => [index('shipment_lines_shipment_idx').on(t.shipmentId), index('shipment_lines_order_line_idx').on(t.orderLineId)],
);

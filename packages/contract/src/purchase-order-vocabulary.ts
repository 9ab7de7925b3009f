import type { AuditVocabulary } from './audit';
import { INVOICE_TYPE_LABELS } from './procurement/vat';
import { actionsOf, type StatusMachine, transitionAllowed } from './status-machine';

// A purchase order's statuses, its machine and their words, apart from the schemas: the supplier
// portal reads them without loading zod (docs/web-guide.md, "Portal").

/** Values of the `purchase_order_status` dictionary (docs/rules/orders.md), in its order: the main flow, then the side exits. */
export const PURCHASE_ORDER_STATUSES = ['pending', 'confirmed', 'partially_received', 'received', 'closed', 'rejected'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  pending: '待确认',
  confirmed: '已确认',
  partially_received: '部分到货',
  received: '已到货',
  closed: '已关闭',
  rejected: '已拒绝',
};
export const PURCHASE_ORDER_STATUS_COLORS: Record<PurchaseOrderStatus, string> = {
  pending: 'warning',
  confirmed: 'processing',
  partially_received: 'cyan',
  received: 'success',
  closed: 'default',
  rejected: 'error',
};
/** Orders still waiting for goods: the board's and the workbench's 未完成订单. */
export const OPEN_PURCHASE_ORDER_STATUSES = ['pending', 'confirmed', 'partially_received'] as const satisfies readonly PurchaseOrderStatus[];

/** Who answered an order 确认: the supplier in the portal, or the buyer on its behalf. */
export const CONFIRMED_BY = ['supplier', 'buyer'] as const;
export type ConfirmedBy = (typeof CONFIRMED_BY)[number];
export const CONFIRMED_BY_LABELS: Record<ConfirmedBy, string> = { supplier: '供应商', buyer: '采购员代确认' };

/** Values of the `confirm_channel` dictionary: how the buyer heard the supplier's answer. */
export const CONFIRM_CHANNELS = ['phone', 'wechat', 'email', 'stamped'] as const;
export type ConfirmChannel = (typeof CONFIRM_CHANNELS)[number];
export const CONFIRM_CHANNEL_LABELS: Record<ConfirmChannel, string> = { phone: '电话', wechat: '微信', email: '邮件', stamped: '盖章回传' };
export const CONFIRM_CHANNEL_COLORS: Record<ConfirmChannel, string> = { phone: 'blue', wechat: 'green', email: 'cyan', stamped: 'purple' };

/** The actions a supplier takes on its own orders in the portal; receipts and closing are the buyer's. */
export const PORTAL_ORDER_ACTIONS = ['confirm', 'reject'] as const;

/**
 * The status machine (docs/rules/orders.md): for each action, the statuses it may start from and
 * the one it leads to; a receipt leads to 部分到货 or 已到货 depending on what has arrived (已确认 while
 * nothing is net received, e.g. a receipt that only rejected goods). A reversal or a shipped return
 * moves the status the same way, from the net ledger (docs/rules/orders.md, "The net ledger").
 */
export const PURCHASE_ORDER_TRANSITIONS = {
  confirm: { from: ['pending'], to: 'confirmed' },
  reject: { from: ['pending'], to: 'rejected' },
  receive: { from: ['confirmed', 'partially_received'], to: ['confirmed', 'partially_received', 'received'] },
  close: { from: ['pending', 'confirmed', 'partially_received', 'rejected'], to: 'closed' },
} as const satisfies StatusMachine<PurchaseOrderStatus>;
export type PurchaseOrderAction = keyof typeof PURCHASE_ORDER_TRANSITIONS;
export const PURCHASE_ORDER_ACTIONS = actionsOf(PURCHASE_ORDER_TRANSITIONS);

export const PURCHASE_ORDER_ACTION_LABELS: Record<PurchaseOrderAction, string> = { confirm: '确认', reject: '拒绝', receive: '收货', close: '关闭' };

export const purchaseOrderActionAllowed = (action: PurchaseOrderAction, status: PurchaseOrderStatus) =>
  transitionAllowed(PURCHASE_ORDER_TRANSITIONS, action, status);

/**
 * A receipt's own small machine: a posted receipt 已入账 may be reversed once, by a mirror receipt
 * 冲销单 that is itself never reversed. The status is not stored: it is read from `reversal_of` and
 * `reversed_by` (receiptStatusOf).
 */
export const PURCHASE_RECEIPT_STATUSES = ['posted', 'reversed', 'reversal'] as const;
export type PurchaseReceiptStatus = (typeof PURCHASE_RECEIPT_STATUSES)[number];
export const PURCHASE_RECEIPT_STATUS_LABELS: Record<PurchaseReceiptStatus, string> = { posted: '已入账', reversed: '已冲销', reversal: '冲销单' };
export const PURCHASE_RECEIPT_TRANSITIONS = {
  reverse: { from: ['posted'], to: 'reversed' },
} as const satisfies StatusMachine<PurchaseReceiptStatus>;
export type PurchaseReceiptAction = keyof typeof PURCHASE_RECEIPT_TRANSITIONS;

export const receiptStatusOf = (receipt: { reversalOf: number | null; reversedBy: number | null }): PurchaseReceiptStatus =>
  receipt.reversalOf != null ? 'reversal' : receipt.reversedBy != null ? 'reversed' : 'posted';

/** The purchase-order area as the operation log and the workbench show it (docs/rules/vocabulary.md). */
export const PURCHASE_ORDER_AUDIT: AuditVocabulary = {
  module: 'purchase_order',
  label: '采购订单',
  actions: { create: '定标生成', ...PURCHASE_ORDER_ACTION_LABELS, reverse_receipt: '冲销收货', return_shipped: '退货出库' },
  fields: {
    code: '订单编号',
    taskId: '采购任务',
    taskCode: '任务编号',
    planId: '来源计划',
    supplierId: '供应商',
    buyerId: '采购员',
    invoiceType: '发票类型',
    taxRatePercent: '税率(%)',
    goodsFen: '货值',
    freightFen: '运费',
    totalFen: '订单总额',
    orderedQuantity: '订购数量',
    requiredBy: '需求日期',
    deliveryRegionCode: '交货地区',
    closeReason: '关闭原因',
    receivedOn: '收货日期',
    orderLineId: '订单明细',
    taskLineId: '任务明细',
    commodityId: '商品',
    quantity: '数量',
    unitPriceFen: '单价',
    amountFen: '金额',
    receivedQuantity: '已收数量',
    deliveryAddress: '收货地址',
    warehouseCode: '仓库编码',
    warehouseName: '收货仓库',
    regionCode: '所在地区',
    regionName: '所在地区',
    address: '详细地址',
    consignee: '收货人',
    phone: '联系电话',
    receivingHours: '收货时间',
    promisedDate: '承诺到货日期',
    confirmedBy: '确认方',
    confirmedByName: '确认人',
    confirmChannel: '确认渠道',
    confirmRemark: '确认备注',
    shipmentId: '发货通知',
    rejectedQuantity: '拒收数量',
    // The order's refusal by its supplier, and a receipt line's refused goods.
    rejectReason: '拒绝原因',
    returnedQuantity: '已退货数量',
    receiptId: '收货单',
    reversalOf: '冲销的收货',
    reason: '原因',
  },
  values: {
    status: PURCHASE_ORDER_STATUS_LABELS,
    invoiceType: INVOICE_TYPE_LABELS,
    confirmedBy: CONFIRMED_BY_LABELS,
    confirmChannel: CONFIRM_CHANNEL_LABELS,
  },
  statusColors: PURCHASE_ORDER_STATUS_COLORS,
};

/** A line may pass its ordered quantity by this share (rounded down) without a reason… */
export const OVER_RECEIPT_FREE_PERCENT = 10;
/** …and its total received must stay below this multiple of the ordered quantity. */
export const OVER_RECEIPT_LIMIT_FACTOR = 2;

/** The most a line may still take without a reason: ordered + 10 % (rounded down) − received. */
export function freeReceiptRoom(ordered: number, received: number): number {
  return Math.max(0, ordered + Math.floor((ordered * OVER_RECEIPT_FREE_PERCENT) / 100) - received);
}

/** The parts of an order's detail that say what a line may still ship. */
interface ShippingState {
  lines: { id: number; quantity: number; receivedQuantity: number }[];
  shipments: { status: string; lines: { orderLineId: number; quantity: number }[] }[];
}

/** What a line may still ship: ordered + 10 % − received − in transit (the server's rule). */
export function shippableRoom(order: ShippingState, lineId: number): number {
  const line = order.lines.find((l) => l.id === lineId);
  if (!line) return 0;
  const inTransit = order.shipments
    .filter((s) => s.status === 'in_transit')
    .flatMap((s) => s.lines)
    .filter((l) => l.orderLineId === lineId)
    .reduce((sum, l) => sum + l.quantity, 0);
  return freeReceiptRoom(line.quantity, line.receivedQuantity + inTransit);
}

/** A new shipping notice's quantity for a line before anyone types: what is still owed, within the room. */
export function suggestedShipQuantity(order: ShippingState, lineId: number): number {
  const line = order.lines.find((l) => l.id === lineId);
  return line ? Math.max(0, Math.min(shippableRoom(order, lineId), line.quantity - line.receivedQuantity)) : 0;
}

import { actionsOf, type StatusMachine, transitionAllowed } from './status-machine';

// A purchase order's statuses, its machine and their words, apart from the schemas: the supplier
// portal reads them without loading zod (docs/web-guide.md, "Portal").

/** Values of the `purchase_order_status` dictionary (docs/rules/orders.md), in its order: the main flow, then the side exit. */
export const PURCHASE_ORDER_STATUSES = ['pending', 'confirmed', 'partially_received', 'received', 'closed'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  pending: '待确认',
  confirmed: '已确认',
  partially_received: '部分到货',
  received: '已到货',
  closed: '已关闭',
};
export const PURCHASE_ORDER_STATUS_COLORS: Record<PurchaseOrderStatus, string> = {
  pending: 'warning',
  confirmed: 'processing',
  partially_received: 'cyan',
  received: 'success',
  closed: 'default',
};
/** Orders still waiting for goods: the board's and the workbench's 未完成订单. */
export const OPEN_PURCHASE_ORDER_STATUSES = ['pending', 'confirmed', 'partially_received'] as const satisfies readonly PurchaseOrderStatus[];

/**
 * The status machine (docs/rules/orders.md): for each action, the statuses it may start from and
 * the one it leads to; a receipt leads to 部分到货 or 已到货 depending on what has arrived.
 */
export const PURCHASE_ORDER_TRANSITIONS = {
  confirm: { from: ['pending'], to: 'confirmed' },
  receive: { from: ['confirmed', 'partially_received'], to: ['partially_received', 'received'] },
  close: { from: ['pending', 'confirmed', 'partially_received'], to: 'closed' },
} as const satisfies StatusMachine<PurchaseOrderStatus>;
export type PurchaseOrderAction = keyof typeof PURCHASE_ORDER_TRANSITIONS;
export const PURCHASE_ORDER_ACTIONS = actionsOf(PURCHASE_ORDER_TRANSITIONS);

export const PURCHASE_ORDER_ACTION_LABELS: Record<PurchaseOrderAction, string> = { confirm: '确认', receive: '收货', close: '关闭' };

export const purchaseOrderActionAllowed = (action: PurchaseOrderAction, status: PurchaseOrderStatus) =>
  transitionAllowed(PURCHASE_ORDER_TRANSITIONS, action, status);

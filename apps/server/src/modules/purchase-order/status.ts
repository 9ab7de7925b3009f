import {
  PURCHASE_ORDER_ACTION_LABELS,
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_STATUS_LABELS,
  PORTAL_ORDER_ACTIONS,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
  PURCHASE_RECEIPT_STATUS_LABELS,
  PURCHASE_RECEIPT_TRANSITIONS,
  type PurchaseReceiptAction,
  type PurchaseReceiptStatus,
  purchaseOrderActionAllowed,
  transitionAllowed,
} from '@scm/contract';
import { type AppError, conflict, forbidden } from '../../lib/http/errors';
import type { OrderAccess } from './access';

/** What the portal lets a supplier do to its own orders; receipts and closing are the buyer's. */
const PORTAL_ACTIONS: readonly PurchaseOrderAction[] = PORTAL_ORDER_ACTIONS;

/**
 * Why `action` cannot start on the order now for this caller, or null when it can: the portal's
 * reach, then the status machine (PURCHASE_ORDER_TRANSITIONS). The writes throw it; the detail's
 * `allowedActions` lists the actions it has no objection to.
 */
export function orderActionRefusal(order: { status: PurchaseOrderStatus }, action: PurchaseOrderAction, access: OrderAccess): AppError | null {
  if ('supplierId' in access && !PORTAL_ACTIONS.includes(action)) return forbidden();
  if (purchaseOrderActionAllowed(action, order.status)) return null;
  if (action === 'receive' && order.status === 'pending') return conflict('订单尚未确认');
  return conflict(`订单当前为「${PURCHASE_ORDER_STATUS_LABELS[order.status]}」，不能${PURCHASE_ORDER_ACTION_LABELS[action]}`);
}

export function assertOrderAction(order: { status: PurchaseOrderStatus }, action: PurchaseOrderAction, access: OrderAccess): void {
  const refusal = orderActionRefusal(order, action, access);
  if (refusal) throw refusal;
}

export const allowedOrderActions = (order: { status: PurchaseOrderStatus }, access: OrderAccess): PurchaseOrderAction[] =>
  PURCHASE_ORDER_ACTIONS.filter((action) => !orderActionRefusal(order, action, access));

/** A receipt's own machine (PURCHASE_RECEIPT_TRANSITIONS): only a posted receipt is reversed, once. */
export function assertReceiptAction(status: PurchaseReceiptStatus, action: PurchaseReceiptAction): void {
  if (transitionAllowed(PURCHASE_RECEIPT_TRANSITIONS, action, status)) return;
  throw conflict(status === 'reversed' ? '该收货已冲销，不能重复冲销' : `收货单当前为「${PURCHASE_RECEIPT_STATUS_LABELS[status]}」，不能冲销`);
}

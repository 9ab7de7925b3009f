import {
  PURCHASE_RETURN_ACTION_LABELS,
  PURCHASE_RETURN_ACTIONS,
  PURCHASE_RETURN_STATUS_LABELS,
  type PurchaseReturnAction,
  type PurchaseReturnStatus,
  purchaseReturnActionAllowed,
} from '@scm/contract';
import { type AppError, conflict, forbidden } from '../../lib/http/errors';
import type { OrderAccess } from '../purchase-order/access';

/** What the portal lets a supplier do to its own returns: answer them; the rest is the buyer's. */
const PORTAL_ACTIONS: readonly PurchaseReturnAction[] = ['confirm', 'dispute'];
/** The supplier disputes; the buyer never does it for them. */
const SUPPLIER_ONLY: readonly PurchaseReturnAction[] = ['dispute'];

/**
 * Why `action` cannot start on the return now for this caller, or null when it can: the caller's
 * reach, then the status machine (PURCHASE_RETURN_TRANSITIONS).
 */
export function returnActionRefusal(ret: { status: PurchaseReturnStatus }, action: PurchaseReturnAction, access: OrderAccess): AppError | null {
  if ('supplierId' in access ? !PORTAL_ACTIONS.includes(action) : SUPPLIER_ONLY.includes(action)) return forbidden();
  if (purchaseReturnActionAllowed(action, ret.status)) return null;
  return conflict(`退货单当前为「${PURCHASE_RETURN_STATUS_LABELS[ret.status]}」，不能${PURCHASE_RETURN_ACTION_LABELS[action]}`);
}

export function assertReturnAction(ret: { status: PurchaseReturnStatus }, action: PurchaseReturnAction, access: OrderAccess): void {
  const refusal = returnActionRefusal(ret, action, access);
  if (refusal) throw refusal;
}

export const allowedReturnActions = (ret: { status: PurchaseReturnStatus }, access: OrderAccess): PurchaseReturnAction[] =>
  PURCHASE_RETURN_ACTIONS.filter((action) => !returnActionRefusal(ret, action, access));

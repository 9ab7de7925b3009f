import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { purchaseOrders } from '../../db/schema';
import type { AuthUser } from '../../lib/http/context';
import { orderScope } from '../../lib/access/data-scope';
import { supplierOrderScope } from '../../lib/access/supplier-scope';
import { notFound, staleVersion } from '../../lib/http/errors';

/**
 * Who asks for an order: a back-office user, within their 数据范围, or a supplier (the portal), for
 * its own orders only. Anything else answers 404, as a missing order does.
 */
export type OrderAccess = { user: AuthUser } | { supplierId: number };

export const accessCondition = (access: OrderAccess) => ('user' in access ? orderScope(access.user) : supplierOrderScope(access.supplierId));

const missing = () => notFound('采购订单不存在');

export async function loadOrder(db: Db, access: OrderAccess, id: number) {
  const [order] = await db
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, id), accessCondition(access)));
  if (!order) throw missing();
  return order;
}

/**
 * The order for a change, row-locked until the transaction ends, so concurrent receipts of one
 * order run one after the other and each sees what the previous one posted; 409 on a stale version.
 */
export async function lockOrder(tx: Db, access: OrderAccess, id: number, version: number) {
  const order = await lockOrderRow(tx, access, id);
  if (order.version !== version) throw staleVersion();
  return order;
}

/**
 * The order's row lock alone, for a movement whose version check is on another record (a receipt's
 * reversal, a return): every change of an order's net ledger runs under this one lock
 * (docs/rules/orders.md, "The net ledger").
 */
export async function lockOrderRow(tx: Db, access: OrderAccess, id: number) {
  const [order] = await tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, id), accessCondition(access)))
    .for('update');
  if (!order) throw missing();
  return order;
}

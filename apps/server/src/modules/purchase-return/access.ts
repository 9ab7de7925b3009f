import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { purchaseOrders, purchaseReturns } from '../../db/schema';
import { orderScope } from '../../lib/access/data-scope';
import { notFound, staleVersion } from '../../lib/http/errors';
import { type OrderAccess, lockOrderRow } from '../purchase-order/access';

/**
 * A return is reached as its order is (docs/rules/orders.md, "Returns"): a back-office user within
 * their 数据范围 (仅本人: the orders they buy), a supplier only its own; anything else is 404.
 */
export const returnAccessCondition = (access: OrderAccess) =>
  'user' in access ? orderScope(access.user) : eq(purchaseReturns.supplierId, access.supplierId);

const missing = () => notFound('退货单不存在');

export async function loadReturn(db: Db, access: OrderAccess, id: number) {
  const [row] = await db
    .select({ ret: purchaseReturns })
    .from(purchaseReturns)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseReturns.orderId))
    .where(and(eq(purchaseReturns.id, id), returnAccessCondition(access)));
  if (!row) throw missing();
  return row.ret;
}

/**
 * The return for a change and its order, both row-locked, the order first as every movement of its
 * ledger takes it: two returns or a return and a reversal of one order run one after the other.
 */
export async function lockReturn(tx: Db, access: OrderAccess, id: number, version: number) {
  const found = await loadReturn(tx, access, id);
  const order = await lockOrderRow(tx, access, found.orderId);
  const [ret] = await tx.select().from(purchaseReturns).where(eq(purchaseReturns.id, id)).for('update');
  if (ret.version !== version) throw staleVersion();
  return { ret, order };
}

import { shanghaiDay } from '@scm/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { confirmReturn, createReturn, shipReturn } from '../../modules/purchase-return/service';
import type { Db } from '../client';
import { backUsers, purchaseOrderLines, purchaseOrders } from '../schema';

const SYSTEM = { userId: null, userName: '系统', ip: '' };

/**
 * Two returns on the demo orders that received goods, written through the returns' own service: one
 * of cracked goods waiting for the supplier's answer (补发), one of goods sent in excess already
 * shipped back (不补发), so 采购退货, the order's returns and the portal's 退货单 have something to show.
 */
export async function seedDemoReturns(tx: Db, now: Date): Promise<boolean> {
  const orders = await tx
    .select()
    .from(purchaseOrders)
    .where(inArray(purchaseOrders.status, ['received', 'partially_received']))
    .orderBy(asc(purchaseOrders.id))
    .limit(2);
  if (orders.length === 0) return true;
  const lines = await tx
    .select()
    .from(purchaseOrderLines)
    .where(
      inArray(
        purchaseOrderLines.orderId,
        orders.map((o) => o.id),
      ),
    )
    .orderBy(asc(purchaseOrderLines.sort));
  const ctx = { db: tx, actor: SYSTEM, now: () => now };
  const plans: { reasonType: 'quality' | 'excess'; replacement: boolean; remark: string; ship: boolean }[] = [
    { reasonType: 'quality', replacement: true, remark: '开箱验货发现外箱破损、内件磕碰，已拍照留存', ship: false },
    { reasonType: 'excess', replacement: false, remark: '多送的货品退回，不需补发', ship: true },
  ];
  for (const [i, order] of orders.entries()) {
    const line = lines.find((l) => l.orderId === order.id && l.receivedQuantity > 1);
    if (!line) continue;
    const plan = plans[i];
    const quantity = Math.max(1, Math.min(5, Math.floor(line.receivedQuantity / 10)));
    // The buyer raises and ships the return, within the buyer's own orders; the supplier confirms it.
    const [buyer] = await tx.select().from(backUsers).where(eq(backUsers.id, order.buyerId));
    const user = { ...buyer, superAdmin: false, dataScope: 'own' as const, sessionId: 0, permissionCodes: new Set<string>() };
    const { id } = await createReturn(
      ctx,
      {
        orderId: order.id,
        reasonType: plan.reasonType,
        replacement: plan.replacement,
        remark: plan.remark,
        lines: [{ orderLineId: line.id, quantity }],
      },
      { user },
    );
    if (!plan.ship) continue;
    await confirmReturn(ctx, { id, version: 0 }, { supplierId: order.supplierId });
    await shipReturn(ctx, { id, version: 1, shippedOn: shanghaiDay(now) }, { user });
  }
  return true;
}

import { DAY_MS, shanghaiDay } from '@scm/contract';
import { and, asc, eq, gt, inArray, isNotNull, max } from 'drizzle-orm';
import type { AuthUser } from '../../lib/http/context';
import { createAwardOrders } from '../../modules/purchase-order/create-orders';
import { confirmOrder, receiveOrder } from '../../modules/purchase-order/service';
import type { Db } from '../client';
import {
  auditLogs,
  backUsers,
  messages,
  procurementTaskLines,
  procurementTasks,
  purchaseOrderLines,
  purchaseOrders,
  purchaseReceipts,
  suppliers,
} from '../schema';

const SYSTEM = { userId: null, userName: '系统', ip: '' };

/**
 * The orders the demo awards would have made, so a new user finds the module alive: a completed
 * task's orders fully received; of the awarded tasks' orders, every other one confirmed and half
 * received, the rest waiting for the supplier's confirmation. The supplier's 确认 and the buyer's
 * 收货 go through the orders' own functions, so the net ledger, the plans' progress, the tasks and
 * the notices follow them as they follow the pages (docs/rules/orders.md, "The net ledger").
 */
export async function seedDemoOrders(tx: Db, now: Date): Promise<boolean> {
  const tasks = await tx
    .select()
    .from(procurementTasks)
    .where(and(inArray(procurementTasks.status, ['awarded', 'completed']), isNotNull(procurementTasks.awardedAt)))
    .orderBy(asc(procurementTasks.id));
  let openOrders = 0;
  for (const task of tasks) {
    const lines = await tx
      .select()
      .from(procurementTaskLines)
      .where(and(eq(procurementTaskLines.taskId, task.id), isNotNull(procurementTaskLines.awardedSupplierId)))
      .orderBy(asc(procurementTaskLines.sort));
    const awardedAt = task.awardedAt ?? now;
    const orderIds = await createAwardOrders(
      tx,
      SYSTEM,
      awardedAt,
      { ...task, requiredBy: task.requiredBy ?? shanghaiDay(new Date(awardedAt.getTime() + 10 * DAY_MS)) },
      lines.map((l) => {
        const quantity = l.awardedQuantity ?? l.quantity;
        return {
          taskLineId: l.id,
          supplierId: l.awardedSupplierId as number,
          quantity,
          unitPriceFen: l.awardedUnitPriceFen ?? 0,
          amountFen: quantity * (l.awardedUnitPriceFen ?? 0),
          freightFen: l.awardedFreightFen ?? 0,
        };
      }),
    );
    if (orderIds.length === 0) continue;
    // Dated when the award made them, as their history says.
    await tx.update(purchaseOrders).set({ createdAt: awardedAt, updatedAt: awardedAt }).where(inArray(purchaseOrders.id, orderIds));
    await tx
      .update(auditLogs)
      .set({ createdAt: awardedAt })
      .where(and(eq(auditLogs.module, 'purchase_order'), inArray(auditLogs.recordId, orderIds.map(String))));
    const [buyerRow] = await tx.select().from(backUsers).where(eq(backUsers.id, task.buyerId));
    const buyer: AuthUser = { ...buyerRow, superAdmin: false, dataScope: 'own', sessionId: 0, permissionCodes: new Set() };
    for (const orderId of orderIds) {
      const share = task.status === 'completed' ? 1 : openOrders++ % 2 === 0 ? 0.5 : 0;
      if (share === 0) continue;
      const [order] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, orderId));
      const [supplier] = await tx.select({ name: suppliers.shortName }).from(suppliers).where(eq(suppliers.id, order.supplierId));
      // The supplier confirms in the portal the day after the award; the goods come four days later.
      const confirmedAt = new Date(awardedAt.getTime() + DAY_MS);
      await datedAt(tx, confirmedAt, () =>
        confirmOrder(
          { db: tx, actor: { userId: null, userName: supplier?.name ?? '供应商', ip: '' }, now: () => confirmedAt },
          { id: orderId, version: order.version, remark: '已排产，按期送达' },
          { supplierId: order.supplierId },
        ),
      );
      const receivedAt = new Date(awardedAt.getTime() + 5 * DAY_MS);
      const orderLines = await tx
        .select()
        .from(purchaseOrderLines)
        .where(eq(purchaseOrderLines.orderId, orderId))
        .orderBy(asc(purchaseOrderLines.sort));
      await datedAt(tx, receivedAt, () =>
        receiveOrder(
          { db: tx, actor: { userId: buyer.id, userName: buyer.username, ip: '' }, now: () => receivedAt },
          {
            id: orderId,
            version: order.version + 1,
            receivedOn: shanghaiDay(receivedAt),
            remark: '首批到货，外箱完好',
            lines: orderLines.map((l) => ({ orderLineId: l.id, quantity: Math.max(1, Math.floor(l.quantity * share)), rejectedQuantity: 0 })),
          },
          { user: buyer },
        ),
      );
      await tx.update(purchaseReceipts).set({ createdAt: receivedAt }).where(eq(purchaseReceipts.orderId, orderId));
      await tx.update(purchaseOrders).set({ updatedAt: receivedAt }).where(eq(purchaseOrders.id, orderId));
    }
  }
  return true;
}

/**
 * Runs a service call and dates what it wrote to the timelines (audit rows of the order, the plan
 * and the task, and the notices) at `at`, the day the demo says it happened, not the seeding's.
 */
async function datedAt<T>(tx: Db, at: Date, write: () => Promise<T>): Promise<T> {
  const [audit] = await tx.select({ last: max(auditLogs.id) }).from(auditLogs);
  const [notice] = await tx.select({ last: max(messages.id) }).from(messages);
  const result = await write();
  await tx
    .update(auditLogs)
    .set({ createdAt: at })
    .where(gt(auditLogs.id, audit?.last ?? 0));
  await tx
    .update(messages)
    .set({ createdAt: at })
    .where(gt(messages.id, notice?.last ?? 0));
  return result;
}

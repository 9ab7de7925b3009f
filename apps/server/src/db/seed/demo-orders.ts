import { DAY_MS, shanghaiDay } from '@scm/contract';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { createAwardOrders } from '../../modules/purchase-order/create-orders';
import type { Db } from '../client';
import {
  auditLogs,
  procurementTaskLines,
  procurementTasks,
  purchaseOrderLines,
  purchaseOrders,
  purchaseReceiptLines,
  purchaseReceipts,
} from '../schema';

const SYSTEM = { userId: null, userName: '系统', ip: '' };

/**
 * The orders the demo awards would have made, so a new user finds the module alive: a completed
 * task's orders fully received; of the awarded tasks' orders, every other one confirmed and half
 * received, the rest waiting for the supplier's confirmation.
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
    for (const orderId of orderIds) {
      const share = task.status === 'completed' ? 1 : openOrders++ % 2 === 0 ? 0.5 : 0;
      if (share === 0) continue;
      const confirmedAt = new Date(awardedAt.getTime() + DAY_MS);
      const orderLines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, orderId));
      const received = orderLines.map((l) => ({ id: l.id, quantity: Math.max(1, Math.floor(l.quantity * share)) }));
      const [receipt] = await tx
        .insert(purchaseReceipts)
        .values({
          orderId,
          receivedOn: shanghaiDay(new Date(awardedAt.getTime() + 5 * DAY_MS)),
          remark: '首批到货，外箱完好',
          createdAt: new Date(awardedAt.getTime() + 5 * DAY_MS),
        })
        .returning({ id: purchaseReceipts.id });
      await tx.insert(purchaseReceiptLines).values(received.map((r) => ({ receiptId: receipt.id, orderLineId: r.id, quantity: r.quantity })));
      for (const r of received) await tx.update(purchaseOrderLines).set({ receivedQuantity: r.quantity }).where(eq(purchaseOrderLines.id, r.id));
      const done = received.every((r) => r.quantity >= (orderLines.find((l) => l.id === r.id)?.quantity ?? 0));
      await tx
        .update(purchaseOrders)
        .set({
          status: done ? 'received' : 'partially_received',
          confirmedAt,
          receivedQuantity: received.reduce((s, r) => s + r.quantity, 0),
          version: 2,
        })
        .where(eq(purchaseOrders.id, orderId));
    }
  }
  return true;
}

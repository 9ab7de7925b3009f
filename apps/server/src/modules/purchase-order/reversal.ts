import { type purchaseReceiptReverseRequest, receiptStatusOf, shanghaiDay } from '@scm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { planningTasks, purchaseOrderLines, purchaseReceiptLines, purchaseReceipts, supplierStatementMovements, suppliers } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { conflict, notFound, staleVersion } from '../../lib/http/errors';
import { notify } from '../message/notify';
import { type OrderAccess, lockOrderRow } from './access';
import { heldByReturns, postMovements } from './ledger';
import type { OrderWriteContext } from './service';
import { assertReceiptAction } from './status';

type ReverseInput = z.output<typeof purchaseReceiptReverseRequest>;

/**
 * 冲销 (docs/rules/orders.md, "Reversal"): a whole receipt taken back by a mirror receipt dated today,
 * whose lines are the receipt's, negated; never by deleting. Answers the mirror receipt's id.
 */
export async function reverseReceipt(ctx: OrderWriteContext, input: ReverseInput, access: OrderAccess) {
  return ctx.db.transaction(async (tx) => {
    const missing = () => notFound('收货单不存在');
    const [found] = await tx.select({ orderId: purchaseReceipts.orderId }).from(purchaseReceipts).where(eq(purchaseReceipts.id, input.id));
    if (!found) throw missing();
    // The order's lock first, as every movement of its ledger takes it; an order out of scope is 404.
    const order = await lockOrderRow(tx, access, found.orderId);
    const [receipt] = await tx.select().from(purchaseReceipts).where(eq(purchaseReceipts.id, input.id)).for('update');
    if (receipt.version !== input.version) throw staleVersion();
    const [mirror] = await tx.select({ id: purchaseReceipts.id }).from(purchaseReceipts).where(eq(purchaseReceipts.reversalOf, receipt.id));
    assertReceiptAction(receiptStatusOf({ reversalOf: receipt.reversalOf, reversedBy: mirror?.id ?? null }), 'reverse');

    // A receipt on a live statement is settled with the supplier (docs/rules/statements.md). The
    // supplier's row is what statement creation locks, so the two never pass each other unseen.
    await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, order.supplierId)).for('share');
    const [stated] = await tx
      .select({ id: supplierStatementMovements.id })
      .from(supplierStatementMovements)
      .where(and(eq(supplierStatementMovements.receiptId, receipt.id), eq(supplierStatementMovements.live, true)))
      .limit(1);
    if (stated) throw conflict('收货已对账，不能冲销');

    const lines = await tx.select().from(purchaseReceiptLines).where(eq(purchaseReceiptLines.receiptId, receipt.id));
    const net = await tx
      .select({ id: purchaseOrderLines.id, received: purchaseOrderLines.receivedQuantity })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.orderId, order.id));
    const netOf = new Map(net.map((r) => [r.id, r.received]));
    const held = await heldByReturns(tx, order.id);
    for (const line of lines) {
      if ((netOf.get(line.orderLineId) ?? 0) - line.quantity < (held.get(line.orderLineId) ?? 0)) throw conflict('冲销后实收将小于已退货数量');
    }

    const [created] = await tx
      .insert(purchaseReceipts)
      .values({
        orderId: order.id,
        receivedOn: shanghaiDay(ctx.now()),
        remark: `冲销 ${receipt.receivedOn} 的收货`,
        reason: input.reason,
        reversalOf: receipt.id,
        createdBy: ctx.actor.userId,
      })
      .returning({ id: purchaseReceipts.id });
    await tx.insert(purchaseReceiptLines).values(
      lines.map((l) => ({
        receiptId: created.id,
        orderLineId: l.orderLineId,
        quantity: -l.quantity,
        rejectedQuantity: -l.rejectedQuantity,
        rejectReason: null,
      })),
    );
    await tx
      .update(purchaseReceipts)
      .set({ version: sql`${purchaseReceipts.version} + 1` })
      .where(eq(purchaseReceipts.id, receipt.id));
    const status = await postMovements(
      tx,
      ctx.actor,
      order,
      lines.map((l) => ({ orderLineId: l.orderLineId, accepted: -l.quantity, rejected: -l.rejectedQuantity })),
    );
    const quantity = lines.reduce((s, l) => s + l.quantity, 0);
    await writeAudit(tx, ctx.actor, {
      module: 'purchase_order',
      action: 'reverse_receipt',
      recordId: order.id,
      summary: `${order.code} 冲销 ${receipt.receivedOn} 的收货（${quantity}）：${input.reason}`,
      before: { status: order.status },
      after: { status, receiptId: receipt.id, reversalOf: receipt.id, reason: input.reason },
    });
    // The supplier sees its receipt taken back; the plan's owner sees its progress drop.
    await notify(tx, ctx.actor, { kind: 'receipt_reversed', order, receivedOn: receipt.receivedOn, reason: input.reason });
    if (order.planId != null) {
      const [plan] = await tx
        .select({
          id: planningTasks.id,
          code: planningTasks.code,
          name: planningTasks.name,
          createdBy: planningTasks.createdBy,
          ownerId: planningTasks.ownerId,
        })
        .from(planningTasks)
        .where(eq(planningTasks.id, order.planId));
      if (plan) await notify(tx, ctx.actor, { kind: 'plan_receipt_reversed', plan, order, receivedOn: receipt.receivedOn, reason: input.reason });
    }
    return { id: created.id };
  });
}

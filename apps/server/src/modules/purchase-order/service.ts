import {
  fenToYuan,
  freeReceiptRoom,
  OVER_RECEIPT_LIMIT_FACTOR,
  PURCHASE_ORDER_STATUS_LABELS,
  PURCHASE_ORDER_TRANSITIONS,
  type purchaseOrderReceiveRequest,
  shanghaiDay,
} from '@scm/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { purchaseOrderLines, purchaseOrders, purchaseReceiptLines, purchaseReceipts, suppliers } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { updateVersioned } from '../../lib/versioned-update';
import { fieldError } from '../../lib/errors';
import { notify } from '../message/notify';
import { type OrderAccess, lockOrder } from './access';
import { postMovements } from './ledger';
import { completeTaskWhenSettled } from './settle-task';
import { assertOrderAction } from './status';

const MODULE = 'purchase_order';

/** What a write needs of its caller: the admin context or, later, the portal's, with the same three things. */
export type OrderWriteContext = Pick<ServiceContext, 'db' | 'actor' | 'now'>;

/**
 * 确认: the supplier accepts the order. The buyer confirms on its behalf with `purchaseOrder:confirm`
 * (access by user); the portal calls the same function with `{ supplierId }`, so a supplier confirms
 * only its own orders.
 */
export async function confirmOrder(ctx: OrderWriteContext, input: { id: number; version: number }, access: OrderAccess) {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, access, input.id, input.version);
    assertOrderAction(order, 'confirm', access);
    const to = PURCHASE_ORDER_TRANSITIONS.confirm.to;
    await updateVersioned(tx, purchaseOrders, order.id, input.version, { status: to, confirmedAt: ctx.now() });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'confirm',
      recordId: order.id,
      summary: `${order.code} ${'user' in access ? '采购员代供应商确认' : '供应商确认'}`,
      before: { status: order.status },
      after: { status: to },
    });
    // The buyer learns of the supplier's own confirmation; one made on its behalf is the buyer's deed.
    if ('supplierId' in access) {
      const [supplier] = await tx.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(eq(suppliers.id, access.supplierId));
      await notify(tx, ctx.actor, { kind: 'order_confirmed', order, supplier });
    }
  });
  return { id: input.id };
}

type ReceiveInput = z.output<typeof purchaseOrderReceiveRequest>;

/**
 * 收货 (docs/rules/orders.md, "Receipts"): the order's row lock serialises every movement of its
 * ledger, so each receipt checks its quantities against the net the ones before it left, and the
 * net is always the sum of the movements that were answered 200.
 */
export async function receiveOrder(ctx: OrderWriteContext, input: ReceiveInput, access: OrderAccess) {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, access, input.id, input.version);
    assertOrderAction(order, 'receive', access);
    if (input.receivedOn > shanghaiDay(ctx.now())) throw fieldError('received_on', '收货日期不能晚于今天');
    const lines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, order.id));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const seen = new Set<number>();
    let needsReason = false;
    input.lines.forEach((row, i) => {
      const line = byId.get(row.orderLineId);
      if (!line) throw fieldError(`lines.${i}.order_line_id`, `第${i + 1}行不是该订单的明细`);
      if (seen.has(row.orderLineId)) throw fieldError(`lines.${i}.order_line_id`, `第${i + 1}行重复`);
      seen.add(row.orderLineId);
      // The 10 % and 2× rules weigh what is accepted; refused goods never count as received.
      const limit = line.quantity * OVER_RECEIPT_LIMIT_FACTOR;
      if (line.receivedQuantity + row.quantity >= limit) {
        throw fieldError(
          `lines.${i}.quantity`,
          `第${i + 1}行累计收货不能达到订购数量的${OVER_RECEIPT_LIMIT_FACTOR}倍（${limit}），最多还可收 ${Math.max(0, limit - 1 - line.receivedQuantity)}`,
        );
      }
      if (row.quantity > freeReceiptRoom(line.quantity, line.receivedQuantity)) needsReason = true;
    });
    if (needsReason && !input.reason) throw fieldError('reason', '累计收货超过订购数量10%，请填写超收原因');

    const [receipt] = await tx
      .insert(purchaseReceipts)
      .values({
        orderId: order.id,
        receivedOn: input.receivedOn,
        remark: input.remark || null,
        reason: input.reason || null,
        createdBy: ctx.actor.userId,
      })
      .returning({ id: purchaseReceipts.id });
    const rows = input.lines.map((l) => ({
      orderLineId: l.orderLineId,
      quantity: l.quantity,
      rejectedQuantity: l.rejectedQuantity ?? 0,
      rejectReason: (l.rejectedQuantity ?? 0) > 0 ? l.rejectReason || null : null,
    }));
    await tx.insert(purchaseReceiptLines).values(rows.map((l) => ({ receiptId: receipt.id, ...l })));
    const status = await postMovements(
      tx,
      ctx.actor,
      order,
      rows.map((l) => ({ orderLineId: l.orderLineId, accepted: l.quantity, rejected: l.rejectedQuantity })),
    );
    const added = rows.reduce((s, l) => s + l.quantity, 0);
    const rejected = rows.reduce((s, l) => s + l.rejectedQuantity, 0);
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'receive',
      recordId: order.id,
      summary: `${order.code} 收货 ${added}${rejected > 0 ? `，拒收 ${rejected}` : ''}，${PURCHASE_ORDER_STATUS_LABELS[status]}`,
      before: { status: order.status },
      after: { status, receiptId: receipt.id, receivedOn: input.receivedOn, reason: input.reason || null, lines: rows },
    });
    return { id: input.id };
  });
}

/** 关闭 with a reason, from any state before 已到货; what was received stays received. */
export async function closeOrder(ctx: OrderWriteContext, input: { id: number; version: number; reason: string }, access: OrderAccess) {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, access, input.id, input.version);
    assertOrderAction(order, 'close', access);
    const to = PURCHASE_ORDER_TRANSITIONS.close.to;
    await updateVersioned(tx, purchaseOrders, order.id, input.version, { status: to, closeReason: input.reason });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'close',
      recordId: order.id,
      summary: `${order.code} 关闭（已收 ${order.receivedQuantity}/${order.orderedQuantity}，订单总额 ¥${fenToYuan(order.totalFen, true)}）：${input.reason}`,
      before: { status: order.status },
      after: { status: to, closeReason: input.reason },
    });
    await completeTaskWhenSettled(tx, ctx.actor, order.taskId);
  });
  return { id: input.id };
}

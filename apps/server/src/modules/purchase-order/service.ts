import {
  type ConfirmChannel,
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
import type { Db } from '../../db/client';
import { planningTasks, purchaseOrderLines, purchaseOrders, purchaseReceiptLines, purchaseReceipts, suppliers } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { ServiceContext } from '../../lib/http/context';
import { updateVersioned } from '../../lib/records/versioned-update';
import { fieldError } from '../../lib/http/errors';
import { notify } from '../message/notify';
import { type OrderAccess, lockOrder } from './access';
import { postMovements } from './ledger';
import { receiveShipment, shipmentForReceipt, tellOfReceipt } from './shipment';
import { completeTaskWhenSettled } from './settle-task';
import { assertOrderAction } from './status';

const MODULE = 'purchase_order';

/** What a write needs of its caller: the admin context or, later, the portal's, with the same three things. */
export type OrderWriteContext = Pick<ServiceContext, 'db' | 'actor' | 'now'>;

type ConfirmInput = { id: number; version: number; promisedDate?: string | null; channel?: ConfirmChannel | null; remark?: string | null };

/**
 * 确认 (docs/rules/orders.md, "The supplier's answer"): the supplier accepts the order with a
 * promised date (not before today; the required-by date when it names none) and a remark. The buyer
 * confirms on its behalf with `purchaseOrder:confirm` (access by user), saying how the supplier
 * answered; the portal calls the same function with `{ supplierId }`, so a supplier confirms only
 * its own orders. Each side is told of the other's confirmation.
 */
export async function confirmOrder(ctx: OrderWriteContext, input: ConfirmInput, access: OrderAccess) {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, access, input.id, input.version);
    assertOrderAction(order, 'confirm', access);
    if (input.promisedDate && input.promisedDate < shanghaiDay(ctx.now())) throw fieldError('promised_date', '承诺到货日期不能早于今天');
    const to = PURCHASE_ORDER_TRANSITIONS.confirm.to;
    const byBuyer = 'user' in access;
    const answer = {
      status: to,
      confirmedAt: ctx.now(),
      promisedDate: input.promisedDate || order.requiredBy,
      confirmedBy: byBuyer ? ('buyer' as const) : ('supplier' as const),
      confirmedByName: ctx.actor.userName,
      confirmChannel: byBuyer ? (input.channel ?? null) : null,
      confirmRemark: input.remark || null,
    };
    await updateVersioned(tx, purchaseOrders, order.id, input.version, answer);
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'confirm',
      recordId: order.id,
      summary: `${order.code} ${byBuyer ? '采购员代供应商确认' : '供应商确认'}${answer.promisedDate ? `，承诺 ${answer.promisedDate} 到货` : ''}`,
      before: { status: order.status },
      after: { ...answer, confirmedAt: undefined },
    });
    if (byBuyer) {
      await notify(tx, ctx.actor, { kind: 'order_confirmed_for_supplier', order: { ...order, promisedDate: answer.promisedDate } });
    } else {
      await notify(tx, ctx.actor, { kind: 'order_confirmed', order, supplier: await supplierRef(tx, order.supplierId) });
    }
  });
  return { id: input.id };
}

/**
 * 拒绝: the supplier refuses a 待确认 order with a reason (or the buyer records the refusal it
 * heard). Nothing can be received on it; the buyer closes it, and its plan line stays open. The
 * buyer and the plan's owner are told.
 */
export async function rejectOrder(ctx: OrderWriteContext, input: { id: number; version: number; reason: string }, access: OrderAccess) {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, access, input.id, input.version);
    assertOrderAction(order, 'reject', access);
    const to = PURCHASE_ORDER_TRANSITIONS.reject.to;
    await updateVersioned(tx, purchaseOrders, order.id, input.version, { status: to, rejectReason: input.reason });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'reject',
      recordId: order.id,
      summary: `${order.code} ${'user' in access ? '采购员登记供应商拒绝' : '供应商拒绝'}：${input.reason}`,
      before: { status: order.status },
      after: { status: to, rejectReason: input.reason },
    });
    const [plan] = order.planId
      ? await tx.select({ ownerId: planningTasks.ownerId }).from(planningTasks).where(eq(planningTasks.id, order.planId))
      : [];
    await notify(tx, ctx.actor, {
      kind: 'order_rejected',
      order: { ...order, planOwnerId: plan?.ownerId ?? null },
      supplier: await supplierRef(tx, order.supplierId),
      reason: input.reason,
    });
  });
  return { id: input.id };
}

const supplierRef = async (tx: Db, id: number) => {
  const [supplier] = await tx.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(eq(suppliers.id, id));
  return supplier;
};

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
    const shipment = input.shipmentId ? await shipmentForReceipt(tx, order.id, input.shipmentId) : null;
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
        shipmentId: shipment?.id ?? null,
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
      after: {
        status,
        receiptId: receipt.id,
        receivedOn: input.receivedOn,
        reason: input.reason || null,
        shipmentId: shipment?.id ?? null,
        lines: rows,
      },
    });
    const difference = shipment ? await receiveShipment(tx, ctx.actor, shipment, receipt.id, rows) : null;
    await tellOfReceipt(tx, ctx.actor, order, added, difference);
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
    if (order.status !== 'rejected' && order.receivedQuantity < order.orderedQuantity && order.planId != null) {
      // Closed short: the plan's owner learns that its line stays open (a refusal has told them already).
      const [plan] = await tx.select().from(planningTasks).where(eq(planningTasks.id, order.planId));
      if (plan) await notify(tx, ctx.actor, { kind: 'order_closed_short', plan, order, reason: input.reason });
    }
    await completeTaskWhenSettled(tx, ctx.actor, order.taskId);
  });
  return { id: input.id };
}

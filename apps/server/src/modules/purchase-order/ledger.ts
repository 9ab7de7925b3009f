import { OPEN_PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '@scm/contract';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { procurementTaskLines, purchaseOrderLines, purchaseOrders, purchaseReturnLines, purchaseReturns } from '../../db/schema';
import type { Actor } from '../../lib/http/context';
import { recordPlanReceipts } from '../planning/award-writeback';
import { completeTaskWhenSettled, reopenTaskWhenUnsettled } from './settle-task';

// The net ledger of an order line (docs/rules/orders.md, "The net ledger"): what a receipt accepted,
// less what a mirror receipt reversed, less what a return shipped back. Every movement posts here,
// under the order's row lock its caller took, and everything read from the net figure (the order's
// status and totals, the plan roll-up, the task's completion and its board facts) moves with it in
// the same transaction, downward as well as upward.

/** What one movement changes on one order line; a reversal's figures are negative. */
export interface LineMovement {
  orderLineId: number;
  /** Accepted at the dock (negative: reversed). */
  accepted?: number;
  /** Refused at the dock (negative: a reversed receipt's refusals). */
  rejected?: number;
  /** Returned and shipped back. */
  returned?: number;
  /** Of `returned`, what the supplier does not replace (不补发). */
  settledShort?: number;
}

type OrderLine = typeof purchaseOrderLines.$inferSelect;

/** The statuses a movement moves; 待确认, 已关闭 and the rest keep theirs (closing keeps what was received). */
const MOVING: readonly PurchaseOrderStatus[] = ['confirmed', 'partially_received', 'received'];

/** A line is complete when its net received reaches its quantity less what was settled short. */
export const lineComplete = (line: Pick<OrderLine, 'quantity' | 'receivedQuantity' | 'settledShortQuantity'>) =>
  line.receivedQuantity >= line.quantity - line.settledShortQuantity;

/** The order's status its net ledger gives: 已到货 when every line is complete, 部分到货 while any is net received, else 已确认. */
export function ledgerStatus(current: PurchaseOrderStatus, lines: readonly OrderLine[]): PurchaseOrderStatus {
  if (!MOVING.includes(current)) return current;
  if (lines.every(lineComplete)) return 'received';
  return lines.some((l) => l.receivedQuantity > 0) ? 'partially_received' : 'confirmed';
}

const isOpen = (status: PurchaseOrderStatus) => (OPEN_PURCHASE_ORDER_STATUSES as readonly string[]).includes(status);

/**
 * Posts movements on the lines of a row-locked order and recomputes what follows from them. Answers
 * the order's new status. The caller has checked the movements (no net below zero, no return past
 * what is net received) and writes the audit row of its own action.
 */
export async function postMovements(
  tx: Db,
  actor: Actor,
  order: typeof purchaseOrders.$inferSelect,
  movements: readonly LineMovement[],
): Promise<PurchaseOrderStatus> {
  const planDeltas: { taskLineId: number; quantity: number }[] = [];
  for (const m of movements) {
    const net = (m.accepted ?? 0) - (m.returned ?? 0);
    const [line] = await tx
      .update(purchaseOrderLines)
      .set({
        receivedQuantity: sql`${purchaseOrderLines.receivedQuantity} + ${net}`,
        rejectedQuantity: sql`${purchaseOrderLines.rejectedQuantity} + ${m.rejected ?? 0}`,
        returnedQuantity: sql`${purchaseOrderLines.returnedQuantity} + ${m.returned ?? 0}`,
        settledShortQuantity: sql`${purchaseOrderLines.settledShortQuantity} + ${m.settledShort ?? 0}`,
      })
      .where(and(eq(purchaseOrderLines.id, m.orderLineId), eq(purchaseOrderLines.orderId, order.id)))
      .returning({ taskLineId: purchaseOrderLines.taskLineId });
    if (net !== 0) planDeltas.push({ taskLineId: line.taskLineId, quantity: net });
  }
  const lines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, order.id));
  const status = ledgerStatus(order.status, lines);
  await tx
    .update(purchaseOrders)
    .set({
      status,
      receivedQuantity: lines.reduce((s, l) => s + l.receivedQuantity, 0),
      version: sql`${purchaseOrders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(purchaseOrders.id, order.id));

  if (planDeltas.length > 0) {
    const planLines = await tx
      .select({ id: procurementTaskLines.id, planLineId: procurementTaskLines.planLineId })
      .from(procurementTaskLines)
      .where(
        inArray(
          procurementTaskLines.id,
          planDeltas.map((d) => d.taskLineId),
        ),
      );
    const planLineOf = new Map(planLines.map((l) => [l.id, l.planLineId]));
    await recordPlanReceipts(
      tx,
      actor,
      order.code,
      planDeltas.flatMap((d) => {
        const planLineId = planLineOf.get(d.taskLineId);
        return planLineId == null ? [] : [{ planLineId, quantity: d.quantity }];
      }),
    );
  }
  if (isOpen(order.status) && !isOpen(status)) await completeTaskWhenSettled(tx, actor, order.taskId);
  if (!isOpen(order.status) && isOpen(status)) await reopenTaskWhenUnsettled(tx, actor, order.taskId);
  return status;
}

/**
 * What the returns of an order's lines hold and have not shipped yet (neither 已退货 nor 已取消), by
 * line, `exceptReturnId` left out (the return being edited): a line's net received never goes below
 * it, so every return can still leave.
 */
export async function heldByReturns(tx: Db, orderId: number, exceptReturnId?: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ orderLineId: purchaseReturnLines.orderLineId, quantity: sql<number>`sum(${purchaseReturnLines.quantity})::int` })
    .from(purchaseReturnLines)
    .innerJoin(purchaseReturns, eq(purchaseReturns.id, purchaseReturnLines.returnId))
    .where(
      and(
        eq(purchaseReturns.orderId, orderId),
        notInArray(purchaseReturns.status, ['shipped', 'cancelled']),
        exceptReturnId ? sql`${purchaseReturns.id} <> ${exceptReturnId}` : undefined,
      ),
    )
    .groupBy(purchaseReturnLines.orderLineId);
  return new Map(rows.map((r) => [r.orderLineId, r.quantity]));
}

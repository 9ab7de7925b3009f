import { and, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_PURCHASE_ORDER_STATUSES, PROCUREMENT_TRANSITIONS, procurementActionAllowed } from '@scm/contract';
import type { Db } from '../../db/client';
import { procurementTasks, purchaseOrders } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { Actor } from '../../lib/http/context';
import { refreshBoardFacts } from '../data-board/board-facts';

/** The reason a task completed by its orders carries: the mark that lets a movement reopen it. */
const SETTLED_BY_ORDERS = '采购订单已全部到货或关闭';

/**
 * A task 已定标 becomes 已完成 by itself once each of its orders is 已到货 or 已关闭 (docs/rules/orders.md).
 * Called in the transaction of the receipt or close that settled an order; it rewrites the task's
 * board facts as every procurement write does (docs/data-board.md). It moves the task as 完成 does.
 */
export async function completeTaskWhenSettled(tx: Db, actor: Actor, taskId: number) {
  // Two orders of one task settled at once each hold only their own order's lock: the task's lock
  // makes the second wait, and its count (a fresh statement) then sees the first one's order settled.
  const [locked] = await tx.select({ status: procurementTasks.status }).from(procurementTasks).where(eq(procurementTasks.id, taskId)).for('update');
  const [{ open }] = await tx
    .select({ open: sql<number>`count(*)::int` })
    .from(purchaseOrders)
    // A refused order waits for the buyer to close it: the task is not settled until then.
    .where(and(eq(purchaseOrders.taskId, taskId), inArray(purchaseOrders.status, [...OPEN_PURCHASE_ORDER_STATUSES, 'rejected'])));
  if (open > 0 || !locked || !procurementActionAllowed('complete', locked.status)) return;
  const to = PROCUREMENT_TRANSITIONS.complete.to;
  const [task] = await tx
    .update(procurementTasks)
    .set({ status: to, statusReason: SETTLED_BY_ORDERS, version: sql`${procurementTasks.version} + 1`, updatedAt: sql`now()` })
    .where(eq(procurementTasks.id, taskId))
    .returning({ code: procurementTasks.code });
  await writeAudit(tx, actor, {
    module: 'procurement_task',
    action: 'auto_complete',
    recordId: taskId,
    summary: `${task.code} 采购订单已全部到货或关闭，任务自动完成`,
    before: { status: locked.status },
    after: { status: to },
  });
  await refreshBoardFacts(tx, [taskId]);
}

/**
 * The way back: a reversal or a shipped return that re-opens an order of a task its orders completed
 * takes the task back to 已定标 (audit `auto_reopen`), so its completion keeps agreeing with its
 * orders (docs/rules/orders.md, "The net ledger"). A task completed by hand stays completed.
 */
export async function reopenTaskWhenUnsettled(tx: Db, actor: Actor, taskId: number) {
  const [locked] = await tx
    .select({ status: procurementTasks.status, statusReason: procurementTasks.statusReason })
    .from(procurementTasks)
    .where(eq(procurementTasks.id, taskId))
    .for('update');
  if (!locked || locked.status !== PROCUREMENT_TRANSITIONS.complete.to || locked.statusReason !== SETTLED_BY_ORDERS) return;
  const [back] = PROCUREMENT_TRANSITIONS.complete.from;
  const [task] = await tx
    .update(procurementTasks)
    .set({ status: back, statusReason: null, version: sql`${procurementTasks.version} + 1`, updatedAt: sql`now()` })
    .where(eq(procurementTasks.id, taskId))
    .returning({ code: procurementTasks.code });
  await writeAudit(tx, actor, {
    module: 'procurement_task',
    action: 'auto_reopen',
    recordId: taskId,
    summary: `${task.code} 采购订单因冲销或退货重新待收货，任务回到已定标`,
    before: { status: locked.status },
    after: { status: back },
  });
  await refreshBoardFacts(tx, [taskId]);
}

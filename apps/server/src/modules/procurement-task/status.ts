import { PROCUREMENT_STATUS_LABELS, type ProcurementStatus } from '@scm/contract';
import { and, eq, inArray, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { procurementTasks } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { unsealTaskQuotes } from '../sealing/quotes';
import { conflict } from '../../lib/errors';
import { notify } from '../message/notify';
import { type TaskWrite, writeTasks } from './task-write';

/**
 * The status a reader sees: a quoting task whose deadline has passed is 待定标 already, whether or
 * not a write has recorded it yet (no browser timer decides this).
 */
export const effectiveStatus = (now: Date | Placeholder) =>
  sql<ProcurementStatus>`case when ${procurementTasks.status} = 'quoting' and ${procurementTasks.quoteDeadline} <= ${now instanceof Date ? now.toISOString() : now}::timestamptz then 'evaluating' else ${procurementTasks.status} end`;

/**
 * The status filter, written so the (status, …) indexes still serve it; its text depends on whether
 * the status is 报价中, 待定标 or another one, never on the values passed in.
 */
export function statusCondition(status: ProcurementStatus, now: Placeholder, statusValue: Placeholder): SQL {
  const at = sql`${now}::timestamptz`;
  if (status === 'quoting') return sql`${procurementTasks.status} = 'quoting' and ${procurementTasks.quoteDeadline} > ${at}`;
  if (status === 'evaluating') {
    return sql`(${procurementTasks.status} = 'evaluating' or (${procurementTasks.status} = 'quoting' and ${procurementTasks.quoteDeadline} <= ${at}))`;
  }
  return sql`${procurementTasks.status} = ${statusValue}`;
}

const passedDeadline = (now: Date) => and(eq(procurementTasks.status, 'quoting'), lte(procurementTasks.quoteDeadline, now));

/**
 * Moves the tasks in `scope` whose deadline has passed from 报价中 to 待定标, one audit row each by
 * 系统. It does not bump the version: it only writes down what every reader already saw, so their
 * version stays valid. Whichever transaction moves a row writes its audit row, so concurrent
 * writers and server processes record each close once.
 */
async function recordDeadlineCloses({ tx, touch }: TaskWrite, scope: SQL, now: Date): Promise<number[]> {
  const closed = await tx
    .update(procurementTasks)
    .set({ status: 'evaluating', statusReason: '报价截止时间已到，自动关闭报价' })
    .where(and(scope, passedDeadline(now)))
    .returning({ id: procurementTasks.id, code: procurementTasks.code, name: procurementTasks.name, buyerId: procurementTasks.buyerId });
  touch(...closed.map((task) => task.id));
  for (const task of closed) await notify(tx, { userId: null, userName: null }, { kind: 'quote_closed', task, byDeadline: true });
  // The deadline is a sealed task's opening: its prices become readable in the same transaction.
  await unsealTaskQuotes(
    tx,
    closed.map((task) => task.id),
    now,
  );
  await writeAudit(
    tx,
    { userId: null, userName: '系统', ip: '' },
    closed.map((task) => ({
      module: 'procurement_task',
      action: 'auto_close_quote',
      recordId: task.id,
      summary: `${task.code} 报价截止，转为待定标`,
      before: { status: 'quoting' },
      after: { status: 'evaluating' },
    })),
  );
  return closed.map((task) => task.id);
}

/** Records the deadline close of one task inside a write's transaction, before the write reads its status. */
export async function recordDeadlineClose(write: TaskWrite, taskId: number, now: Date): Promise<void> {
  await recordDeadlineCloses(write, eq(procurementTasks.id, taskId), now);
}

export function illegalTransition(from: ProcurementStatus, action: string) {
  return conflict(`任务当前为「${PROCUREMENT_STATUS_LABELS[from]}」，不能${action}`);
}

const SWEEP_BATCH = 500;

/**
 * Records the close of every task whose deadline has passed (oldest first, a batch at a time), so
 * stored statuses, the operation log and the board facts catch up even when nobody opens the task.
 */
export async function closePassedDeadlines(db: Db, now: Date): Promise<number[]> {
  return writeTasks(db, async (write) => {
    const due = write.tx
      .select({ id: procurementTasks.id })
      .from(procurementTasks)
      .where(passedDeadline(now))
      .orderBy(procurementTasks.quoteDeadline)
      .limit(SWEEP_BATCH);
    return recordDeadlineCloses(write, inArray(procurementTasks.id, due), now);
  });
}

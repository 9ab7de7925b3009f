import {
  PORTAL_MESSAGES,
  PROCUREMENT_ACTION_LABELS,
  PROCUREMENT_ACTIONS,
  PROCUREMENT_STATUS_LABELS,
  PROCUREMENT_TRANSITIONS,
  type ProcurementAction,
  procurementActionAllowed,
  type ProcurementStatus,
} from '@scm/contract';
import { and, eq, inArray, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { procurementTasks } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { isSealedNow, unsealTaskQuotes } from '../sealing/quotes';
import { type AppError, conflict } from '../../lib/http/errors';
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
    .set({ status: PROCUREMENT_TRANSITIONS.close_quote.to, statusReason: '报价截止时间已到，自动关闭报价' })
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
      after: { status: PROCUREMENT_TRANSITIONS.close_quote.to },
    })),
  );
  return closed.map((task) => task.id);
}

/** Records the deadline close of one task inside a write's transaction, before the write reads its status. */
export async function recordDeadlineClose(write: TaskWrite, taskId: number, now: Date): Promise<void> {
  await recordDeadlineCloses(write, eq(procurementTasks.id, taskId), now);
}

function illegalTransition(from: ProcurementStatus, action: ProcurementAction) {
  return conflict(`任务当前为「${PROCUREMENT_STATUS_LABELS[from]}」，不能${PROCUREMENT_ACTION_LABELS[action]}`);
}

type TaskState = { status: ProcurementStatus; sealed: boolean; unsealedAt: Date | string | null };

/**
 * Why `action` cannot start on the task now, or null when it can: the status machine, then sealing
 * (a sealed task's quoting ends by 提前开标 only, which is for sealed tasks). The writes throw it;
 * the detail's `allowedActions` lists the actions it has no objection to.
 */
export function taskActionRefusal(task: TaskState, action: ProcurementAction): AppError | null {
  if (!procurementActionAllowed(action, task.status)) return illegalTransition(task.status, action);
  if (action === 'close_quote' && isSealedNow(task)) return conflict(PORTAL_MESSAGES.sealedCloseQuote);
  if (action === 'unseal' && !isSealedNow(task)) return conflict('该任务未密封报价，请使用关闭报价');
  return null;
}

export function assertTaskAction(task: TaskState, action: ProcurementAction): void {
  const refusal = taskActionRefusal(task, action);
  if (refusal) throw refusal;
}

export const allowedTaskActions = (task: TaskState): ProcurementAction[] => PROCUREMENT_ACTIONS.filter((action) => !taskActionRefusal(task, action));

/**
 * The opening is exact (docs/procurement.md, "Task status"): a read of tasks whose deadline has
 * passed first records their close, which unseals them, exactly as a write does, so nobody sees a
 * sealed task as 待定标 while its prices are still sealed. `'all'` (a list) catches up on every
 * passed deadline; the check is one indexed query when there is nothing to record.
 */
export async function openPassedDeadlines(db: Db, scope: number[] | 'all', now: Date): Promise<void> {
  if (scope !== 'all' && scope.length === 0) return;
  const [due] = await db
    .select({ id: procurementTasks.id })
    .from(procurementTasks)
    .where(scope === 'all' ? passedDeadline(now) : and(inArray(procurementTasks.id, scope), passedDeadline(now)))
    // Ordered so the (status, quote_deadline) index answers it: unordered, the planner expects many
    // due rows (it takes the two conditions as independent) and scans the table, 10–45 ms at 100,000 tasks.
    .orderBy(procurementTasks.quoteDeadline)
    .limit(1);
  if (!due) return;
  if (scope === 'all') await closePassedDeadlines(db, now);
  else await writeTasks(db, (write) => recordDeadlineCloses(write, inArray(procurementTasks.id, scope), now));
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

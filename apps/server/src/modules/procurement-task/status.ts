import { PROCUREMENT_STATUS_LABELS, type ProcurementStatus } from '@scm/contract';
import { and, eq, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { procurementTasks } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import { refreshBoardFacts } from '../data-board/board-facts';

/**
 * The status a reader sees: a quoting task whose deadline has passed is 待定标 already, whether or
 * not a write has recorded it yet (no browser timer decides this).
 */
export const effectiveStatus = (now: Date | Placeholder) =>
  sql<ProcurementStatus>`case when ${procurementTasks.status} = 'quoting' and ${procurementTasks.quoteDeadline} <= ${now instanceof Date ? now.toISOString() : now}::timestamptz then 'evaluating' else ${procurementTasks.status} end`;

/** The status filter, written so the (status, …) indexes still serve it. */
export function statusCondition(status: ProcurementStatus, now: Date): SQL | undefined {
  const at = sql`${now.toISOString()}::timestamptz`;
  if (status === 'quoting') return sql`${procurementTasks.status} = 'quoting' and ${procurementTasks.quoteDeadline} > ${at}`;
  if (status === 'evaluating') {
    return sql`(${procurementTasks.status} = 'evaluating' or (${procurementTasks.status} = 'quoting' and ${procurementTasks.quoteDeadline} <= ${at}))`;
  }
  return eq(procurementTasks.status, status);
}

/**
 * Records the deadline close of one task inside a write's transaction. It does not bump the
 * version: it only writes down what every reader already saw, so their version stays valid.
 */
export async function recordDeadlineClose(tx: Db, taskId: number, now: Date): Promise<boolean> {
  const closed = await tx
    .update(procurementTasks)
    .set({ status: 'evaluating', statusReason: '报价截止时间已到，自动关闭报价' })
    .where(and(eq(procurementTasks.id, taskId), eq(procurementTasks.status, 'quoting'), lte(procurementTasks.quoteDeadline, now)))
    .returning({ code: procurementTasks.code });
  if (closed.length > 0) {
    await writeAudit(tx, { userId: null, userName: '系统', ip: '' }, {
      module: 'procurement_task',
      action: 'auto_close_quote',
      recordId: taskId,
      summary: `${closed[0].code} 报价截止，转为待定标`,
      before: { status: 'quoting' },
      after: { status: 'evaluating' },
    });
  }
  return closed.length > 0;
}

export function illegalTransition(from: ProcurementStatus, action: string) {
  return conflict(`任务当前为「${PROCUREMENT_STATUS_LABELS[from]}」，不能${action}`);
}

const SWEEP_BATCH = 500;

/**
 * Records the close of every task whose deadline has passed, so stored statuses, the operation log
 * and the board facts catch up even when nobody opens the task. Safe beside other server
 * processes: each close is written by whichever one moves the row out of 报价中.
 */
export async function closePassedDeadlines(db: Db, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: procurementTasks.id })
      .from(procurementTasks)
      .where(and(eq(procurementTasks.status, 'quoting'), lte(procurementTasks.quoteDeadline, now)))
      .orderBy(procurementTasks.quoteDeadline)
      .limit(SWEEP_BATCH);
    const closed: number[] = [];
    for (const { id } of due) if (await recordDeadlineClose(tx, id, now)) closed.push(id);
    if (closed.length > 0) await refreshBoardFacts(tx, closed);
    return closed;
  });
}

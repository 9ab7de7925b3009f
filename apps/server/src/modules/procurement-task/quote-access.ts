import { PORTAL_MESSAGES, PROCUREMENT_STATUS_LABELS, procurementActionAllowed } from '@scm/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { procurementTaskSuppliers, procurementTasks, quotationRevisions, quotations } from '../../db/schema';
import type { AuthUser, ServiceContext } from '../../lib/http/context';
import { taskScope } from '../../lib/access/data-scope';
import { conflict, notFound } from '../../lib/http/errors';
import { type SupplierAccess, supplierInvitation, supplierTaskScope } from '../../lib/access/supplier-scope';
import { findTaskDetail } from './queries';
import { recordDeadlineClose } from './status';
import type { TaskWrite } from './task-write';

/**
 * Who acts on a task's quotes (docs/procurement.md, "Quotes"): a back-office user within their
 * 数据范围, naming the supplier (代录), or a supplier through the portal, for itself. The acts are one
 * function each, taking this access as purchase orders take `OrderAccess`; what is out of reach
 * answers 404, as a missing task does.
 */
export type QuoteAccess = { user: AuthUser } | SupplierAccess;
export type StaffAccess = { user: AuthUser };

/** What a quote act needs of its caller: the admin context or the portal's, with the same three things. */
export type QuoteContext = Pick<ServiceContext, 'db' | 'actor' | 'now'>;

export const isStaff = (access: QuoteAccess): access is StaffAccess => 'user' in access;

type TaskNow = { status: string; quoteDeadline: Date };

/** Each realm's words for the same refusals (the portal's are its contract's `PORTAL_MESSAGES`). */
const WORDS = {
  staff: {
    missing: '采购任务不存在',
    notQuotable: (task: TaskNow, now: Date) => (task.quoteDeadline <= now ? '报价已截止，不能再录入报价' : '任务不在报价中，不能录入报价'),
    validUntil: '有效期至不能早于报价日期',
  },
  supplier: {
    missing: '询价不存在',
    // A supplier is told the task was cancelled; any other end of quoting reads as its deadline.
    notQuotable: (task: TaskNow) => (task.status === 'cancelled' ? `任务已${PROCUREMENT_STATUS_LABELS.cancelled}` : PORTAL_MESSAGES.deadlinePassed),
    validUntil: '有效期至不能早于今天',
  },
};
export const wordsFor = (access: QuoteAccess) => (isStaff(access) ? WORDS.staff : WORDS.supplier);

/** The supplier a quote act is about: the one staff name, or the caller itself. */
export const quotedSupplier = (access: QuoteAccess, named?: number) => (isStaff(access) ? (named as number) : access.supplierId);

/** The task row if the caller reaches it (locked for a write), else 404. */
export async function loadQuoteTask(db: Db, access: QuoteAccess, taskId: number, lock = false) {
  const query = isStaff(access)
    ? db
        .select({ task: procurementTasks })
        .from(procurementTasks)
        .where(and(eq(procurementTasks.id, taskId), taskScope(access.user)))
    : db
        .select({ task: procurementTasks })
        .from(procurementTasks)
        .innerJoin(procurementTaskSuppliers, supplierInvitation(access.supplierId))
        .where(and(eq(procurementTasks.id, taskId), supplierTaskScope()));
  const [row] = lock ? await query.for('update', { of: procurementTasks }) : await query;
  if (!row) throw notFound(wordsFor(access).missing);
  return row.task;
}

/**
 * Opens a quote write on a task (a quote, a decline, a question): the task row locked first, then
 * the deadline recorded if it has passed (which unseals), all in the write's transaction, then "may
 * this supplier quote here now": quoting, before the deadline, invited, in good standing. A write
 * that gets the lock after the deadline job has closed the task sees it closed; one that gets it
 * before lands before the close, and the close then unseals it with the rest.
 */
export async function openQuoting(write: TaskWrite, access: QuoteAccess, taskId: number, supplierId: number, now: Date) {
  const words = wordsFor(access);
  await loadQuoteTask(write.tx, access, taskId, true);
  // Touches the task only if it closes it: an estimate alone changes nothing the board sums.
  await recordDeadlineClose(write, taskId, now);
  const found = await findTaskDetail(write.tx, taskId, now);
  if (!found) throw notFound(words.missing);
  if (!procurementActionAllowed('quote', found.task.status) || found.task.quoteDeadline <= now) throw conflict(words.notQuotable(found.task, now));
  const invited = found.invited.find((s) => s.supplierId === supplierId);
  if (!invited) throw conflict('该供应商未被邀请参与此任务，不能录入报价');
  if (invited.supplierStatus === 'blacklisted') throw conflict('该供应商已列入黑名单，不能录入报价');
  if (invited.supplierStatus !== 'enabled') throw conflict('该供应商已停用，不能录入报价');
  return { found, invited };
}

export const OWN_BID_MESSAGE = '供应商已在门户自行报价，不能代录或代为放弃';

/**
 * A supplier's own bid is its own (docs/portal.md, "Own bids"): while its current quote is a
 * revision it submitted in the portal, staff may neither replace it by 代录 nor withdraw it by
 * 放弃报价 on its behalf. The supplier itself may always.
 */
export async function assertNotOwnBid(tx: Db, access: QuoteAccess, taskId: number, supplierId: number) {
  if (!isStaff(access)) return;
  const [current] = await tx
    .select({ enteredByBuyer: quotationRevisions.enteredByBuyer })
    .from(quotations)
    .innerJoin(
      quotationRevisions,
      and(
        eq(quotationRevisions.taskId, quotations.taskId),
        eq(quotationRevisions.supplierId, quotations.supplierId),
        eq(quotationRevisions.revision, quotations.revision),
      ),
    )
    .where(and(eq(quotations.taskId, taskId), eq(quotations.supplierId, supplierId)));
  if (current && !current.enteredByBuyer) throw conflict(OWN_BID_MESSAGE);
}

import { PORTAL_MESSAGES, procurementActionAllowed } from '@scm/contract';
import { and, asc, desc, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { procurementTaskSuppliers, procurementTasks, quotationLines, quotationRevisions, quotations } from '../../db/schema';
import { iso } from '../../lib/sql/rows';
import { conflict } from '../../lib/http/errors';
import { nextCode } from '../../lib/records/codes';
import { canonicalJson, newSalt, seal, sha256Hex, unseal } from './cipher';

/**
 * The one module through which quote prices are written and read back (docs/portal.md, "Sealing").
 * A sealed task's prices exist only as ciphertext in `quotation_revisions` until it is unsealed;
 * the readable columns of `quotations` / `quotation_lines` stay empty, so every other reader (the
 * lists, exports, board, workbench, statistics) finds no price to show.
 */

type TaskSealState = { sealed: boolean; unsealedAt: Date | string | null };

/** A sealed task whose quotes have not been opened yet. */
export const isSealedNow = (task: TaskSealState) => task.sealed && task.unsealedAt == null;

export interface QuoteLineContent {
  taskLineId: number;
  unitPriceFen: number | null;
  moq: number | null;
  leadTimeDays: number | null;
  remark: string | null;
}

/** What one revision says: the text its receipt digests, and what unsealing writes back. */
export interface QuoteContent {
  taskId: number;
  supplierId: number;
  revision: number;
  submittedAt: string;
  enteredByBuyer: boolean;
  quoteDate: string;
  validUntil: string;
  invoiceType: 'special' | 'ordinary' | 'none';
  taxRatePercent: number;
  freightMode: 'manual' | 'estimated';
  freightFen: number;
  freightFormula: string | null;
  remark: string | null;
  lines: QuoteLineContent[];
  salt: string;
}

export type QuoteSubmission = Omit<QuoteContent, 'revision' | 'submittedAt' | 'salt' | 'taskId' | 'supplierId' | 'enteredByBuyer'>;

export const revisionContext = (taskId: number, supplierId: number, revision: number) => `quotation_revision:${taskId}:${supplierId}:${revision}`;

/** The readable columns of a quote (or, while sealed, only what is not a price). */
function readableColumns(content: QuoteContent, sealedNow: boolean) {
  const common = {
    quoteDate: content.quoteDate,
    validUntil: content.validUntil,
    invoiceType: content.invoiceType,
    taxRatePercent: content.taxRatePercent,
    freightMode: content.freightMode,
    status: 'submitted' as const,
    revision: content.revision,
    submittedAt: new Date(content.submittedAt),
    enteredByBuyer: content.enteredByBuyer,
  };
  return sealedNow
    ? { ...common, freightFen: 0, freightFormula: null, remark: null }
    : { ...common, freightFen: content.freightFen, freightFormula: content.freightFormula, remark: content.remark };
}

async function writeReadable(tx: Db, quotationId: number, content: QuoteContent, sealedNow: boolean) {
  await tx.delete(quotationLines).where(eq(quotationLines.quotationId, quotationId));
  if (sealedNow || content.lines.length === 0) return;
  await tx.insert(quotationLines).values(content.lines.map((l) => ({ quotationId, ...l })));
}

/**
 * Adds a revision of a supplier's quote to a task (a portal submission or a buyer's 代录) and makes
 * it the one that counts: the next revision number, its receipt (server time + SHA-256 of the
 * canonical content), sealed at rest while the task is. The caller has checked that the task is
 * quoting and the supplier invited, inside the same transaction.
 */
export async function storeQuoteRevision(
  tx: Db,
  input: {
    task: { id: number };
    supplierId: number;
    submission: QuoteSubmission;
    enteredByBuyer: boolean;
    accountId?: number | null;
    userId?: number | null;
    now: Date;
  },
) {
  const { supplierId, now } = input;
  // The task row serialises revisions and the close: whatever the caller read, the revision is
  // sealed or not, and accepted or not, by the task as it is now.
  const [task] = await tx
    .select({
      id: procurementTasks.id,
      sealed: procurementTasks.sealed,
      unsealedAt: procurementTasks.unsealedAt,
      status: procurementTasks.status,
      quoteDeadline: procurementTasks.quoteDeadline,
    })
    .from(procurementTasks)
    .where(eq(procurementTasks.id, input.task.id))
    .for('update');
  if (!task || !procurementActionAllowed('quote', task.status) || new Date(task.quoteDeadline) <= now) throw conflict(PORTAL_MESSAGES.deadlinePassed);
  const [{ last }] = await tx
    .select({ last: max(quotationRevisions.revision) })
    .from(quotationRevisions)
    .where(and(eq(quotationRevisions.taskId, task.id), eq(quotationRevisions.supplierId, supplierId)));
  const revision = (last ?? 0) + 1;
  const content: QuoteContent = {
    ...input.submission,
    lines: [...input.submission.lines].sort((a, b) => a.taskLineId - b.taskLineId),
    taskId: task.id,
    supplierId,
    revision,
    submittedAt: now.toISOString(),
    enteredByBuyer: input.enteredByBuyer,
    salt: newSalt(),
  };
  const text = canonicalJson(content);
  const receiptSha256 = sha256Hex(text);
  const sealedNow = isSealedNow(task);
  await tx.insert(quotationRevisions).values({
    taskId: task.id,
    supplierId,
    revision,
    submittedAt: now,
    enteredByBuyer: input.enteredByBuyer,
    accountId: input.accountId ?? null,
    userId: input.userId ?? null,
    receiptSha256,
    content: sealedNow ? null : text,
    sealedContent: sealedNow ? seal(text, revisionContext(task.id, supplierId, revision)) : null,
  });

  const values = readableColumns(content, sealedNow);
  const [existing] = await tx
    .select({ id: quotations.id, code: quotations.code })
    .from(quotations)
    .where(and(eq(quotations.taskId, task.id), eq(quotations.supplierId, supplierId)))
    .for('update');
  let id: number;
  let code: string;
  if (existing) {
    await tx
      .update(quotations)
      .set({ ...values, version: sql`${quotations.version} + 1`, updatedAt: now })
      .where(eq(quotations.id, existing.id));
    ({ id, code } = existing);
  } else {
    code = await nextCode(tx, 'BJ', now);
    [{ id }] = await tx
      .insert(quotations)
      .values({ ...values, code, taskId: task.id, supplierId })
      .returning({ id: quotations.id });
  }
  await writeReadable(tx, id, content, sealedNow);
  await tx
    .update(procurementTaskSuppliers)
    .set({ status: 'received', declineReason: null })
    .where(and(eq(procurementTaskSuppliers.taskId, task.id), eq(procurementTaskSuppliers.supplierId, supplierId)));
  return { id, code, revision, submittedAt: now.toISOString(), receiptSha256, sealed: sealedNow, content };
}

/**
 * Opens a sealed task's quotes: every revision's content is decrypted and kept readable, and each
 * supplier's current quote gets its prices back in the readable columns. Runs inside the write that
 * ends the task's quoting (the deadline close or 提前开标); irreversible by design.
 */
export async function unsealTaskQuotes(tx: Db, taskIds: number[], now: Date) {
  if (taskIds.length === 0) return;
  const opened = await tx
    .update(procurementTasks)
    .set({ unsealedAt: now })
    .where(and(inArray(procurementTasks.id, taskIds), eq(procurementTasks.sealed, true), sql`${procurementTasks.unsealedAt} is null`))
    .returning({ id: procurementTasks.id });
  if (opened.length === 0) return;
  const ids = opened.map((t) => t.id);
  const sealedRevisions = await tx
    .select()
    .from(quotationRevisions)
    .where(and(inArray(quotationRevisions.taskId, ids), isNotNull(quotationRevisions.sealedContent)))
    .orderBy(asc(quotationRevisions.id));
  const latest = new Map<string, QuoteContent>();
  for (const row of sealedRevisions) {
    const text = unseal(row.sealedContent as string, revisionContext(row.taskId, row.supplierId, row.revision));
    await tx.update(quotationRevisions).set({ content: text, sealedContent: null }).where(eq(quotationRevisions.id, row.id));
    latest.set(`${row.taskId}:${row.supplierId}`, JSON.parse(text) as QuoteContent);
  }
  const current = await tx
    .select({ id: quotations.id, taskId: quotations.taskId, supplierId: quotations.supplierId, revision: quotations.revision })
    .from(quotations)
    .where(inArray(quotations.taskId, ids));
  for (const quote of current) {
    const content = latest.get(`${quote.taskId}:${quote.supplierId}`);
    if (!content || content.revision !== quote.revision) continue;
    const { status: _s, ...values } = readableColumns(content, false);
    await tx.update(quotations).set(values).where(eq(quotations.id, quote.id));
    await writeReadable(tx, quote.id, content, false);
  }
}

interface RevisionReceipt<R> {
  supplierId: number;
  revision: number;
  submittedAt: string;
  enteredByBuyer: boolean;
  receiptSha256: R;
  canonicalContent: R;
}

/**
 * Each supplier's revisions of a task, oldest first, with each receipt: the digest and the exact
 * canonical text it digests (docs/portal.md, "Receipts"), so anyone holding the text can recompute
 * it. A supplier reading its own (`supplierId`) gets them always, its sealed text opened for it;
 * staff get them once the task is unsealed.
 */
export async function taskRevisions<S extends number | undefined = undefined>(
  db: Db,
  task: { id: number } & TaskSealState,
  supplierId?: S,
): Promise<RevisionReceipt<S extends number ? string : string | null>[]> {
  const rows = await db
    .select({
      supplierId: quotationRevisions.supplierId,
      revision: quotationRevisions.revision,
      submittedAt: quotationRevisions.submittedAt,
      enteredByBuyer: quotationRevisions.enteredByBuyer,
      receiptSha256: quotationRevisions.receiptSha256,
      content: quotationRevisions.content,
      sealedContent: quotationRevisions.sealedContent,
    })
    .from(quotationRevisions)
    .where(and(eq(quotationRevisions.taskId, task.id), supplierId ? eq(quotationRevisions.supplierId, supplierId) : undefined))
    .orderBy(asc(quotationRevisions.supplierId), asc(quotationRevisions.revision));
  const hideReceipt = isSealedNow(task) && supplierId == null;
  type Receipt = S extends number ? string : string | null;
  return rows.map(({ content, sealedContent, ...r }) => ({
    ...r,
    submittedAt: iso(r.submittedAt) as string,
    receiptSha256: (hideReceipt ? null : r.receiptSha256) as Receipt,
    canonicalContent: (hideReceipt
      ? null
      : (content ?? unseal(sealedContent as string, revisionContext(task.id, r.supplierId, r.revision)))) as Receipt,
  }));
}

/**
 * A supplier's own latest revision, decrypted for the supplier itself (the portal shows its own quote
 * while it is sealed to everyone else).
 */
export async function ownLatestContent(db: Db, taskId: number, supplierId: number): Promise<QuoteContent | null> {
  const [row] = await db
    .select()
    .from(quotationRevisions)
    .where(and(eq(quotationRevisions.taskId, taskId), eq(quotationRevisions.supplierId, supplierId)))
    .orderBy(desc(quotationRevisions.revision))
    .limit(1);
  if (!row) return null;
  const text = row.content ?? unseal(row.sealedContent as string, revisionContext(row.taskId, row.supplierId, row.revision));
  return JSON.parse(text) as QuoteContent;
}

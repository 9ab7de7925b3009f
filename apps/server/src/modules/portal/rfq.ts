import {
  DICT,
  PORTAL_MESSAGES,
  PROCUREMENT_STATUS_LABELS,
  procurementActionAllowed,
  type portalDeclineRequest,
  type portalEstimateRequest,
  type portalQuoteSubmitRequest,
  type rfqListRequest,
  shanghaiDay,
} from '@scm/contract';
import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  clarifications,
  dictItems,
  dictTypes,
  procurementTaskLines,
  procurementTaskSuppliers,
  procurementTasks,
  quotations,
  suppliers,
} from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { notify } from '../message/notify';
import type { PortalContext } from '../../lib/context';
import { pageOffset, pageResult } from '../../lib/paging';
import { iso } from '../../lib/rows';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { estimateFreightFor } from '../freight/service';
import { findTaskDetail } from '../procurement-task/queries';
import { assertQuoteLines, estimateFor, quoteSubmission } from '../procurement-task/quotation';
import { effectiveStatus, recordDeadlineClose } from '../procurement-task/status';
import { type TaskWrite, writeTasks } from '../procurement-task/task-write';
import { ownLatestContent, storeQuoteRevision, taskRevisions } from '../sealing/quotes';

/**
 * The supplier's side of a request for quotation (docs/portal.md). Every query is bounded by the
 * caller's supplier: a task it was not invited to, or one still a draft, does not exist for it (404).
 */

const MODULE = 'quotation';
const invitedHere = (supplierId: number) => and(eq(procurementTaskSuppliers.supplierId, supplierId), ne(procurementTasks.status, 'draft'));

export async function listRfqs(ctx: PortalContext, input: z.output<typeof rfqListRequest>) {
  const where = invitedHere(ctx.portal.supplierId);
  const base = ctx.db
    .select({
      taskId: procurementTasks.id,
      code: procurementTasks.code,
      name: procurementTasks.name,
      quoteDeadline: procurementTasks.quoteDeadline,
      status: effectiveStatus(ctx.now()),
      sealed: procurementTasks.sealed,
      invitationStatus: procurementTaskSuppliers.status,
      lineCount: sql<number>`(select count(*)::int from ${procurementTaskLines} where ${procurementTaskLines.taskId} = ${procurementTasks.id})`,
    })
    .from(procurementTaskSuppliers)
    .innerJoin(procurementTasks, eq(procurementTasks.id, procurementTaskSuppliers.taskId));
  const [rows, [{ total }]] = await Promise.all([
    base.where(where).orderBy(desc(procurementTasks.id)).limit(input.pageSize).offset(pageOffset(input)),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(procurementTaskSuppliers)
      .innerJoin(procurementTasks, eq(procurementTasks.id, procurementTaskSuppliers.taskId))
      .where(where),
  ]);
  const list = rows.map((r) => ({ ...r, quoteDeadline: iso(r.quoteDeadline) as string, lineCount: Number(r.lineCount) }));
  return pageResult(list, Number(total), input);
}

/** The task and the caller's invitation, or 404 (another supplier's task, a draft, no such task). */
async function invitedTask(db: Db, supplierId: number, taskId: number, lock = false) {
  const query = db
    .select({ task: procurementTasks, invitationStatus: procurementTaskSuppliers.status, declineReason: procurementTaskSuppliers.declineReason })
    .from(procurementTasks)
    .innerJoin(
      procurementTaskSuppliers,
      and(eq(procurementTaskSuppliers.taskId, procurementTasks.id), eq(procurementTaskSuppliers.supplierId, supplierId)),
    )
    .where(and(eq(procurementTasks.id, taskId), ne(procurementTasks.status, 'draft')));
  const [row] = lock ? await query.for('update', { of: procurementTasks }) : await query;
  if (!row) throw notFound('询价不存在');
  return row;
}

async function unitLabels(db: Db, units: string[]) {
  if (units.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ value: dictItems.value, label: dictItems.label })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(and(eq(dictTypes.code, DICT.unit), inArray(dictItems.value, units)));
  return new Map(rows.map((r) => [r.value, r.label]));
}

export async function rfqInfo(ctx: PortalContext, taskId: number) {
  const { supplierId } = ctx.portal;
  const now = ctx.now();
  const invited = await invitedTask(ctx.db, supplierId, taskId);
  const found = await findTaskDetail(ctx.db, taskId, now);
  if (!found) throw notFound('询价不存在');
  const [units, revisions, own, [current], questions] = await Promise.all([
    unitLabels(ctx.db, [...new Set(found.lines.map((l) => l.unit))]),
    taskRevisions(ctx.db, found.task, supplierId),
    ownLatestContent(ctx.db, taskId, supplierId),
    ctx.db
      .select({ id: quotations.id })
      .from(quotations)
      .where(and(eq(quotations.taskId, taskId), eq(quotations.supplierId, supplierId))),
    ctx.db
      .select()
      .from(clarifications)
      .where(and(eq(clarifications.taskId, taskId), or(isNotNull(clarifications.answer), eq(clarifications.supplierId, supplierId))))
      .orderBy(asc(clarifications.askedAt), asc(clarifications.id)),
  ]);
  const status = found.header.status;
  // Its own quote as it stands: withdrawn by a decline, shown again by a later submission.
  const quote =
    own && current && invited.invitationStatus === 'received'
      ? {
          id: current.id,
          revision: own.revision,
          submittedAt: own.submittedAt,
          validUntil: own.validUntil,
          invoiceType: own.invoiceType,
          taxRatePercent: own.taxRatePercent,
          freightMode: own.freightMode,
          freightFen: own.freightFen,
          freightFormula: own.freightFormula,
          remark: own.remark,
          enteredByBuyer: own.enteredByBuyer,
          lines: own.lines,
        }
      : null;
  const awarded = status === 'awarded' || status === 'completed';
  const ownPrice = new Map((quote?.lines ?? []).map((l) => [l.taskLineId, l.unitPriceFen]));
  return {
    task: {
      id: found.task.id,
      code: found.task.code,
      name: found.task.name,
      status,
      sealed: found.task.sealed,
      quoteDeadline: found.header.quoteDeadline,
      deliveryRegionCode: found.header.deliveryRegionCode,
      deliveryRegionName: found.header.deliveryRegionName,
      requiredBy: found.task.requiredBy,
      lines: found.lines.map((l) => ({
        id: l.id,
        commodityName: l.commodityName,
        spec: l.spec,
        unit: units.get(l.unit) ?? l.unit,
        quantity: l.quantity,
      })),
    },
    invitationStatus: invited.invitationStatus,
    declineReason: invited.declineReason,
    quote,
    revisions: revisions.map(({ supplierId: _s, receiptSha256, ...r }) => ({ ...r, receiptSha256: receiptSha256 as string })),
    // Answered questions of every supplier and its own open ones; never who asked someone else's.
    clarifications: questions.map((c) => ({
      id: c.id,
      question: c.question,
      answer: c.answer,
      askedAt: iso(c.askedAt) as string,
      answeredAt: iso(c.answeredAt),
      mine: c.supplierId === supplierId,
    })),
    // Only its own part of the award: won or not, the quantity, its own price.
    outcome: awarded
      ? {
          lines: found.lines.map((l) => {
            const won = l.awardedSupplierId === supplierId;
            return {
              taskLineId: l.id,
              won,
              quantity: won ? (l.awardedQuantity ?? l.quantity) : l.quantity,
              unitPriceFen: ownPrice.get(l.id) ?? null,
            };
          }),
        }
      : null,
    serverNow: now.toISOString(),
  };
}

/** The caller's supplier as an event names it. */
export const portalSupplier = (ctx: PortalContext) => ({ id: ctx.portal.supplierId, name: ctx.portal.supplierName });

/**
 * Opens a portal write on a task: the task row locked first, then the server's clock read, then the
 * deadline recorded if it has passed (which unseals), all in the write's transaction. A write that
 * gets the lock after the deadline job has closed the task sees it closed; one that gets it before
 * lands before the close, and the close then unseals it with the rest.
 */
export async function openQuoting(write: TaskWrite, ctx: PortalContext, taskId: number) {
  const { supplierId } = ctx.portal;
  await invitedTask(write.tx, supplierId, taskId, true);
  const now = ctx.now();
  write.touch(taskId);
  await recordDeadlineClose(write, taskId, now);
  const found = await findTaskDetail(write.tx, taskId, now);
  if (!found) throw notFound('询价不存在');
  if (procurementActionAllowed('quote', found.task.status) && found.task.quoteDeadline > now) return { found, now };
  if (found.task.status === 'cancelled') throw conflict(`任务已${PROCUREMENT_STATUS_LABELS.cancelled}`);
  throw conflict(PORTAL_MESSAGES.deadlinePassed);
}

async function supplierTemplate(db: Db, supplierId: number) {
  const [row] = await db.select({ templateId: suppliers.priceTemplateId }).from(suppliers).where(eq(suppliers.id, supplierId));
  return row?.templateId ?? null;
}

export async function submitQuote(ctx: PortalContext, input: z.output<typeof portalQuoteSubmitRequest>) {
  const { supplierId, accountId } = ctx.portal;
  return writeTasks(ctx.db, async (write) => {
    const { tx } = write;
    const { found, now } = await openQuoting(write, ctx, input.taskId);
    if (input.validUntil < shanghaiDay(now)) throw fieldError('valid_until', '有效期至不能早于今天');
    assertQuoteLines(found.lines, input.lines, '该询价');
    const prices = new Map(input.lines.map((l) => [l.taskLineId, l.unitPriceFen]));
    let freightFen: number;
    let freightFormula: string | null = null;
    if (input.freightMode === 'estimated') {
      const estimate = await estimateFor(tx, found, await supplierTemplate(tx, supplierId), prices);
      if (estimate.freightFen == null) throw fieldError('freight_mode', estimate.error ?? '无法估算运费，请手工填写');
      freightFen = estimate.freightFen;
      freightFormula = `${estimate.templateName}：${estimate.formula ?? ''}${estimate.free ? '（包邮）' : ''}`;
    } else {
      if (input.freightFen == null) throw fieldError('freight_fen', '请填写运费，或选择按模板估算');
      freightFen = input.freightFen;
    }
    const stored = await storeQuoteRevision(tx, {
      task: found.task,
      supplierId,
      submission: quoteSubmission(input, { quoteDate: shanghaiDay(now), freightFen, freightFormula }),
      enteredByBuyer: false,
      accountId,
      now,
    });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'submit',
      recordId: stored.id,
      // Who and which revision, never a price: the log is read by staff while the task is sealed.
      summary: `${stored.code} ${found.task.code} ${ctx.portal.supplierName} 门户报价第${stored.revision}版`,
      after: { revision: stored.revision, receiptSha256: stored.receiptSha256 },
    });
    await notify(tx, ctx.actor, { kind: 'quote_submitted', task: found.task, supplier: portalSupplier(ctx), revision: stored.revision });
    return { id: stored.id, revision: stored.revision, submittedAt: stored.submittedAt, receiptSha256: stored.receiptSha256 };
  });
}

/** 放弃报价 with a reason: the current quote is withdrawn (its revisions stay); a later submission before the deadline takes it back. */
export async function declineRfq(ctx: PortalContext, input: z.output<typeof portalDeclineRequest>) {
  const { supplierId } = ctx.portal;
  await writeTasks(ctx.db, async (write) => {
    const { tx } = write;
    const { found } = await openQuoting(write, ctx, input.taskId);
    const removed = await tx
      .delete(quotations)
      .where(and(eq(quotations.taskId, input.taskId), eq(quotations.supplierId, supplierId)))
      .returning({ code: quotations.code });
    await tx
      .update(procurementTaskSuppliers)
      .set({ status: 'declined', declineReason: input.reason })
      .where(and(eq(procurementTaskSuppliers.taskId, input.taskId), eq(procurementTaskSuppliers.supplierId, supplierId)));
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'portal_decline',
      recordId: input.taskId,
      summary: `${found.task.code} ${ctx.portal.supplierName} 放弃报价：${input.reason}`,
      before: removed.length ? { quotation: removed[0].code } : undefined,
      after: { status: 'declined', reason: input.reason },
    });
    await notify(tx, ctx.actor, { kind: 'quote_declined', task: found.task, supplier: portalSupplier(ctx), reason: input.reason });
  });
  return null;
}

/**
 * 按模板估算: the supplier's own template to the task's delivery region, over the task's lines in
 * their order (an item's `index` is its line's position), with the prices typed so far if given.
 */
export async function estimateRfqFreight(ctx: PortalContext, input: z.output<typeof portalEstimateRequest>) {
  const { supplierId } = ctx.portal;
  await invitedTask(ctx.db, supplierId, input.taskId);
  const found = await findTaskDetail(ctx.db, input.taskId, ctx.now());
  if (!found) throw notFound('询价不存在');
  const templateId = await supplierTemplate(ctx.db, supplierId);
  if (templateId == null) throw conflict('贵公司尚未设置配送价格模板，请手工填写运费');
  const prices = new Map((input.lines ?? []).map((l) => [l.taskLineId, l.unitPriceFen]));
  return estimateFreightFor(ctx.db, {
    destination: found.task.deliveryRegionCode,
    items: found.lines.map((l) => {
      const price = prices.get(l.id);
      return {
        templateId,
        quantity: l.quantity,
        weightG: l.weightG ?? undefined,
        volumeCm3: l.volumeCm3 ?? undefined,
        amountFen: price == null ? undefined : price * l.quantity,
      };
    }),
  });
}

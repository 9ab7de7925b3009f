import { type FreightEstimate, LINE_AMOUNT_MESSAGE, lineAmountTooLarge, type QuoteEstimate, type quoteSaveRequest, shanghaiDay } from '@scm/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { procurementTaskSuppliers, procurementTasks, quotations } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { SupplierAccess } from '../../lib/access/supplier-scope';
import { notify } from '../message/notify';
import { conflict, fieldError, notFound, staleVersion } from '../../lib/http/errors';
import { estimateFreightFor } from '../freight/service';
import { isSealedNow, storeQuoteRevision } from '../sealing/quotes';
import { regionFullName } from '../region/regions';
import { findTaskDetail } from './queries';
import {
  assertNotOwnBid,
  isStaff,
  loadQuoteTask,
  openQuoting,
  type QuoteAccess,
  type QuoteContext,
  quotedSupplier,
  type StaffAccess,
  wordsFor,
} from './quote-access';
import { writeTasks } from './task-write';

const MODULE = 'quotation';

/** The lines as the freight estimate reads them: the supplier's template, the quantity, measures and the amount where priced. */
function freightItems(lines: Found['lines'], templateId: number, prices: Map<number, number | null>) {
  return lines.map((l) => {
    const price = prices.get(l.id);
    return {
      templateId,
      quantity: l.quantity,
      weightG: l.weightG ?? undefined,
      volumeCm3: l.volumeCm3 ?? undefined,
      amountFen: price == null ? undefined : price * l.quantity,
    };
  });
}

type Found = Pick<NonNullable<Awaited<ReturnType<typeof findTaskDetail>>>, 'task' | 'lines'>;

/** The supplier's template priced for the quoted lines to the task's delivery region (docs/rules/freight.md). */
export async function estimateFor(db: Db, found: Found, templateId: number | null, prices: Map<number, number | null>): Promise<QuoteEstimate> {
  const destination = found.task.deliveryRegionCode;
  const base = {
    destination,
    destinationName: regionFullName(destination) || destination,
    templateId,
    templateName: null,
    freightFen: null,
    chargeMode: null,
    matchedBy: null,
    q: null,
    free: false,
    formula: null,
    freeNote: null,
  };
  if (templateId == null) return { ...base, error: '该供应商未设置配送价格模板，请手工填写运费' };
  const quoted = found.lines.filter((l) => prices.get(l.id) != null);
  if (quoted.length === 0) return { ...base, error: '请先填写至少一行单价' };
  const estimate = await estimateFreightFor(db, { destination, items: freightItems(quoted, templateId, prices) });
  const group = estimate.groups[0];
  return {
    ...base,
    templateName: group.templateName,
    freightFen: group.error ? null : group.feeFen,
    chargeMode: group.chargeMode,
    matchedBy: group.matchedBy,
    q: group.q,
    free: group.free,
    formula: group.formula || null,
    freeNote: group.freeNote,
    error: group.error ?? null,
  };
}

type QuoteInput = Pick<z.output<typeof quoteSaveRequest>, 'validUntil' | 'invoiceType' | 'taxRatePercent' | 'freightMode' | 'remark' | 'lines'>;

/** What a revision stores, from a buyer's 代录 or a supplier's portal submission alike (empty text as null). */
export function quoteSubmission(input: QuoteInput, worked: { quoteDate: string; freightFen: number; freightFormula: string | null }) {
  return {
    quoteDate: worked.quoteDate,
    validUntil: input.validUntil,
    invoiceType: input.invoiceType,
    taxRatePercent: input.taxRatePercent,
    freightMode: input.freightMode,
    freightFen: worked.freightFen,
    freightFormula: worked.freightFormula,
    remark: input.remark || null,
    lines: input.lines.map((l) => ({
      taskLineId: l.taskLineId,
      unitPriceFen: l.unitPriceFen,
      moq: l.moq ?? null,
      leadTimeDays: l.leadTimeDays ?? null,
      remark: l.remark || null,
    })),
  };
}

/**
 * A quote's lines are the task's own lines, each at most once, and no line's amount passes the
 * ceiling (docs/rules/money-and-formats.md): the same check for a buyer's 代录 and a portal revision.
 */
export function assertQuoteLines(
  taskLines: { id: number; quantity: number }[],
  lines: { taskLineId: number; unitPriceFen: number | null }[],
  taskNoun: string,
) {
  const quantities = new Map(taskLines.map((l) => [l.id, l.quantity]));
  const seen = new Set<number>();
  lines.forEach((line, i) => {
    if (!quantities.has(line.taskLineId)) throw fieldError(`lines.${i}.task_line_id`, `报价行不属于${taskNoun}`);
    if (seen.has(line.taskLineId)) throw fieldError(`lines.${i}.task_line_id`, '同一商品行只能报价一次');
    seen.add(line.taskLineId);
    if (lineAmountTooLarge(quantities.get(line.taskLineId), line.unitPriceFen)) throw fieldError(`lines.${i}.unit_price_fen`, LINE_AMOUNT_MESSAGE);
  });
}

/** A quote as either realm sends it; staff name the supplier, the quote date and the version they read. */
type QuoteActInput = QuoteInput & { taskId: number; freightFen?: number | null; supplierId?: number; quoteDate?: string; version?: number | null };

/** The freight a quote states: typed, or worked out from the supplier's template over the quoted lines. */
async function quotedFreight(db: Db, found: Found, templateId: number | null, input: QuoteActInput, prices: Map<number, number | null>) {
  if (input.freightMode === 'estimated') {
    const estimate = await estimateFor(db, found, templateId, prices);
    if (estimate.freightFen == null) throw fieldError('freight_mode', estimate.error ?? '无法估算运费，请手工填写');
    return {
      freightFen: estimate.freightFen,
      freightFormula: `${estimate.templateName}：${estimate.formula ?? ''}${estimate.free ? '（包邮）' : ''}`,
    };
  }
  if (input.freightFen == null) throw fieldError('freight_fen', '请填写运费，或选择按模板估算');
  return { freightFen: input.freightFen, freightFormula: null };
}

/**
 * 报价: a new revision of a supplier's quote, entered by staff (代录, naming the supplier) or
 * submitted by the supplier in the portal. Both go through the same checks, freight and storage;
 * the realms differ in the quote date (staff type it, a portal quote is dated today), the version
 * check (staff edit what they read; a sealed quote cannot be read), their audit words and whom a
 * message tells. Staff cannot replace a supplier's own portal bid (`assertNotOwnBid`).
 */
export async function saveQuote(ctx: QuoteContext, access: QuoteAccess, input: QuoteActInput) {
  const supplierId = quotedSupplier(access, input.supplierId);
  return writeTasks(ctx.db, async (write) => {
    const { tx } = write;
    const now = ctx.now();
    const { found, invited } = await openQuoting(write, access, input.taskId, supplierId, now);
    write.touch(input.taskId);
    const quoteDate = input.quoteDate ?? shanghaiDay(now);
    if (input.validUntil < quoteDate) throw fieldError('valid_until', wordsFor(access).validUntil);
    assertQuoteLines(found.lines, input.lines, isStaff(access) ? '该任务' : '该询价');
    await assertNotOwnBid(tx, access, input.taskId, supplierId);
    const prices = new Map(input.lines.map((l) => [l.taskLineId, l.unitPriceFen]));
    const freight = await quotedFreight(tx, found, invited.priceTemplateId, input, prices);

    const [existing] = await tx
      .select({ version: quotations.version })
      .from(quotations)
      .where(and(eq(quotations.taskId, input.taskId), eq(quotations.supplierId, supplierId)));
    // A sealed quote cannot be read, so its version is not asked for: each entry adds a revision and
    // the earlier ones stay, so nothing is overwritten unseen. A supplier's own revision needs none.
    if (isStaff(access) && !isSealedNow(found.task) && (existing ? input.version !== existing.version : input.version != null)) throw staleVersion();
    const submission = quoteSubmission(input, { quoteDate, ...freight });
    const stored = await storeQuoteRevision(tx, {
      task: found.task,
      supplierId,
      submission,
      now,
      ...(isStaff(access) ? { enteredByBuyer: true, userId: access.user.id } : { enteredByBuyer: false, accountId: access.accountId }),
    });
    const supplier = { id: supplierId, name: invited.name };
    if (isStaff(access)) {
      const missing = found.lines.filter((l) => prices.get(l.id) == null).length;
      await writeAudit(tx, ctx.actor, {
        module: MODULE,
        action: existing ? 'update' : 'create',
        recordId: stored.id,
        // A sealed quote's audit row says who and which revision, never a price (docs/portal.md).
        summary: `${stored.code} ${found.task.code} ${invited.name} 第${stored.revision}版${stored.sealed ? '（密封）' : missing ? `（${missing}行未报价）` : ''}`,
        after: stored.sealed ? { revision: stored.revision, enteredByBuyer: true } : { ...submission, revision: stored.revision },
      });
      // The supplier learns that a quote was entered for it, in the same transaction.
      await notify(tx, ctx.actor, { kind: 'quote_entered', task: found.task, supplier, revision: stored.revision });
    } else {
      await writeAudit(tx, ctx.actor, {
        module: MODULE,
        action: 'submit',
        recordId: stored.id,
        // Who and which revision, never a price: the log is read by staff while the task is sealed.
        summary: `${stored.code} ${found.task.code} ${access.supplierName} 门户报价第${stored.revision}版`,
        after: { revision: stored.revision, receiptSha256: stored.receiptSha256 },
      });
      await notify(tx, ctx.actor, { kind: 'quote_submitted', task: found.task, supplier, revision: stored.revision });
    }
    return { id: stored.id, revision: stored.revision, submittedAt: stored.submittedAt, receiptSha256: stored.receiptSha256 };
  });
}

/**
 * 放弃报价: the supplier declines the whole task and its current quote is withdrawn (its revisions
 * stay; a later quote before the deadline takes it back). Staff record it on the supplier's behalf,
 * unless the current quote is the supplier's own portal bid.
 */
export async function declineQuote(ctx: QuoteContext, access: QuoteAccess, input: { taskId: number; supplierId?: number; reason?: string | null }) {
  const supplierId = quotedSupplier(access, input.supplierId);
  await writeTasks(ctx.db, async (write) => {
    const { tx } = write;
    const now = ctx.now();
    const { found, invited } = await openQuoting(write, access, input.taskId, supplierId, now);
    write.touch(input.taskId);
    await assertNotOwnBid(tx, access, input.taskId, supplierId);
    const reason = input.reason || null;
    const removed = await tx
      .delete(quotations)
      .where(and(eq(quotations.taskId, input.taskId), eq(quotations.supplierId, supplierId)))
      .returning({ code: quotations.code });
    await tx
      .update(procurementTaskSuppliers)
      .set({ status: 'declined', declineReason: reason })
      .where(and(eq(procurementTaskSuppliers.taskId, input.taskId), eq(procurementTaskSuppliers.supplierId, supplierId)));
    const before = removed.length ? { quotation: removed[0].code } : undefined;
    if (isStaff(access)) {
      // Quote activity counts as an update of the task for the list's "recently updated" order.
      await tx.update(procurementTasks).set({ updatedAt: now }).where(eq(procurementTasks.id, input.taskId));
      await writeAudit(tx, ctx.actor, {
        module: MODULE,
        action: 'decline',
        recordId: input.taskId,
        summary: `${found.task.code} ${invited.name} 放弃报价${reason ? `：${reason}` : ''}`,
        before,
        after: { status: 'declined' },
      });
    } else {
      await writeAudit(tx, ctx.actor, {
        module: MODULE,
        action: 'portal_decline',
        recordId: input.taskId,
        summary: `${found.task.code} ${access.supplierName} 放弃报价：${reason}`,
        before,
        after: { status: 'declined', reason },
      });
      await notify(tx, ctx.actor, {
        kind: 'quote_declined',
        task: found.task,
        supplier: { id: supplierId, name: invited.name },
        reason: reason ?? '',
      });
    }
  });
  return { id: input.taskId };
}

type EstimateInput = { taskId: number; supplierId?: number; lines?: { taskLineId: number; unitPriceFen: number | null }[] };

/**
 * 按模板估算: the supplier's template to the task's delivery region with the prices typed so far.
 * Staff's estimate is checked as a quote is (a write of its own: the check may record a passed
 * deadline) and answers the quote form's figure over the priced lines; the portal's reads the task
 * the supplier sees and answers the estimate's full working over every line (an item's `index` is
 * its line's position), refusing when the supplier has no template.
 */
export async function estimateQuoteFreight(ctx: QuoteContext, access: StaffAccess, input: EstimateInput): Promise<QuoteEstimate>;
export async function estimateQuoteFreight(ctx: QuoteContext, access: SupplierAccess, input: EstimateInput): Promise<FreightEstimate>;
export async function estimateQuoteFreight(ctx: QuoteContext, access: QuoteAccess, input: EstimateInput): Promise<QuoteEstimate | FreightEstimate> {
  const prices = new Map((input.lines ?? []).map((l) => [l.taskLineId, l.unitPriceFen]));
  if (isStaff(access)) {
    return writeTasks(ctx.db, async (write) => {
      const { found, invited } = await openQuoting(write, access, input.taskId, quotedSupplier(access, input.supplierId), ctx.now());
      return estimateFor(write.tx, found, invited.priceTemplateId, prices);
    });
  }
  await loadQuoteTask(ctx.db, access, input.taskId);
  const found = await findTaskDetail(ctx.db, input.taskId, ctx.now());
  if (!found) throw notFound(wordsFor(access).missing);
  const templateId = found.invited.find((s) => s.supplierId === access.supplierId)?.priceTemplateId ?? null;
  if (templateId == null) throw conflict('贵公司尚未设置配送价格模板，请手工填写运费');
  return estimateFreightFor(ctx.db, { destination: found.task.deliveryRegionCode, items: freightItems(found.lines, templateId, prices) });
}

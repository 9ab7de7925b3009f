import {
  LINE_AMOUNT_MESSAGE,
  procurementActionAllowed,
  lineAmountTooLarge,
  type quoteDeclineRequest,
  type quoteEstimateRequest,
  type QuoteEstimate,
  type quoteSaveRequest,
} from '@scm/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { procurementTaskSuppliers, procurementTasks, quotations } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthedContext, AuthUser } from '../../lib/context';
import { conflict, fieldError, notFound, staleVersion } from '../../lib/errors';
import { estimateFreightFor } from '../freight/service';
import { isSealedNow, storeQuoteRevision } from '../sealing/quotes';
import { regionFullName } from '../region/regions';
import { findTaskDetail } from './queries';
import { loadTaskForUser } from './scope';
import { recordDeadlineClose } from './status';
import { type TaskWrite, writeTasks } from './task-write';

const MODULE = 'quotation';

/** A quote is entered only while the task is quoting, before its deadline, for an invited supplier in good standing. */
async function quotableContext(write: TaskWrite, user: AuthUser, taskId: number, supplierId: number, now: Date) {
  const { tx } = write;
  await loadTaskForUser(tx, user, taskId);
  // Touches the task only if it closes it: an estimate alone changes nothing the board sums.
  await recordDeadlineClose(write, taskId, now);
  const found = await findTaskDetail(tx, taskId, now);
  if (!found) throw notFound('采购任务不存在');
  if (!procurementActionAllowed('quote', found.task.status)) {
    throw conflict(found.task.quoteDeadline <= now ? '报价已截止，不能再录入报价' : '任务不在报价中，不能录入报价');
  }
  const invited = found.invited.find((s) => s.supplierId === supplierId);
  if (!invited) throw conflict('该供应商未被邀请参与此任务，不能录入报价');
  if (invited.supplierStatus === 'blacklisted') throw conflict('该供应商已列入黑名单，不能录入报价');
  if (invited.supplierStatus !== 'enabled') throw conflict('该供应商已停用，不能录入报价');
  return { found, invited };
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
  const estimate = await estimateFreightFor(db, {
    destination,
    items: quoted.map((l) => ({
      templateId,
      quantity: l.quantity,
      weightG: l.weightG ?? undefined,
      volumeCm3: l.volumeCm3 ?? undefined,
      amountFen: (prices.get(l.id) as number) * l.quantity,
    })),
  });
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

export async function estimateQuoteFreight(ctx: AuthedContext, input: z.output<typeof quoteEstimateRequest>) {
  // The same check as a saved quote, so a write of its own: the check may record a passed deadline.
  return writeTasks(ctx.db, async (write) => {
    const { found, invited } = await quotableContext(write, ctx.user, input.taskId, input.supplierId, ctx.now());
    const prices = new Map(input.lines.map((l) => [l.taskLineId, l.unitPriceFen]));
    return estimateFor(write.tx, found, invited.priceTemplateId, prices);
  });
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

export async function saveQuote(ctx: AuthedContext, input: z.output<typeof quoteSaveRequest>) {
  const now = ctx.now();
  return writeTasks(ctx.db, async (write) => {
    const { tx } = write;
    const { found, invited } = await quotableContext(write, ctx.user, input.taskId, input.supplierId, now);
    write.touch(input.taskId);
    if (input.validUntil < input.quoteDate) throw fieldError('valid_until', '有效期至不能早于报价日期');
    assertQuoteLines(found.lines, input.lines, '该任务');
    const prices = new Map(input.lines.map((l) => [l.taskLineId, l.unitPriceFen]));

    let freightFen: number;
    let freightFormula: string | null = null;
    if (input.freightMode === 'estimated') {
      const estimate = await estimateFor(tx, found, invited.priceTemplateId, prices);
      if (estimate.freightFen == null) throw fieldError('freight_mode', estimate.error ?? '无法估算运费，请手工填写');
      freightFen = estimate.freightFen;
      freightFormula = `${estimate.templateName}：${estimate.formula ?? ''}${estimate.free ? '（包邮）' : ''}`;
    } else {
      if (input.freightFen == null) throw fieldError('freight_fen', '请填写运费，或选择按模板估算');
      freightFen = input.freightFen;
    }

    const [existing] = await tx
      .select({ version: quotations.version })
      .from(quotations)
      .where(and(eq(quotations.taskId, input.taskId), eq(quotations.supplierId, input.supplierId)));
    // A sealed quote cannot be read, so its version is not asked for: each entry adds a revision and
    // the earlier ones stay, so nothing is overwritten unseen.
    if (!isSealedNow(found.task) && (existing ? input.version !== existing.version : input.version != null)) throw staleVersion();
    const submission = quoteSubmission(input, { quoteDate: input.quoteDate, freightFen, freightFormula });
    const stored = await storeQuoteRevision(tx, {
      task: found.task,
      supplierId: input.supplierId,
      submission,
      enteredByBuyer: true,
      userId: ctx.user.id,
      now,
    });
    const missing = found.lines.filter((l) => prices.get(l.id) == null).length;
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: existing ? 'update' : 'create',
      recordId: stored.id,
      // A sealed quote's audit row says who and which revision, never a price (docs/portal.md).
      summary: `${stored.code} ${found.task.code} ${invited.name} 第${stored.revision}版${stored.sealed ? '（密封）' : missing ? `（${missing}行未报价）` : ''}`,
      after: stored.sealed ? { revision: stored.revision, enteredByBuyer: true } : { ...submission, revision: stored.revision },
    });
    return { id: stored.id };
  });
}

/** The supplier declines the whole task; a quote it had entered is withdrawn. */
export async function declineQuote(ctx: AuthedContext, input: z.output<typeof quoteDeclineRequest>) {
  const now = ctx.now();
  await writeTasks(ctx.db, async (write) => {
    const { tx } = write;
    const { found, invited } = await quotableContext(write, ctx.user, input.taskId, input.supplierId, now);
    write.touch(input.taskId);
    const removed = await tx
      .delete(quotations)
      .where(and(eq(quotations.taskId, input.taskId), eq(quotations.supplierId, input.supplierId)))
      .returning({ code: quotations.code });
    await tx
      .update(procurementTaskSuppliers)
      .set({ status: 'declined', declineReason: input.reason || null })
      .where(and(eq(procurementTaskSuppliers.taskId, input.taskId), eq(procurementTaskSuppliers.supplierId, input.supplierId)));
    // Quote activity counts as an update of the task for the list's "recently updated" order.
    await tx.update(procurementTasks).set({ updatedAt: now }).where(eq(procurementTasks.id, input.taskId));
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'decline',
      recordId: input.taskId,
      summary: `${found.task.code} ${invited.name} 放弃报价${input.reason ? `：${input.reason}` : ''}`,
      before: removed.length ? { quotation: removed[0].code } : undefined,
      after: { status: 'declined' },
    });
  });
  return { id: input.taskId };
}

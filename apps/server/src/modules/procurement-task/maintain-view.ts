import { compareMaintainView, type QuoteStatus, shanghaiDay } from '@scm/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quotationLines, quotations } from '../../db/schema';
import { iso } from '../../lib/sql/rows';
import { notFound } from '../../lib/http/errors';
import { prepared } from '../../lib/sql/prepared';
import { companyTaxpayer } from '../dictionary/company-taxpayer';
import { isSealedNow, taskRevisions } from '../sealing/quotes';
import { findTaskDetail, toTaskDetail } from './queries';

type QuoteRow = typeof quotations.$inferSelect;

/** An unawarded quote whose valid-until day has passed is shown (and treated) as expired. */
function shownQuoteStatus(quote: QuoteRow, today: string): QuoteStatus {
  if ((quote.status === 'submitted' || quote.status === 'draft') && quote.validUntil < today) return 'expired';
  return quote.status;
}

const taskQuotesQuery = prepared(
  (db, name) =>
    db
      .select()
      .from(quotations)
      .where(eq(quotations.taskId, sql.placeholder('taskId')))
      .prepare(name),
  'task_quotes',
);
const taskQuoteLinesQuery = prepared(
  (db, name) =>
    db
      .select({ line: quotationLines })
      .from(quotationLines)
      .innerJoin(quotations, eq(quotations.id, quotationLines.quotationId))
      .where(eq(quotations.taskId, sql.placeholder('taskId')))
      .prepare(name),
  'task_quote_lines',
);

/**
 * Everything the maintenance page, the award and the export need: the task, each invited
 * supplier's quote and the comparison over them.
 */
export async function loadMaintainState(db: Db, taskId: number, now: Date) {
  // Independent reads in parallel: one round trip on a pool, the same order inside a transaction.
  const [found, quoteRows, quoteLineRows, taxpayer] = await Promise.all([
    findTaskDetail(db, taskId, now),
    taskQuotesQuery(db).execute({ taskId }),
    taskQuoteLinesQuery(db)
      .execute({ taskId })
      .then((rows) => rows.map((r) => r.line)),
    companyTaxpayer(db),
  ]);
  if (!found) throw notFound('采购任务不存在');
  const sealed = isSealedNow(found.task);
  const revisions = await taskRevisions(db, found.task);
  const today = shanghaiDay(now);
  const lineIndex = new Map(found.lines.map((l, i) => [l.id, i]));

  const suppliers = found.invited.map((invited) => {
    const quote = quoteRows.find((q) => q.supplierId === invited.supplierId) ?? null;
    const lines = quote
      ? quoteLineRows
          .filter((l) => l.quotationId === quote.id)
          .sort((a, b) => (lineIndex.get(a.taskLineId) ?? 0) - (lineIndex.get(b.taskLineId) ?? 0))
          .map((l) => ({ taskLineId: l.taskLineId, unitPriceFen: l.unitPriceFen, moq: l.moq, leadTimeDays: l.leadTimeDays, remark: l.remark }))
      : [];
    const status = quote ? shownQuoteStatus(quote, today) : 'submitted';
    return {
      supplierId: invited.supplierId,
      code: invited.code,
      name: invited.name,
      supplierStatus: invited.supplierStatus,
      invitationStatus: invited.invitationStatus,
      priceTemplateId: invited.priceTemplateId,
      priceTemplateName: invited.priceTemplateName,
      declineReason: invited.declineReason,
      revisions: revisions.filter((r) => r.supplierId === invited.supplierId).map(({ supplierId: _s, ...r }) => r),
      quote: !quote
        ? null
        : sealed
          ? // While sealed: who submitted, when and which revision; nothing of what (docs/portal.md).
            {
              id: quote.id,
              code: quote.code,
              revision: quote.revision,
              submittedAt: iso(quote.submittedAt) as string,
              enteredByBuyer: quote.enteredByBuyer,
              sealed: true as const,
            }
          : {
              id: quote.id,
              code: quote.code,
              quoteDate: quote.quoteDate,
              validUntil: quote.validUntil,
              invoiceType: quote.invoiceType,
              taxRatePercent: quote.taxRatePercent,
              freightMode: quote.freightMode,
              freightFen: quote.freightFen,
              freightFormula: quote.freightFormula,
              remark: quote.remark,
              status,
              version: quote.version,
              updatedAt: iso(quote.updatedAt) as string,
              lines,
              revision: quote.revision,
              submittedAt: iso(quote.submittedAt) as string,
              enteredByBuyer: quote.enteredByBuyer,
              sealed: false as const,
            },
    };
  });

  const awarded = found.lines.filter((l) => l.awardedSupplierId != null);
  const awardLines = awarded.map((l) => {
    const boughtQuantity = l.awardedQuantity ?? l.quantity;
    return {
      taskLineId: l.id,
      supplierId: l.awardedSupplierId as number,
      quantity: l.quantity,
      boughtQuantity,
      unitPriceFen: l.awardedUnitPriceFen ?? 0,
      amountFen: (l.awardedUnitPriceFen ?? 0) * boughtQuantity,
      freightShareFen: l.awardedFreightFen ?? 0,
      deductibleVatFen: l.awardedDeductibleVatFen ?? 0,
      reason: l.awardReason,
    };
  });
  const deductibleVatFen = awardLines.reduce((s, l) => s + l.deductibleVatFen, 0);
  const award =
    found.task.awardedAt && awarded.length > 0
      ? {
          goodsFen: awardLines.reduce((s, l) => s + l.amountFen, 0),
          freightFen: awardLines.reduce((s, l) => s + l.freightShareFen, 0),
          totalFen: found.task.awardedAmountFen ?? 0,
          deductibleVatFen,
          realTotalFen: (found.task.awardedAmountFen ?? 0) - deductibleVatFen,
          awardedAt: iso(found.task.awardedAt) as string,
          awardedBy: found.task.awardedBy,
          awardedById: found.task.awardedById,
          approvedBy: found.task.awardApprovedBy,
          approvedAt: iso(found.task.awardApprovedAt),
          lines: awardLines,
        }
      : null;

  const compared = { task: toTaskDetail(found), suppliers, taxpayer };
  const { quotes: compareInput, comparison } = compareMaintainView(compared);
  const view = { ...compared, award, serverNow: now.toISOString(), comparison };
  return { found, compareInput, comparison, view };
}

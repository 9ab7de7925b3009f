import { type CompareQuote, type CompareResult, compareQuotes } from './compare';
import type { MaintainView } from './task';

/**
 * The comparison of a task's maintenance view (docs/procurement.md): which quotes compete and the
 * matrix over them. The server works it once for the compare answer, the award and the export.
 */
export function compareMaintainView(view: Pick<MaintainView, 'task' | 'suppliers' | 'taxpayer'>): {
  quotes: CompareQuote[];
  comparison: CompareResult;
} {
  // Only a submitted (or already decided), unexpired quote from a supplier in good standing competes;
  // a sealed quote carries no price, so nothing is compared while the task is sealed.
  const quotes: CompareQuote[] = view.suppliers.flatMap(({ quote, ...supplier }) =>
    quote && !quote.sealed && supplier.invitationStatus === 'received'
      ? [
          {
            supplierId: supplier.supplierId,
            eligible: supplier.supplierStatus !== 'blacklisted' && quote.status !== 'expired' && quote.status !== 'draft',
            freightFen: quote.freightFen,
            invoiceType: quote.invoiceType,
            taxRatePercent: quote.taxRatePercent,
            lines: quote.lines.map((l) => ({ lineId: l.taskLineId, unitPriceFen: l.unitPriceFen, moq: l.moq, leadTimeDays: l.leadTimeDays })),
          },
        ]
      : [],
  );
  const lines = view.task.lines.map((l) => ({ id: l.id, quantity: l.quantity, targetPriceFen: l.targetPriceFen }));
  return { quotes, comparison: compareQuotes(lines, quotes, view.taxpayer) };
}

import type { EndpointBody, InvoiceType, quotationApi } from '@scm/contract';

/** The fields a quote request carries in both realms (the contract's `quoteFields`). */
export type QuoteFieldsBody = Pick<
  EndpointBody<typeof quotationApi.save>,
  'validUntil' | 'invoiceType' | 'taxRatePercent' | 'freightMode' | 'freightFen' | 'remark' | 'lines'
>;

/** A quote line once its front end has read the inputs into fen and counts. */
export interface QuoteLineRead {
  unitPriceFen: number | null;
  moq: number | null;
  leadTimeDays: number | null;
  remark?: string | null;
}

/** A quote form once its front end has read the inputs (antd numbers, the portal's text) into fen, counts and days. */
export interface QuoteRead {
  validUntil: string;
  invoiceType: InvoiceType;
  taxRatePercent: number;
  freightMode: 'manual' | 'estimated';
  freightFen: number | null;
  remark?: string | null;
  lines: readonly Partial<QuoteLineRead>[];
}

const text = (value: string | null | undefined) => value?.trim() || null;

/**
 * A quote form as the request's quote fields, the same for 代录 in the back office and a submission
 * in the portal: each line takes its id from the task's line at its position (form values carry only
 * the inputs) and a line without a price is sent as null (未报价, never 0); freight is sent only when
 * typed (manual), no tax without an invoice, empty text as null.
 */
export function toQuoteFields(taskLines: readonly { id: number }[], read: QuoteRead): QuoteFieldsBody {
  return {
    validUntil: read.validUntil,
    invoiceType: read.invoiceType,
    taxRatePercent: read.invoiceType === 'none' ? 0 : read.taxRatePercent,
    freightMode: read.freightMode,
    freightFen: read.freightMode === 'manual' ? read.freightFen : null,
    remark: text(read.remark),
    lines: taskLines.map((line, i) => ({
      taskLineId: line.id,
      unitPriceFen: read.lines[i]?.unitPriceFen ?? null,
      moq: read.lines[i]?.moq ?? null,
      leadTimeDays: read.lines[i]?.leadTimeDays ?? null,
      remark: text(read.lines[i]?.remark),
    })),
  };
}

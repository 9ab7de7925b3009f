import { dayText, dayValue } from '@/shared/form/day-value';
import { toQuoteFields } from '@/shared/quote/quote-request';
import {
  boughtQuantityOf,
  DEFAULT_INVOICE_TYPE,
  DEFAULT_TAX_RATE,
  type EndpointBody,
  fenToYuan,
  type InvoiceType,
  type MaintainView,
  type Quotation,
  type quotationApi,
  type TaxpayerType,
  vatCost,
  yuanToFen,
} from '@scm/contract';
import type { Dayjs } from 'dayjs';

type Task = MaintainView['task'];
type TaskLine = Task['lines'][number];
type InvitedSupplier = MaintainView['suppliers'][number];
type SaveQuoteBody = EndpointBody<typeof quotationApi.save>;

export interface QuoteLineValues {
  taskLineId: number;
  unitPriceYuan?: number | null;
  moq?: number | null;
  leadTimeDays?: number | null;
  remark?: string | null;
}

/** The quote editor's values: money in yuan as typed (two decimals), dates as the pickers hold them. */
export interface QuoteFormValues {
  quoteDate: Dayjs;
  validUntil: Dayjs;
  invoiceType: InvoiceType;
  taxRatePercent: number;
  freightMode: 'manual' | 'estimated';
  freightYuan?: number | null;
  remark?: string;
  lines: QuoteLineValues[];
}

const toYuan = (fen: number | null | undefined) => (fen == null ? null : Number(fenToYuan(fen)));
const toFen = (yuan: number | null | undefined) => (yuan == null ? null : yuanToFen(yuan));

/**
 * The form for a supplier's saved quote, or a new one dated `today` and valid for 30 days. A new
 * quote estimates its freight when the supplier has a price template, else it is typed.
 */
export function toQuoteFormValues(
  taskLines: readonly Pick<TaskLine, 'id'>[],
  supplier: Pick<InvitedSupplier, 'priceTemplateId'>,
  quote: Quotation | null,
  today: Dayjs,
): QuoteFormValues {
  const byLine = new Map(quote?.lines.map((l) => [l.taskLineId, l]) ?? []);
  return {
    quoteDate: quote ? dayValue(quote.quoteDate) : today,
    validUntil: quote ? dayValue(quote.validUntil) : today.add(30, 'day'),
    invoiceType: quote?.invoiceType ?? DEFAULT_INVOICE_TYPE,
    taxRatePercent: quote?.taxRatePercent ?? DEFAULT_TAX_RATE,
    freightMode: quote?.freightMode ?? (supplier.priceTemplateId ? 'estimated' : 'manual'),
    freightYuan: toYuan(quote?.freightFen ?? null),
    remark: quote?.remark ?? undefined,
    lines: taskLines.map((line) => {
      const saved = byLine.get(line.id);
      return {
        taskLineId: line.id,
        unitPriceYuan: toYuan(saved?.unitPriceFen),
        moq: saved?.moq ?? null,
        leadTimeDays: saved?.leadTimeDays ?? null,
        remark: saved?.remark ?? null,
      };
    }),
  };
}

/** The request's lines (`toQuoteFields`): a line without a price is sent as null (未报价, never 0). */
export function toQuoteLines(taskLines: readonly Pick<TaskLine, 'id'>[], values: readonly Partial<QuoteLineValues>[]): SaveQuoteBody['lines'] {
  return toQuoteFields(taskLines, {
    validUntil: '',
    invoiceType: DEFAULT_INVOICE_TYPE,
    taxRatePercent: 0,
    freightMode: 'estimated',
    freightFen: null,
    lines: values.map(readLine),
  }).lines;
}

const readLine = (line: Partial<QuoteLineValues> | undefined) => ({
  unitPriceFen: toFen(line?.unitPriceYuan),
  moq: line?.moq ?? null,
  leadTimeDays: line?.leadTimeDays ?? null,
  remark: line?.remark,
});

/** The save request (代录): the shared quote fields with the task, the supplier, the quote date and the version read. */
export function toSaveQuoteRequest(
  ids: { taskId: number; supplierId: number; version: number | null },
  taskLines: readonly Pick<TaskLine, 'id'>[],
  values: QuoteFormValues,
): SaveQuoteBody {
  return {
    ...ids,
    quoteDate: dayText(values.quoteDate),
    ...toQuoteFields(taskLines, {
      validUntil: dayText(values.validUntil),
      invoiceType: values.invoiceType,
      taxRatePercent: values.taxRatePercent,
      freightMode: values.freightMode,
      freightFen: toFen(values.freightYuan),
      remark: values.remark,
      lines: values.lines.map(readLine),
    }),
  };
}

export interface QuoteCostInput {
  taskLines: readonly Pick<TaskLine, 'quantity' | 'skuCode' | 'commodityName'>[];
  lines: readonly Partial<QuoteLineValues>[];
  invoiceType: InvoiceType;
  taxRatePercent: number;
  taxpayer: TaxpayerType;
  freightMode: 'manual' | 'estimated' | undefined;
  freightYuan: number | null | undefined;
  /** The freight of the last 估算运费 on this page, if any. */
  estimatedFreightFen: number | null | undefined;
  /** The saved quote's freight, which stands for an estimate until the buyer estimates again. */
  savedFreightFen: number | null | undefined;
}

/**
 * What the quote would cost the company, by the shared rule (docs/procurement.md): each priced line
 * (unit price × the quantity bought, raised to the MOQ) and the freight as tax-inclusive amounts, and
 * their real cost after the input tax this invoice lets the company deduct. Unpriced lines count
 * nothing and are listed as missing; empty freight counts 0.
 */
export function quoteCostPreview(input: QuoteCostInput) {
  const freightFen = input.freightMode === 'manual' ? (toFen(input.freightYuan) ?? 0) : (input.estimatedFreightFen ?? input.savedFreightFen ?? 0);
  const cost = (inclusiveFen: number) => vatCost(inclusiveFen, input.invoiceType, input.taxRatePercent, input.taxpayer);
  const costs = [
    ...input.taskLines.flatMap((line, i) => {
      const price = toFen(input.lines[i]?.unitPriceYuan);
      return price == null ? [] : [cost(price * boughtQuantityOf(line.quantity, input.lines[i]?.moq ?? null))];
    }),
    cost(freightFen),
  ];
  const inclusiveFen = costs.reduce((sum, c) => sum + c.inclusiveFen, 0);
  const realFen = costs.reduce((sum, c) => sum + c.realFen, 0);
  return {
    freightFen,
    inclusiveFen,
    realFen,
    deductibleFen: inclusiveFen - realFen,
    missing: input.taskLines.filter((_, i) => input.lines[i]?.unitPriceYuan == null),
  };
}

/**
 * Deductible input VAT and the real cost of a tax-inclusive amount (docs/procurement.md, "Invoices
 * and real cost"): the one place that holds the formulas; the comparison, the award, the quote
 * editor's preview and the tests all call `vatCost`.
 */

/** 发票类型 of a quote (the `invoice_type` dictionary). */
export const INVOICE_TYPES = ['special', 'ordinary', 'none'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_LABELS: Record<InvoiceType, string> = { special: '增值税专用发票', ordinary: '增值税普通发票', none: '不开票' };
/** Short labels for the matrix's supplier headers. */
export const INVOICE_TYPE_SHORT_LABELS: Record<InvoiceType, string> = { special: '专票', ordinary: '普票', none: '不开票' };
export const INVOICE_TYPE_COLORS: Record<InvoiceType, string> = { special: 'blue', ordinary: 'default', none: 'warning' };

/** The VAT rates a quote may carry (%); `none` forces 0. */
export const TAX_RATES = [0, 1, 3, 6, 9, 13] as const;
/** A quote saved without an invoice type is a 13 % special invoice. */
export const DEFAULT_INVOICE_TYPE: InvoiceType = 'special';
export const DEFAULT_TAX_RATE = 13;

/** 纳税人类型 of the company (the `company_taxpayer` dictionary; its default item is the current setting). */
export const TAXPAYER_TYPES = ['general', 'small'] as const;
export type TaxpayerType = (typeof TAXPAYER_TYPES)[number];
export const TAXPAYER_TYPE_LABELS: Record<TaxpayerType, string> = { general: '一般纳税人', small: '小规模纳税人' };
export const DEFAULT_TAXPAYER: TaxpayerType = 'general';

export interface VatCost {
  /** 含税金额: the amount as quoted. */
  inclusiveFen: number;
  /** 不含税金额: round-half-up(含税 × 100 / (100 + rate)). */
  exclusiveFen: number;
  /** 可抵扣税额: 含税 − 不含税 for a special invoice bought by a general taxpayer, else 0. */
  deductibleFen: number;
  /** 实际成本: 含税 − 可抵扣税额. */
  realFen: number;
}

/**
 * Splits a tax-inclusive amount (integer fen, ≥ 0) into what the company really pays. Exact for any
 * amount: the division runs on bigint, rounded half up.
 */
export function vatCost(inclusiveFen: number, invoiceType: InvoiceType, ratePercent: number, taxpayer: TaxpayerType): VatCost {
  const rate = invoiceType === 'none' ? 0 : ratePercent;
  const denominator = BigInt(100 + rate);
  const exclusiveFen = Number((BigInt(inclusiveFen) * 200n + denominator) / (2n * denominator));
  const deductibleFen = invoiceType === 'special' && taxpayer === 'general' ? inclusiveFen - exclusiveFen : 0;
  return { inclusiveFen, exclusiveFen, deductibleFen, realFen: inclusiveFen - deductibleFen };
}

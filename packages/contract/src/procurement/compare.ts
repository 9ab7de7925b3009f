/**
 * The quotation comparison of docs/procurement.md, as a pure function shared by the server (compare,
 * award, export) and the tests. Integer fen throughout; a missing price stays null and is never
 * read as zero. Prices are tax-inclusive; every `real…` figure is the cost after deductible input
 * VAT (`vatCost`, docs/procurement.md), and lowest, the recommendation and savings follow it.
 */
import { DEFAULT_INVOICE_TYPE, DEFAULT_TAX_RATE, DEFAULT_TAXPAYER, type InvoiceType, type TaxpayerType, vatCost } from './vat';

export interface CompareLine {
  id: number;
  quantity: number;
  targetPriceFen: number | null;
}

export interface CompareQuoteLine {
  lineId: number;
  unitPriceFen: number | null;
  moq: number | null;
  leadTimeDays: number | null;
}

export interface CompareQuote {
  supplierId: number;
  /** False for a quote that may not take part (declined, expired, not yet entered). */
  eligible: boolean;
  freightFen: number | null;
  /** 发票类型; omitted: a special invoice. */
  invoiceType?: InvoiceType;
  /** 税率 (%); omitted: 13. */
  taxRatePercent?: number;
  lines: readonly CompareQuoteLine[];
}

export interface CompareCell {
  supplierId: number;
  unitPriceFen: number | null;
  amountFen: number | null;
  moq: number | null;
  leadTimeDays: number | null;
  /** The line has no price from this supplier (flagged, never zero). */
  missing: boolean;
  /**
   * The task quantity is below the supplier's minimum order quantity (不满足起订量): buying from it
   * means buying the MOQ, so the cell never counts as lowest, earliest or recommended.
   */
  belowMoq: boolean;
  /** What would be bought from this supplier: the MOQ when it exceeds the task quantity, else the quantity. */
  boughtQuantity: number;
  lowestPrice: boolean;
  earliestLead: boolean;
  /** This line's share of the supplier's freight (by amount, largest remainder). */
  freightShareFen: number | null;
  /** Amount (unit price × bought quantity) + freight share, tax-inclusive. */
  landedFen: number | null;
  /** 实际成本 of the amount: after the deductible input VAT of the quote's invoice. */
  realAmountFen: number | null;
  /** This line's share of the supplier's real freight (split like the freight). */
  realFreightShareFen: number | null;
  /** Real amount + real freight share: what marks lowest and pre-selects the award. */
  realLandedFen: number | null;
}

export interface CompareRow {
  lineId: number;
  quantity: number;
  targetPriceFen: number | null;
  cells: CompareCell[];
  /** Tax-inclusive unit price of the cell with the lowest real cost (ties: the lower unit price). */
  lowestUnitPriceFen: number | null;
  /** The lowest real cost of the line's amount. */
  realLowestAmountFen: number | null;
  earliestLeadTimeDays: number | null;
  /** Average of the eligible priced quotes' line amounts, rounded half up to the fen. */
  averageAmountFen: number | null;
  /** Average of their real amounts, rounded half up to the fen. */
  realAverageAmountFen: number | null;
  /** Supplier with the lowest real landed cost for this line (ties: earlier lead time, then lower id). */
  recommendedSupplierId: number | null;
  /**
   * target × quantity − the tax-inclusive amount of the lowest-real-cost cell; negative when that
   * quote is above target. The target carries no invoice, so it is compared tax-inclusive.
   */
  savingVsTargetFen: number | null;
  /** Average amount − the lowest-real-cost cell's amount (tax-inclusive). */
  savingVsAverageFen: number | null;
  /** Real average − real lowest amount. */
  realSavingVsAverageFen: number | null;
}

export interface CompareSupplierTotal {
  supplierId: number;
  eligible: boolean;
  pricedLines: number;
  missingLines: number;
  complete: boolean;
  goodsTotalFen: number;
  freightFen: number;
  landedTotalFen: number;
  realGoodsTotalFen: number;
  realFreightFen: number;
  /** 实际到货成本: real goods + real freight. */
  realLandedTotalFen: number;
  /** Lowest real landed total among the eligible, complete quotes (ties all highlighted). */
  lowestLanded: boolean;
  /** Σ target × quantity over this supplier's priced lines that have a target, minus those lines' amounts. */
  savingVsTargetFen: number | null;
}

export interface CompareResult {
  rows: CompareRow[];
  suppliers: CompareSupplierTotal[];
  /** Over the lines with a lowest price: Σ of the per-line savings. */
  savingVsTargetFen: number | null;
  savingVsAverageFen: number | null;
  realSavingVsAverageFen: number | null;
  /** The company's 纳税人类型 the real costs were worked for. */
  taxpayer: TaxpayerType;
}

/** Integer division rounded half up, for non-negative numerators. */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Splits `total` over `weights` in proportion, largest remainder (earlier wins ties); parts add up exactly. */
export function splitProportional(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) {
    const parts = weights.map(() => 0);
    if (parts.length > 0) parts[0] = total;
    return parts;
  }
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const parts: number[] = [];
  const remainders: { index: number; rem: bigint }[] = [];
  let allotted = 0;
  weights.forEach((w, index) => {
    const product = bigTotal * BigInt(w);
    const part = Number(product / bigSum);
    parts.push(part);
    allotted += part;
    remainders.push({ index, rem: product % bigSum });
  });
  remainders.sort((a, b) => (a.rem === b.rem ? a.index - b.index : a.rem > b.rem ? -1 : 1));
  for (let k = 0; k < total - allotted; k++) parts[remainders[k].index] += 1;
  return parts;
}

/** The quantity bought from a supplier: its MOQ when that exceeds the required quantity. */
export function boughtQuantityOf(quantity: number, moq: number | null): number {
  return moq != null && moq > quantity ? moq : quantity;
}

function minOf(values: (number | null)[]): number | null {
  let min: number | null = null;
  for (const v of values) if (v != null && (min == null || v < min)) min = v;
  return min;
}

/** The real cost of a tax-inclusive amount under this quote's invoice (defaults: 13 % special). */
function realOf(quote: CompareQuote, inclusiveFen: number, taxpayer: TaxpayerType): number {
  return vatCost(inclusiveFen, quote.invoiceType ?? DEFAULT_INVOICE_TYPE, quote.taxRatePercent ?? DEFAULT_TAX_RATE, taxpayer).realFen;
}

export function compareQuotes(
  lines: readonly CompareLine[],
  quotes: readonly CompareQuote[],
  taxpayer: TaxpayerType = DEFAULT_TAXPAYER,
): CompareResult {
  const byQuote = quotes.map((quote) => new Map(quote.lines.map((l) => [l.lineId, l])));

  // Each supplier's freight (and its real cost) over its priced lines, by line amount.
  const freightShares = quotes.map((quote, q) => {
    const priced = lines.filter((line) => byQuote[q].get(line.id)?.unitPriceFen != null);
    const amounts = priced.map((line) => {
      const quoted = byQuote[q].get(line.id);
      return (quoted?.unitPriceFen ?? 0) * boughtQuantityOf(line.quantity, quoted?.moq ?? null);
    });
    const freightFen = quote.freightFen ?? 0;
    const parts = splitProportional(freightFen, amounts);
    const realParts = splitProportional(realOf(quote, freightFen, taxpayer), amounts);
    return new Map(priced.map((line, i) => [line.id, { inclusive: parts[i], real: realParts[i] }]));
  });

  const rows: CompareRow[] = lines.map((line) => {
    const cells: CompareCell[] = quotes.map((quote, q) => {
      const quoted = byQuote[q].get(line.id);
      const unitPriceFen = quoted?.unitPriceFen ?? null;
      const moq = quoted?.moq ?? null;
      const boughtQuantity = boughtQuantityOf(line.quantity, moq);
      const amountFen = unitPriceFen == null ? null : unitPriceFen * boughtQuantity;
      const share = freightShares[q].get(line.id);
      const freightShareFen = amountFen == null ? null : (share?.inclusive ?? 0);
      const realAmountFen = amountFen == null ? null : realOf(quote, amountFen, taxpayer);
      const realFreightShareFen = amountFen == null ? null : (share?.real ?? 0);
      return {
        supplierId: quote.supplierId,
        unitPriceFen,
        amountFen,
        moq,
        leadTimeDays: quoted?.leadTimeDays ?? null,
        missing: unitPriceFen == null,
        belowMoq: boughtQuantity > line.quantity,
        boughtQuantity,
        lowestPrice: false,
        earliestLead: false,
        freightShareFen,
        landedFen: amountFen == null || freightShareFen == null ? null : amountFen + freightShareFen,
        realAmountFen,
        realFreightShareFen,
        realLandedFen: realAmountFen == null || realFreightShareFen == null ? null : realAmountFen + realFreightShareFen,
      };
    });
    // Only cells that can be bought at the task quantity compete for lowest, earliest, average and the recommendation.
    const eligible = cells.filter((cell, q) => quotes[q].eligible && !cell.missing && !cell.belowMoq);
    const realLowestAmountFen = minOf(eligible.map((c) => c.realAmountFen));
    const lowestUnitPriceFen = minOf(eligible.filter((c) => c.realAmountFen === realLowestAmountFen).map((c) => c.unitPriceFen));
    const earliestLeadTimeDays = minOf(eligible.map((c) => c.leadTimeDays));
    for (const cell of eligible) {
      cell.lowestPrice = cell.realAmountFen === realLowestAmountFen;
      cell.earliestLead = earliestLeadTimeDays != null && cell.leadTimeDays === earliestLeadTimeDays;
    }
    const mean = (values: number[]) =>
      values.length
        ? divRoundHalfUp(
            values.reduce((s, a) => s + a, 0),
            values.length,
          )
        : null;
    const averageAmountFen = mean(eligible.map((c) => c.amountFen as number));
    const realAverageAmountFen = mean(eligible.map((c) => c.realAmountFen as number));
    const lowestAmountFen = lowestUnitPriceFen == null ? null : lowestUnitPriceFen * line.quantity;
    const recommended = [...eligible].sort(
      (a, b) =>
        (a.realLandedFen as number) - (b.realLandedFen as number) ||
        (a.leadTimeDays ?? Number.MAX_SAFE_INTEGER) - (b.leadTimeDays ?? Number.MAX_SAFE_INTEGER) ||
        a.supplierId - b.supplierId,
    )[0];
    return {
      lineId: line.id,
      quantity: line.quantity,
      targetPriceFen: line.targetPriceFen,
      cells,
      lowestUnitPriceFen,
      realLowestAmountFen,
      earliestLeadTimeDays,
      averageAmountFen,
      realAverageAmountFen,
      recommendedSupplierId: recommended?.supplierId ?? null,
      savingVsTargetFen: lowestAmountFen == null || line.targetPriceFen == null ? null : line.targetPriceFen * line.quantity - lowestAmountFen,
      savingVsAverageFen: lowestAmountFen == null || averageAmountFen == null ? null : averageAmountFen - lowestAmountFen,
      realSavingVsAverageFen: realLowestAmountFen == null || realAverageAmountFen == null ? null : realAverageAmountFen - realLowestAmountFen,
    };
  });

  const suppliers: CompareSupplierTotal[] = quotes.map((quote, q) => {
    let goodsTotalFen = 0;
    let realGoodsTotalFen = 0;
    let pricedLines = 0;
    let targetOfPriced = 0;
    let amountOfTargeted = 0;
    let anyTarget = false;
    for (const row of rows) {
      const cell = row.cells[q];
      if (cell.amountFen == null) continue;
      pricedLines += 1;
      goodsTotalFen += cell.amountFen;
      realGoodsTotalFen += cell.realAmountFen ?? 0;
      if (row.targetPriceFen != null) {
        anyTarget = true;
        targetOfPriced += row.targetPriceFen * row.quantity;
        amountOfTargeted += cell.amountFen;
      }
    }
    const freightFen = quote.freightFen ?? 0;
    const realFreightFen = realOf(quote, freightFen, taxpayer);
    return {
      supplierId: quote.supplierId,
      eligible: quote.eligible,
      pricedLines,
      missingLines: lines.length - pricedLines,
      complete: pricedLines === lines.length && lines.length > 0,
      goodsTotalFen,
      freightFen,
      landedTotalFen: goodsTotalFen + freightFen,
      realGoodsTotalFen,
      realFreightFen,
      realLandedTotalFen: realGoodsTotalFen + realFreightFen,
      lowestLanded: false,
      savingVsTargetFen: anyTarget ? targetOfPriced - amountOfTargeted : null,
    };
  });
  const contenders = suppliers.filter((s) => s.eligible && s.complete);
  const lowestLanded = minOf(contenders.map((s) => s.realLandedTotalFen));
  for (const s of contenders) s.lowestLanded = s.realLandedTotalFen === lowestLanded;

  const sumOf = (values: (number | null)[]) => {
    const present = values.filter((v): v is number => v != null);
    return present.length ? present.reduce((s, v) => s + v, 0) : null;
  };
  return {
    rows,
    suppliers,
    savingVsTargetFen: sumOf(rows.map((r) => r.savingVsTargetFen)),
    savingVsAverageFen: sumOf(rows.map((r) => r.savingVsAverageFen)),
    realSavingVsAverageFen: sumOf(rows.map((r) => r.realSavingVsAverageFen)),
    taxpayer,
  };
}

export interface AwardChoice {
  lineId: number;
  supplierId: number;
}

export interface AwardedLine {
  lineId: number;
  supplierId: number;
  /** The required quantity (the task line's). */
  quantity: number;
  /** The quantity bought: the supplier's MOQ when it exceeds the required quantity. */
  boughtQuantity: number;
  unitPriceFen: number;
  /** Unit price × bought quantity. */
  amountFen: number;
  freightShareFen: number;
  /** Real amount + real freight share. */
  realLandedFen: number;
  /** 可抵扣进项税 of the line: (amount + freight share) − real landed cost. */
  deductibleVatFen: number;
  /** The chosen supplier is not the recommended (lowest real landed) one, or fails its MOQ: a reason is required. */
  notLowest: boolean;
}

/**
 * Prices an award from the comparison: each chosen cell must be priced and eligible (else the
 * line id is reported in `invalid`); quote status per supplier follows from how many lines it won.
 */
export function priceAward(
  result: CompareResult,
  quotes: readonly CompareQuote[],
  choices: readonly AwardChoice[],
): {
  lines: AwardedLine[];
  invalid: number[];
  totalFen: number;
  realTotalFen: number;
  quoteOutcome: Map<number, 'won' | 'partial' | 'lost'>;
} {
  const rowById = new Map(result.rows.map((r) => [r.lineId, r]));
  const eligible = new Map(quotes.map((q) => [q.supplierId, q.eligible]));
  const awarded: AwardedLine[] = [];
  const invalid: number[] = [];
  for (const choice of choices) {
    const row = rowById.get(choice.lineId);
    const cell = row?.cells.find((c) => c.supplierId === choice.supplierId);
    if (!row || !cell || cell.missing || !eligible.get(choice.supplierId)) {
      invalid.push(choice.lineId);
      continue;
    }
    awarded.push({
      lineId: row.lineId,
      supplierId: choice.supplierId,
      quantity: row.quantity,
      boughtQuantity: cell.boughtQuantity,
      unitPriceFen: cell.unitPriceFen as number,
      amountFen: cell.amountFen as number,
      freightShareFen: cell.freightShareFen ?? 0,
      realLandedFen: cell.realLandedFen ?? 0,
      deductibleVatFen: (cell.landedFen ?? 0) - (cell.realLandedFen ?? 0),
      notLowest: cell.belowMoq || (row.recommendedSupplierId !== choice.supplierId && cell.realLandedFen !== lowestLandedOf(row)),
    });
  }
  const pricedBySupplier = new Map(result.suppliers.map((s) => [s.supplierId, s.pricedLines]));
  const wonBySupplier = new Map<number, number>();
  for (const line of awarded) wonBySupplier.set(line.supplierId, (wonBySupplier.get(line.supplierId) ?? 0) + 1);
  const quoteOutcome = new Map<number, 'won' | 'partial' | 'lost'>();
  for (const quote of quotes) {
    const won = wonBySupplier.get(quote.supplierId) ?? 0;
    const priced = pricedBySupplier.get(quote.supplierId) ?? 0;
    quoteOutcome.set(quote.supplierId, won === 0 ? 'lost' : won >= priced ? 'won' : 'partial');
  }
  return {
    lines: awarded,
    invalid,
    totalFen: awarded.reduce((s, l) => s + l.amountFen + l.freightShareFen, 0),
    realTotalFen: awarded.reduce((s, l) => s + l.realLandedFen, 0),
    quoteOutcome,
  };
}

function lowestLandedOf(row: CompareRow): number | null {
  const id = row.recommendedSupplierId;
  return row.cells.find((c) => c.supplierId === id)?.realLandedFen ?? null;
}

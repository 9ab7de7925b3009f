import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompareQuote, compareQuotes } from './compare';
import { INVOICE_TYPES, type InvoiceType, TAX_RATES, TAXPAYER_TYPES, type TaxpayerType, vatCost } from './vat';

describe('vatCost', () => {
  it('the worked example: ¥113.00 under a 13 % special invoice costs ¥100.00, ¥105.00 under a 3 % ordinary one costs ¥105.00', () => {
    expect(vatCost(11300, 'special', 13, 'general')).toEqual({ inclusiveFen: 11300, exclusiveFen: 10000, deductibleFen: 1300, realFen: 10000 });
    expect(vatCost(10500, 'ordinary', 3, 'general')).toEqual({ inclusiveFen: 10500, exclusiveFen: 10194, deductibleFen: 0, realFen: 10500 });
    // So the ¥105.00 quote is cheaper tax-inclusive and ¥5.00 dearer in real cost.
    expect(vatCost(10500, 'ordinary', 3, 'general').realFen - vatCost(11300, 'special', 13, 'general').realFen).toBe(500);
  });

  it('a small-scale company deducts nothing, even from a special invoice', () => {
    expect(vatCost(11300, 'special', 13, 'small')).toEqual({ inclusiveFen: 11300, exclusiveFen: 10000, deductibleFen: 0, realFen: 11300 });
  });

  // ¥10,000.00 under every invoice type, rate and taxpayer type; exclusive = round-half-up(1,000,000 × 100 / (100 + rate)).
  const EXCLUSIVE_OF_1M: Record<number, number> = { 0: 1_000_000, 1: 990_099, 3: 970_874, 6: 943_396, 9: 917_431, 13: 884_956 };
  const cases = INVOICE_TYPES.flatMap((invoice) => TAX_RATES.flatMap((rate) => TAXPAYER_TYPES.map((taxpayer) => ({ invoice, rate, taxpayer }))));
  it.each(cases)('¥10,000.00 under $invoice at $rate % for a $taxpayer taxpayer', ({ invoice, rate, taxpayer }) => {
    const cost = vatCost(1_000_000, invoice, rate, taxpayer);
    const exclusive = invoice === 'none' ? 1_000_000 : EXCLUSIVE_OF_1M[rate];
    const deductible = invoice === 'special' && taxpayer === 'general' ? 1_000_000 - exclusive : 0;
    expect(cost).toEqual({ inclusiveFen: 1_000_000, exclusiveFen: exclusive, deductibleFen: deductible, realFen: 1_000_000 - deductible });
  });

  it('rounds to the nearest fen, half a fen up', () => {
    // No allowed rate leaves exactly half a fen (2 × 100 × inclusive is even; 2 × (100 + rate) / 2 is odd
    // for every rate in the list), so the tie is shown at 100 %, where the arithmetic is the same.
    expect(vatCost(3, 'special', 100, 'general')).toEqual({ inclusiveFen: 3, exclusiveFen: 2, deductibleFen: 1, realFen: 2 }); // 1.5 → 2
    expect(vatCost(1, 'special', 100, 'general')).toEqual({ inclusiveFen: 1, exclusiveFen: 1, deductibleFen: 0, realFen: 1 }); // 0.5 → 1
    // The cases nearest a half at each allowed rate: just above rounds up, just below rounds down.
    const nearest: [inclusive: number, rate: number, exclusive: number][] = [
      [50, 1, 50], // 49.5050
      [51, 1, 50], // 50.4950
      [17, 3, 17], // 16.5049
      [86, 3, 83], // 83.4951
      [53, 6, 50], // 50 exactly
      [1, 6, 1], // 0.9434
      [6, 9, 6], // 5.5046
      [103, 9, 94], // 94.4954
      [13, 13, 12], // 11.5044
      [100, 13, 88], // 88.4956
    ];
    for (const [inclusive, rate, exclusive] of nearest) {
      expect(vatCost(inclusive, 'special', rate, 'general')).toEqual({
        inclusiveFen: inclusive,
        exclusiveFen: exclusive,
        deductibleFen: inclusive - exclusive,
        realFen: exclusive,
      });
    }
  });

  it('none forces rate 0 whatever rate it is given', () => {
    expect(vatCost(10500, 'none', 13, 'general')).toEqual({ inclusiveFen: 10500, exclusiveFen: 10500, deductibleFen: 0, realFen: 10500 });
  });

  it('stays exact beyond 2^53 / 200', () => {
    const big = 90_000_000_000_000; // ¥900 billion: 200 × it exceeds Number.MAX_SAFE_INTEGER.
    expect(vatCost(big, 'special', 13, 'general').exclusiveFen).toBe(79_646_017_699_115);
  });
});

const invoiceArb = fc.constantFrom<InvoiceType>(...INVOICE_TYPES);
const rateArb = fc.constantFrom(...TAX_RATES);
const taxpayerArb = fc.constantFrom<TaxpayerType>(...TAXPAYER_TYPES);
const fenArb = fc.integer({ min: 0, max: 100_000_000_000 });

describe('vatCost properties', () => {
  it('real cost is never above the tax-inclusive amount, never below the tax-exclusive one, and the parts add up', () => {
    fc.assert(
      fc.property(fenArb, invoiceArb, rateArb, taxpayerArb, (fen, invoice, rate, taxpayer) => {
        const cost = vatCost(fen, invoice, rate, taxpayer);
        expect(cost.realFen).toBeLessThanOrEqual(fen);
        expect(cost.realFen).toBeGreaterThanOrEqual(cost.exclusiveFen);
        expect(cost.realFen + cost.deductibleFen).toBe(fen);
        expect(cost.deductibleFen).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('real cost equals the tax-inclusive amount for ordinary and no invoices, and for a small-scale company', () => {
    fc.assert(
      fc.property(fenArb, invoiceArb, rateArb, taxpayerArb, (fen, invoice, rate, taxpayer) => {
        fc.pre(invoice !== 'special' || taxpayer === 'small');
        expect(vatCost(fen, invoice, rate, taxpayer).realFen).toBe(fen);
      }),
    );
  });

  it('the exclusive amount is the nearest fen to inclusive × 100 / (100 + rate), halves up', () => {
    fc.assert(
      fc.property(fenArb, rateArb, (fen, rate) => {
        const { exclusiveFen } = vatCost(fen, 'special', rate, 'general');
        // |exclusive × (100 + rate) − fen × 100| ≤ (100 + rate) / 2, a tie only rounding up.
        const diff = exclusiveFen * (100 + rate) - fen * 100;
        expect(2 * diff).toBeLessThanOrEqual(100 + rate);
        expect(2 * diff).toBeGreaterThan(-(100 + rate));
      }),
    );
  });
});

describe('comparison on real cost', () => {
  const lines = [{ id: 1, quantity: 10, targetPriceFen: 12000 }];
  const special: CompareQuote = {
    supplierId: 1,
    eligible: true,
    freightFen: 0,
    invoiceType: 'special',
    taxRatePercent: 13,
    lines: [{ lineId: 1, unitPriceFen: 11300, moq: null, leadTimeDays: 5 }],
  };
  const ordinary: CompareQuote = {
    supplierId: 2,
    eligible: true,
    freightFen: 0,
    invoiceType: 'ordinary',
    taxRatePercent: 3,
    lines: [{ lineId: 1, unitPriceFen: 10500, moq: null, leadTimeDays: 5 }],
  };

  it('a general taxpayer finds the special invoice cheaper: lowest, pre-selection and savings follow the real cost', () => {
    const result = compareQuotes(lines, [special, ordinary], 'general');
    const [row] = result.rows;
    expect(row.cells.map((c) => [c.amountFen, c.realAmountFen, c.lowestPrice])).toEqual([
      [113000, 100000, true],
      [105000, 105000, false],
    ]);
    expect(row.recommendedSupplierId).toBe(1);
    expect(row.lowestUnitPriceFen).toBe(11300);
    expect(row.realLowestAmountFen).toBe(100000);
    expect(row.savingVsTargetFen).toBe(120000 - 113000);
    // Average 109,000 tax-inclusive, 102,500 real.
    expect(row.savingVsAverageFen).toBe(109000 - 113000);
    expect(row.realSavingVsAverageFen).toBe(102500 - 100000);
    expect(result.suppliers.map((s) => [s.landedTotalFen, s.realLandedTotalFen, s.lowestLanded])).toEqual([
      [113000, 100000, true],
      [105000, 105000, false],
    ]);
    expect(result.taxpayer).toBe('general');
  });

  it('a small-scale company finds the ordinary invoice cheaper', () => {
    const result = compareQuotes(lines, [special, ordinary], 'small');
    expect(result.rows[0].recommendedSupplierId).toBe(2);
    expect(result.rows[0].cells.map((c) => c.lowestPrice)).toEqual([false, true]);
    expect(result.suppliers.map((s) => s.lowestLanded)).toEqual([false, true]);
  });

  it('freight follows its quote: deducted under a special invoice, whole under an ordinary one, and split like the freight', () => {
    const two = [
      { id: 1, quantity: 1, targetPriceFen: null },
      { id: 2, quantity: 1, targetPriceFen: null },
    ];
    const priced = [
      { lineId: 1, unitPriceFen: 30000, moq: null, leadTimeDays: null },
      { lineId: 2, unitPriceFen: 10000, moq: null, leadTimeDays: null },
    ];
    const result = compareQuotes(two, [
      { supplierId: 1, eligible: true, freightFen: 1130, invoiceType: 'special', taxRatePercent: 13, lines: priced },
      { supplierId: 2, eligible: true, freightFen: 1130, invoiceType: 'ordinary', taxRatePercent: 13, lines: priced },
    ]);
    const [withSpecial, withOrdinary] = result.suppliers;
    expect([withSpecial.freightFen, withSpecial.realFreightFen]).toEqual([1130, 1000]);
    expect([withOrdinary.freightFen, withOrdinary.realFreightFen]).toEqual([1130, 1130]);
    // 1,000 real freight over amounts 30,000 : 10,000 → 750 + 250; 1,130 → 847.5 / 282.5 → 848 + 282 (earlier line wins the tie).
    expect(result.rows.map((r) => [r.cells[0].realFreightShareFen, r.cells[1].realFreightShareFen])).toEqual([
      [750, 848],
      [250, 282],
    ]);
    // Goods are worked per line (26,549 + 8,850), then the freight.
    expect(withSpecial.realGoodsTotalFen).toBe(vatCost(30000, 'special', 13, 'general').realFen + vatCost(10000, 'special', 13, 'general').realFen);
    expect(withSpecial.realLandedTotalFen).toBe(26549 + 8850 + 1000);
  });

  it('a quote without invoice fields is a 13 % special invoice', () => {
    const { invoiceType: _i, taxRatePercent: _r, ...bare } = special;
    const result = compareQuotes(lines, [bare]);
    expect(result.rows[0].cells[0].realAmountFen).toBe(100000);
  });

  it('a line below its MOQ is never lowest nor pre-selected, however cheap its real cost', () => {
    const belowMoq: CompareQuote = { ...special, supplierId: 3, lines: [{ lineId: 1, unitPriceFen: 100, moq: 11, leadTimeDays: 1 }] };
    const result = compareQuotes(lines, [ordinary, belowMoq]);
    expect(result.rows[0].recommendedSupplierId).toBe(2);
    expect(result.rows[0].cells.map((c) => c.lowestPrice)).toEqual([true, false]);
  });
});

describe('comparison properties', () => {
  it('every real figure is at most its tax-inclusive twin, equal when the company is small-scale', () => {
    const quoteArb = fc.record({
      invoiceType: invoiceArb,
      taxRatePercent: rateArb,
      freightFen: fc.integer({ min: 0, max: 1_000_000 }),
      prices: fc.array(fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }), { minLength: 3, maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(quoteArb, { minLength: 1, maxLength: 4 }), taxpayerArb, (drawn, taxpayer) => {
        const lines = [1, 2, 3].map((id) => ({ id, quantity: id * 7, targetPriceFen: null }));
        const quotes: CompareQuote[] = drawn.map((q, i) => ({
          supplierId: i + 1,
          eligible: true,
          freightFen: q.freightFen,
          invoiceType: q.invoiceType,
          taxRatePercent: q.invoiceType === 'none' ? 0 : q.taxRatePercent,
          lines: q.prices.map((p, k) => ({ lineId: k + 1, unitPriceFen: p, moq: null, leadTimeDays: null })),
        }));
        const result = compareQuotes(lines, quotes, taxpayer);
        for (const s of result.suppliers) {
          expect(s.realLandedTotalFen).toBeLessThanOrEqual(s.landedTotalFen);
          if (taxpayer === 'small') expect(s.realLandedTotalFen).toBe(s.landedTotalFen);
        }
        for (const row of result.rows)
          for (const cell of row.cells) {
            if (cell.landedFen == null) continue;
            expect(cell.realLandedFen as number).toBeLessThanOrEqual(cell.landedFen);
            if (taxpayer === 'small' || quotes.find((q) => q.supplierId === cell.supplierId)?.invoiceType !== 'special')
              expect(cell.realLandedFen).toBe(cell.landedFen);
          }
      }),
    );
  });
});

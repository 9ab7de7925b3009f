import { describe, expect, it } from 'vitest';
import { type CompareQuote, compareQuotes, divRoundHalfUp, priceAward, splitProportional } from './compare';

// Figures below are worked by hand; see the comments next to each expectation.
const lines = [
  { id: 1, quantity: 100, targetPriceFen: 1200 },
  { id: 2, quantity: 50, targetPriceFen: 3000 },
  { id: 3, quantity: 10, targetPriceFen: null },
];
const quotes: CompareQuote[] = [
  {
    supplierId: 11,
    eligible: true,
    freightFen: 1000,
    lines: [
      { lineId: 1, unitPriceFen: 1100, moq: 50, leadTimeDays: 7 },
      { lineId: 2, unitPriceFen: 2900, moq: 100, leadTimeDays: 10 },
      { lineId: 3, unitPriceFen: 500, moq: null, leadTimeDays: 5 },
    ],
  },
  {
    supplierId: 12,
    eligible: true,
    freightFen: 0,
    lines: [
      { lineId: 1, unitPriceFen: 1100, moq: null, leadTimeDays: 5 },
      { lineId: 2, unitPriceFen: null, moq: null, leadTimeDays: null },
      { lineId: 3, unitPriceFen: 450, moq: null, leadTimeDays: 5 },
    ],
  },
  {
    supplierId: 13,
    eligible: true,
    freightFen: 2500,
    lines: [
      { lineId: 1, unitPriceFen: 1150, moq: null, leadTimeDays: 3 },
      { lineId: 2, unitPriceFen: 2800, moq: null, leadTimeDays: 12 },
      { lineId: 3, unitPriceFen: 600, moq: null, leadTimeDays: 6 },
    ],
  },
  {
    // Expired: shown, but never the best and never awardable.
    supplierId: 14,
    eligible: false,
    freightFen: 0,
    lines: [
      { lineId: 1, unitPriceFen: 900, moq: null, leadTimeDays: 1 },
      { lineId: 2, unitPriceFen: 2000, moq: null, leadTimeDays: 2 },
      { lineId: 3, unitPriceFen: 100, moq: null, leadTimeDays: 1 },
    ],
  },
];

const flags = (row: ReturnType<typeof compareQuotes>['rows'][number], key: 'lowestPrice' | 'earliestLead') =>
  row.cells.filter((c) => c[key]).map((c) => c.supplierId);

describe('compareQuotes', () => {
  const result = compareQuotes(lines, quotes);
  const [l1, l2, l3] = result.rows;

  it('highlights every supplier tied on the lowest price and the earliest lead time, ignoring ineligible quotes', () => {
    expect(flags(l1, 'lowestPrice')).toEqual([11, 12]);
    expect(flags(l1, 'earliestLead')).toEqual([13]);
    expect(flags(l2, 'lowestPrice')).toEqual([13]);
    expect(flags(l2, 'earliestLead')).toEqual([13]); // S11's 10 days fails its MOQ, so it does not count
    expect(flags(l3, 'lowestPrice')).toEqual([12]);
    expect(flags(l3, 'earliestLead')).toEqual([11, 12]);
  });

  it('flags a missing price instead of reading it as zero', () => {
    const cell = l2.cells[1];
    expect(cell).toMatchObject({ missing: true, unitPriceFen: null, amountFen: null, lowestPrice: false });
    expect(l2.lowestUnitPriceFen).toBe(2800);
    const s2 = result.suppliers[1];
    expect(s2).toMatchObject({ pricedLines: 2, missingLines: 1, complete: false, goodsTotalFen: 114500, lowestLanded: false });
  });

  it('flags a task quantity below the MOQ and prices it at the MOQ', () => {
    expect(l2.cells[0]).toMatchObject({ belowMoq: true, boughtQuantity: 100, amountFen: 290000 }); // 50 < 100: 2900 × 100
    expect(l1.cells[0]).toMatchObject({ belowMoq: false, boughtQuantity: 100, amountFen: 110000 }); // 100 ≥ 50
  });

  it('never highlights, averages or recommends a quote that fails its MOQ', () => {
    const moqLines = [{ id: 1, quantity: 10, targetPriceFen: 1000 }];
    const cheapButMoq: CompareQuote = {
      supplierId: 1,
      eligible: true,
      freightFen: 0,
      lines: [{ lineId: 1, unitPriceFen: 500, moq: 20, leadTimeDays: 1 }],
    };
    const dearer: CompareQuote = {
      supplierId: 2,
      eligible: true,
      freightFen: 0,
      lines: [{ lineId: 1, unitPriceFen: 800, moq: 10, leadTimeDays: 9 }],
    };
    const moqResult = compareQuotes(moqLines, [cheapButMoq, dearer]);
    const [row] = moqResult.rows;
    expect(row.cells.map((c) => [c.belowMoq, c.lowestPrice, c.earliestLead])).toEqual([
      [true, false, false],
      [false, true, true],
    ]);
    expect(row).toMatchObject({ lowestUnitPriceFen: 800, averageAmountFen: 8000, recommendedSupplierId: 2, savingVsTargetFen: 2000 });

    // Picking it anyway needs a reason and buys the MOQ: 20 × 500.
    const award = priceAward(moqResult, [cheapButMoq, dearer], [{ lineId: 1, supplierId: 1 }]);
    expect(award.lines[0]).toMatchObject({ quantity: 10, boughtQuantity: 20, amountFen: 10000, notLowest: true });
    expect(award.totalFen).toBe(10000);
  });

  it('recommends nothing when every quote fails its MOQ', () => {
    const onlyMoq = compareQuotes(
      [{ id: 1, quantity: 5, targetPriceFen: null }],
      [{ supplierId: 1, eligible: true, freightFen: 0, lines: [{ lineId: 1, unitPriceFen: 100, moq: 6, leadTimeDays: 1 }] }],
    );
    expect(onlyMoq.rows[0]).toMatchObject({ recommendedSupplierId: null, lowestUnitPriceFen: null });
    expect(onlyMoq.rows[0].cells[0].lowestPrice).toBe(false);
  });

  it('splits freight over lines by amount and totals goods, freight and landed per supplier', () => {
    // S11 buys its MOQ of 100 on line 2: 1000 fen over 110000 / 290000 / 5000 → 272 / 716 / 12
    // (271.6 / 716.05 / 12.35: the one fen left goes to the largest remainder, line 1).
    expect(result.rows.map((r) => r.cells[0].freightShareFen)).toEqual([272, 716, 12]);
    // S13: 2500 over 115000 / 140000 / 6000 → 1102 / 1341 / 57.
    expect(result.rows.map((r) => r.cells[2].freightShareFen)).toEqual([1102, 1341, 57]);
    expect(result.suppliers[0]).toMatchObject({ goodsTotalFen: 405000, freightFen: 1000, landedTotalFen: 406000, lowestLanded: false });
    expect(result.suppliers[2]).toMatchObject({ goodsTotalFen: 261000, freightFen: 2500, landedTotalFen: 263500, lowestLanded: true });
    expect(result.suppliers[3].lowestLanded).toBe(false);
  });

  it('computes savings against target and against the average quote', () => {
    expect(l1.averageAmountFen).toBe(111667); // 335000 / 3 rounded half up
    expect(l1.savingVsTargetFen).toBe(10000); // 120000 − 110000
    expect(l1.savingVsAverageFen).toBe(1667);
    expect(l2.averageAmountFen).toBe(140000); // S11 fails its MOQ, so only S13 is averaged
    expect(l2.savingVsTargetFen).toBe(10000);
    expect(l3.savingVsTargetFen).toBeNull(); // no target
    expect(l3.savingVsAverageFen).toBe(667); // 5167 − 4500
    expect(result.savingVsTargetFen).toBe(20000);
    expect(result.savingVsAverageFen).toBe(2334);
    // S11: 270000 − (110000 + 290000 at its MOQ); S14: 270000 − 190000.
    expect(result.suppliers.map((s) => s.savingVsTargetFen)).toEqual([-130000, 10000, 15000, 80000]);
  });

  it('recommends the lowest landed cost per line', () => {
    expect(result.rows.map((r) => r.recommendedSupplierId)).toEqual([12, 13, 12]);
  });

  it('prices an award, marks the non-lowest choice and derives each quote outcome', () => {
    const award = priceAward(result, quotes, [
      { lineId: 1, supplierId: 12 },
      { lineId: 2, supplierId: 11 },
      { lineId: 3, supplierId: 12 },
    ]);
    expect(award.invalid).toEqual([]);
    expect(award.lines.map((l) => l.notLowest)).toEqual([false, true, false]);
    expect(award.lines[1]).toMatchObject({ quantity: 50, boughtQuantity: 100, amountFen: 290000 });
    expect(award.totalFen).toBe(110000 + 290000 + 716 + 4500);
    expect(Object.fromEntries(award.quoteOutcome)).toEqual({ 11: 'partial', 12: 'won', 13: 'lost', 14: 'lost' });
  });

  it('refuses awarding an ineligible quote or a missing price', () => {
    const award = priceAward(result, quotes, [
      { lineId: 1, supplierId: 14 },
      { lineId: 2, supplierId: 12 },
    ]);
    expect(award.invalid).toEqual([1, 2]);
  });

  it('treats a tie on landed cost as lowest', () => {
    const tie = compareQuotes(
      [{ id: 1, quantity: 2, targetPriceFen: null }],
      [
        { supplierId: 1, eligible: true, freightFen: 0, lines: [{ lineId: 1, unitPriceFen: 100, moq: null, leadTimeDays: 3 }] },
        { supplierId: 2, eligible: true, freightFen: 0, lines: [{ lineId: 1, unitPriceFen: 100, moq: null, leadTimeDays: 3 }] },
      ],
    );
    expect(tie.rows[0].recommendedSupplierId).toBe(1);
    expect(tie.suppliers.map((s) => s.lowestLanded)).toEqual([true, true]);
    const award = priceAward(tie, [], [{ lineId: 1, supplierId: 2 }]);
    expect(award.invalid).toEqual([1]); // no quote given as eligible
  });
});

describe('arithmetic helpers', () => {
  it('splits by largest remainder so parts add up', () => {
    expect(splitProportional(2000, [1600, 1050])).toEqual([1208, 792]);
    expect(splitProportional(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(splitProportional(0, [5, 5])).toEqual([0, 0]);
  });
  it('rounds half up', () => {
    expect(divRoundHalfUp(5, 2)).toBe(3);
    expect(divRoundHalfUp(335000, 3)).toBe(111667);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateFreight, type FreightChargeRow, type FreightTemplate, splitByLargestRemainder } from './estimate';
import type { ChargeMode } from './units';

const row = (regionCodes: string[] = [], isDefault = false): fc.Arbitrary<FreightChargeRow> =>
  fc.record({
    regionCodes: fc.constant(regionCodes),
    isDefault: fc.constant(isDefault),
    firstQty: fc.integer({ min: 1, max: 100_000 }),
    firstFeeFen: fc.integer({ min: 0, max: 100_000_000 }),
    additionalQty: fc.integer({ min: 1, max: 100_000 }),
    additionalFeeFen: fc.integer({ min: 0, max: 100_000_000 }),
  });

const template = (mode: ChargeMode, rows: FreightChargeRow[]): FreightTemplate => ({
  id: 1,
  name: 'T',
  chargeMode: mode,
  status: 'enabled',
  chargeRows: rows,
  freeRows: [],
  noDeliveryCodes: [],
});

const modeArb = fc.constantFrom<ChargeMode>('piece', 'weight', 'volume');
const itemArb = fc.record({
  quantity: fc.integer({ min: 1, max: 100_000 }),
  weightG: fc.integer({ min: 1, max: 1_000_000 }),
  volumeCm3: fc.integer({ min: 1, max: 100_000_000 }),
  amountFen: fc.integer({ min: 0, max: 10_000_000 }),
});

describe('freight estimate properties', () => {
  it('the split always adds up to the fee and every part is a non-negative integer', () => {
    fc.assert(
      fc.property(modeArb, row([], true), fc.array(itemArb, { minLength: 1, maxLength: 30 }), (mode, charge, items) => {
        const result = estimateFreight(
          '440305',
          items.map((i) => ({ ...i, templateId: 1 })),
          new Map([[1, template(mode, [charge])]]),
        );
        const [group] = result.groups;
        const parts = group.items.map((i) => i.feeFen);
        expect(parts.every((p) => Number.isSafeInteger(p) && p >= 0)).toBe(true);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(group.feeFen);
        expect(Number.isSafeInteger(group.feeFen) && Number.isSafeInteger(group.q)).toBe(true);
      }),
    );
  });

  it('largest remainder: parts sum to the fee for any weights, and ties favour the earlier item', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.array(fc.integer({ min: 1, max: 10_000_000_000_000 }), { minLength: 1, maxLength: 50 }),
        (fee, weights) => {
          const parts = splitByLargestRemainder(fee, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(fee);
        },
      ),
    );
    expect(splitByLargestRemainder(1, [5, 5])).toEqual([1, 0]);
    expect(splitByLargestRemainder(2000, [1600, 1050])).toEqual([1208, 792]);
    expect(splitByLargestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
  });

  it('largest remainder matches a plain BigInt reference (ties to the earlier item)', () => {
    const reference = (fee: number, weights: number[]) => {
      const total = BigInt(weights.reduce((a, b) => a + b, 0));
      const exact = weights.map((w) => BigInt(fee) * BigInt(w));
      const parts = exact.map((p) => p / total);
      const order = weights
        .map((_, i) => i)
        .sort((a, b) => {
          const ra = exact[a] % total;
          const rb = exact[b] % total;
          return ra === rb ? a - b : ra > rb ? -1 : 1;
        });
      let left = BigInt(fee) - parts.reduce((a, b) => a + b, 0n);
      for (const i of order) if (left-- > 0n) parts[i]++;
      return parts.map(Number);
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 40 }),
        (fee, weights) => {
          expect(splitByLargestRemainder(fee, weights)).toEqual(reference(fee, weights));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the fee never decreases when Q grows (no free rules)', () => {
    fc.assert(
      fc.property(row([], true), fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (charge, q, extra) => {
        const fee = (n: number) =>
          estimateFreight('440305', [{ templateId: 1, quantity: 1, weightG: n }], new Map([[1, template('weight', [charge])]])).groups[0].feeFen;
        expect(fee(Math.min(q + extra, 1_000_000))).toBeGreaterThanOrEqual(fee(Math.min(q, 1_000_000)));
      }),
    );
  });

  it('district beats city beats province beats default', () => {
    const districts = fc.constantFrom('440305', '110101', '320102', '510107', '469001');
    fc.assert(
      fc.property(districts, fc.shuffledSubarray(['district', 'city', 'province'] as const), fc.boolean(), (district, present, defaultFirst) => {
        const codeFor = { district, city: `${district.slice(0, 4)}00`, province: `${district.slice(0, 2)}0000` };
        const rows: FreightChargeRow[] = present.map((level) => ({
          regionCodes: [codeFor[level]],
          isDefault: false,
          firstQty: 1,
          firstFeeFen: 100,
          additionalQty: 1,
          additionalFeeFen: 0,
        }));
        const fallback = { regionCodes: [], isDefault: true, firstQty: 1, firstFeeFen: 1, additionalQty: 1, additionalFeeFen: 0 };
        if (defaultFirst) rows.unshift(fallback);
        else rows.push(fallback);
        const [group] = estimateFreight(district, [{ templateId: 1, quantity: 1 }], new Map([[1, template('piece', rows)]])).groups;
        const expected = (['district', 'city', 'province'] as const).find((l) => present.includes(l)) ?? 'default';
        expect(group.matchedBy).toBe(expected);
      }),
    );
  });

  it('integer inputs give integer outputs everywhere in the answer', () => {
    fc.assert(
      fc.property(modeArb, row(['440000']), row([], true), fc.array(itemArb, { minLength: 1, maxLength: 10 }), (mode, r1, r2, items) => {
        const result = estimateFreight(
          '440305',
          items.map((i) => ({ ...i, templateId: 1 })),
          new Map([[1, template(mode, [r1, r2])]]),
        );
        const numbers = [result.totalFen, ...result.groups.flatMap((g) => [g.q, g.feeFen, g.amountFen, ...g.items.map((i) => i.feeFen)])];
        expect(numbers.every(Number.isSafeInteger)).toBe(true);
      }),
    );
  });

  it('has no floating-point drift: 3 × 100 g is exactly 300 g', () => {
    const charge = { regionCodes: [], isDefault: true, firstQty: 300, firstFeeFen: 10, additionalQty: 100, additionalFeeFen: 7 };
    const estimate = (items: { quantity: number; weightG: number }[]) =>
      estimateFreight(
        '440305',
        items.map((i) => ({ ...i, templateId: 1 })),
        new Map([[1, template('weight', [charge])]]),
      ).groups[0];
    expect(estimate([{ quantity: 3, weightG: 100 }])).toMatchObject({ q: 300, feeFen: 10 });
    expect(
      estimate([
        { quantity: 1, weightG: 100 },
        { quantity: 1, weightG: 200 },
      ]),
    ).toMatchObject({ q: 300, feeFen: 10 });
    expect(estimate([{ quantity: 3, weightG: 101 }])).toMatchObject({ q: 303, feeFen: 17 });
    // 0.1 + 0.2 style sums: ten lines of 0.1 kg are exactly 1 kg, split evenly.
    const ten = estimate(Array.from({ length: 10 }, () => ({ quantity: 1, weightG: 100 })));
    expect(ten.q).toBe(1000);
    expect(ten.feeFen).toBe(10 + 7 * 7);
  });
});

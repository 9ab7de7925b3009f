import { describe, expect, it } from 'vitest';
import { compareTemplates, estimateFreight, FreightInputError, type FreightTemplate } from './estimate';

const templateA: FreightTemplate = {
  id: 1,
  name: '模板A',
  chargeMode: 'weight',
  status: 'enabled',
  chargeRows: [{ regionCodes: [], isDefault: true, firstQty: 1000, firstFeeFen: 800, additionalQty: 500, additionalFeeFen: 300 }],
  freeRows: [{ regionCodes: [], qtyLimit: 3000, minAmountFen: 20000, operator: 'and' }],
  noDeliveryCodes: [],
};
const templateB: FreightTemplate = {
  id: 2,
  name: '模板B',
  chargeMode: 'piece',
  status: 'enabled',
  chargeRows: [{ regionCodes: [], isDefault: true, firstQty: 1, firstFeeFen: 1000, additionalQty: 1, additionalFeeFen: 500 }],
  freeRows: [],
  noDeliveryCodes: [],
};
const both = new Map([
  [1, templateA],
  [2, templateB],
]);

describe('the worked example of docs/rules/freight.md', () => {
  const cart = [
    { templateId: 1, quantity: 2, weightG: 800, amountFen: 6000 },
    { templateId: 1, quantity: 3, weightG: 350, amountFen: 6000 },
    { templateId: 2, quantity: 3, amountFen: 9000 },
  ];

  it('prices A at 2000 fen (not free: ¥120.00 < ¥200.00), B at 2000 fen, total ¥40.00', () => {
    const result = estimateFreight('440305', cart, both);
    expect(result.totalFen).toBe(4000);
    const [a, b] = result.groups;
    expect(a).toMatchObject({ templateId: 1, matchedBy: 'default', q: 2650, amountFen: 12000, free: false, feeFen: 2000 });
    expect(a.freeNote).toContain('不满足');
    expect(a.formula).toBe('¥8.00 + ⌈(2.65kg − 1kg) ÷ 0.5kg⌉ × ¥3.00 = ¥8.00 + 4 × ¥3.00 = ¥20.00');
    expect(b).toMatchObject({ templateId: 2, matchedBy: 'default', q: 3, free: false, feeFen: 2000 });
    expect(b.items).toEqual([{ index: 2, feeFen: 2000 }]);
  });

  it("splits A's fee 1208 / 792 by largest remainder", () => {
    const [a] = estimateFreight('440305', cart, both).groups;
    expect(a.items).toEqual([
      { index: 0, feeFen: 1208 },
      { index: 1, feeFen: 792 },
    ]);
  });

  it('is free once the amount condition holds too', () => {
    const rich = cart.map((item) => ({ ...item, amountFen: 10000 }));
    const [a] = estimateFreight('440305', rich, both).groups;
    expect(a).toMatchObject({
      free: true,
      feeFen: 0,
      items: [
        { index: 0, feeFen: 0 },
        { index: 1, feeFen: 0 },
      ],
    });
  });
});

const regional: FreightTemplate = {
  id: 7,
  name: '按地区',
  chargeMode: 'piece',
  status: 'enabled',
  chargeRows: [
    { regionCodes: ['440000'], isDefault: false, firstQty: 1, firstFeeFen: 600, additionalQty: 1, additionalFeeFen: 100 },
    { regionCodes: ['440300', '110100'], isDefault: false, firstQty: 1, firstFeeFen: 500, additionalQty: 1, additionalFeeFen: 100 },
    { regionCodes: ['440305'], isDefault: false, firstQty: 1, firstFeeFen: 400, additionalQty: 1, additionalFeeFen: 100 },
    { regionCodes: [], isDefault: true, firstQty: 1, firstFeeFen: 1200, additionalQty: 2, additionalFeeFen: 300 },
  ],
  freeRows: [
    { regionCodes: ['440300'], qtyLimit: 10, operator: 'and' },
    { regionCodes: [], minAmountFen: 100, operator: 'or' },
  ],
  noDeliveryCodes: ['540000', '650100', '110105'],
};
const regionalMap = new Map([[7, regional]]);
const one = (destination: string, extra: object = {}) =>
  estimateFreight(destination, [{ templateId: 7, quantity: 3, ...extra }], regionalMap).groups[0];

describe('matching the destination', () => {
  it('climbs district → city → province → default and names the level', () => {
    expect(one('440305')).toMatchObject({ matchedBy: 'district', matchedRow: 2, matchedCode: '440305', feeFen: 600 });
    expect(one('440304')).toMatchObject({ matchedBy: 'city', matchedRow: 1, matchedCode: '440300', feeFen: 700 });
    expect(one('440104')).toMatchObject({ matchedBy: 'province', matchedRow: 0, feeFen: 800 });
    expect(one('310101')).toMatchObject({ matchedBy: 'default', matchedRow: 3, matchedCode: null, feeFen: 1500 });
  });

  it('treats municipalities by the same code rule (110101 → 110100 → 110000)', () => {
    expect(one('110101')).toMatchObject({ matchedBy: 'city', matchedCode: '110100' });
  });

  it('matches a city or province destination from its own level, never from a district row', () => {
    expect(one('440300')).toMatchObject({ matchedBy: 'city', matchedCode: '440300' });
    expect(one('440000')).toMatchObject({ matchedBy: 'province' });
    expect(one('110000')).toMatchObject({ matchedBy: 'default' });
  });

  it('refuses no-delivery regions at the destination, its city or its province', () => {
    for (const code of ['540102', '540000', '650102', '650100', '110105']) {
      expect(one(code)).toMatchObject({ error: '该地区不配送', feeFen: 0, items: [{ index: 0, feeFen: 0 }] });
    }
    expect(one('650200').error).toBeUndefined();
  });

  it('checks only the most specific free row', () => {
    // Shenzhen: the city free row (满10件) is the one checked, so the amount row does not apply.
    expect(one('440304', { amountFen: 500 })).toMatchObject({ free: false, freeRow: 0 });
    expect(estimateFreight('440304', [{ templateId: 7, quantity: 10 }], regionalMap).groups[0]).toMatchObject({ free: true, feeFen: 0 });
    expect(one('310101', { amountFen: 100 })).toMatchObject({ free: true, freeRow: 1 });
    expect(one('310101', { amountFen: 99 })).toMatchObject({ free: false, feeFen: 1500 });
  });
});

describe('group failures and input errors', () => {
  it('fails a disabled template with 模板已停用 and leaves it out of the total', () => {
    const disabled = { ...templateB, status: 'disabled' as const };
    const result = estimateFreight(
      '440305',
      [
        { templateId: 1, quantity: 1, weightG: 500 },
        { templateId: 2, quantity: 1 },
      ],
      new Map([
        [1, templateA],
        [2, disabled],
      ]),
    );
    expect(result.groups[1]).toMatchObject({ error: '模板已停用', feeFen: 0 });
    expect(result.totalFen).toBe(800);
  });

  it('fails a weight group with an item without weight, and ignores measures the template does not charge by', () => {
    const result = estimateFreight(
      '440305',
      [
        { templateId: 1, quantity: 1, weightG: 500 },
        { templateId: 1, quantity: 2 },
        { templateId: 2, quantity: 2, weightG: 99999, volumeCm3: 5 },
      ],
      both,
    );
    expect(result.groups[0]).toMatchObject({ error: '第2项缺少重量，无法按重量计费', matchedBy: 'default', feeFen: 0 });
    expect(result.groups[1]).toMatchObject({ q: 2, feeFen: 1500 });
    expect(result.totalFen).toBe(1500);
  });

  it('throws for an unknown template, a malformed destination or a bad measure', () => {
    expect(() => estimateFreight('440305', [{ templateId: 99, quantity: 1 }], both)).toThrow(FreightInputError);
    expect(() => estimateFreight('4403', [{ templateId: 2, quantity: 1 }], both)).toThrow('6位');
    expect(() => estimateFreight('440305', [{ templateId: 1, quantity: 1, weightG: 1.5 }], both)).toThrow('正整数');
  });

  it('keeps exact integers where products pass 2^53', () => {
    const heavy: FreightTemplate = {
      ...templateA,
      freeRows: [],
      chargeRows: [{ regionCodes: [], isDefault: true, firstQty: 1, firstFeeFen: 100_000_000, additionalQty: 1, additionalFeeFen: 1 }],
    };
    const items = [
      { templateId: 1, quantity: 100_000, weightG: 1_000_000 },
      { templateId: 1, quantity: 1, weightG: 3 },
    ];
    const [group] = estimateFreight('440305', items, new Map([[1, heavy]])).groups;
    expect(group.q).toBe(100_000_000_003);
    expect(group.feeFen).toBe(100_000_000 + 100_000_000_002);
    expect(group.items[0].feeFen + group.items[1].feeFen).toBe(group.feeFen);
  });
});

describe('compare all templates', () => {
  it('prices the cargo with each template, cheapest first, failures last', () => {
    const list = compareTemplates('540102', [{ quantity: 3, weightG: 100 }], [regional, templateA, templateB]);
    expect(list.map((g) => [g.templateId, g.feeFen, g.error ?? null])).toEqual([
      [1, 800, null],
      [2, 2000, null],
      [7, 0, '该地区不配送'],
    ]);
  });
});

describe('display units', () => {
  it('shows g as kg and cm³ as m³ without float noise, and converts back exactly', async () => {
    const { formatMeasure, toStoredMeasure } = await import('./units');
    expect(formatMeasure('weight', 2650)).toBe('2.65kg');
    expect(formatMeasure('weight', 1000)).toBe('1kg');
    expect(formatMeasure('weight', 5)).toBe('0.005kg');
    expect(formatMeasure('volume', 150_000)).toBe('0.15m³');
    expect(formatMeasure('piece', 3)).toBe('3件');
    expect(toStoredMeasure('weight', 0.3)).toBe(300);
    expect(toStoredMeasure('weight', 1.005)).toBe(1005);
    expect(toStoredMeasure('volume', 0.1)).toBe(100_000);
  });
});

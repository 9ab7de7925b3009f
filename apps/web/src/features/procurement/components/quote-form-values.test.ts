import { type Quotation, quoteSaveRequest } from '@scm/contract';
import { describe, expect, it } from 'vitest';
import { dayValue } from '@/shared/form/day-value';
import { type QuoteCostInput, quoteCostPreview, toQuoteFormValues, toQuoteLines, toSaveQuoteRequest } from './quote-form-values';

const taskLines = [
  { id: 11, quantity: 100, skuCode: 'SKU-A', commodityName: '收纳盒' },
  { id: 12, quantity: 40, skuCode: 'SKU-B', commodityName: '挂钩' },
];
const today = dayValue('2026-03-10');

const saved: Quotation = {
  id: 5,
  code: 'BJ0005',
  quoteDate: '2026-03-01',
  validUntil: '2026-04-01',
  invoiceType: 'ordinary',
  taxRatePercent: 3,
  freightMode: 'manual',
  freightFen: 1999,
  freightFormula: null,
  remark: '含包装',
  status: 'submitted',
  version: 4,
  updatedAt: '2026-03-01T10:00:00+08:00',
  lines: [
    { taskLineId: 11, unitPriceFen: 7, moq: 150, leadTimeDays: 5, remark: null },
    { taskLineId: 12, unitPriceFen: null, moq: null, leadTimeDays: null, remark: '缺货' },
  ],
  revision: 2,
  submittedAt: '2026-03-01T10:00:00+08:00',
  enteredByBuyer: true,
  sealed: false,
};

const preview = (input: Partial<QuoteCostInput>) =>
  quoteCostPreview({
    taskLines,
    lines: [],
    invoiceType: 'special',
    taxRatePercent: 13,
    taxpayer: 'general',
    freightMode: 'manual',
    freightYuan: null,
    estimatedFreightFen: null,
    savedFreightFen: null,
    ...input,
  });

describe('quote editor values', () => {
  it('starts a new quote today, valid 30 days, special invoice at 13 %, every line unquoted', () => {
    const values = toQuoteFormValues(taskLines, { priceTemplateId: null }, null, today);
    expect(values.quoteDate.format('YYYY-MM-DD')).toBe('2026-03-10');
    expect(values.validUntil.format('YYYY-MM-DD')).toBe('2026-04-09');
    expect(values).toMatchObject({ invoiceType: 'special', taxRatePercent: 13, freightMode: 'manual', freightYuan: null });
    expect(values.lines).toEqual([
      { taskLineId: 11, unitPriceYuan: null, moq: null, leadTimeDays: null, remark: null },
      { taskLineId: 12, unitPriceYuan: null, moq: null, leadTimeDays: null, remark: null },
    ]);
    // A supplier with a price template has its freight estimated rather than typed.
    expect(toQuoteFormValues(taskLines, { priceTemplateId: 3 }, null, today).freightMode).toBe('estimated');
  });

  it('shows a saved quote in yuan and sends it back in the same fen, unquoted lines as null', () => {
    const values = toQuoteFormValues(taskLines, { priceTemplateId: 3 }, saved, today);
    expect(values).toMatchObject({ invoiceType: 'ordinary', taxRatePercent: 3, freightMode: 'manual', freightYuan: 19.99, remark: '含包装' });
    expect(values.lines.map((l) => l.unitPriceYuan)).toEqual([0.07, null]);

    const body = toSaveQuoteRequest({ taskId: 9, supplierId: 2, version: saved.version }, taskLines, values);
    expect(body).toMatchObject({ taskId: 9, supplierId: 2, version: 4, quoteDate: '2026-03-01', validUntil: '2026-04-01', freightFen: 1999 });
    expect(body.lines).toEqual(saved.lines);
    expect(quoteSaveRequest.safeParse(body).success).toBe(true);
  });

  it('turns typed yuan into whole fen without float drift, rounding a third decimal', () => {
    const lines = toQuoteLines(taskLines, [{ unitPriceYuan: 12.345 }, { unitPriceYuan: 0.1 + 0.2 }]);
    expect(lines.map((l) => l.unitPriceFen)).toEqual([1235, 30]);
    expect(toQuoteLines(taskLines, [{ unitPriceYuan: 1234567.89 }])[0].unitPriceFen).toBe(123456789);
  });

  it('takes each line id from the task by position, since the form holds only its inputs', () => {
    const lines = toQuoteLines(taskLines, [{ unitPriceYuan: 1, moq: 10, leadTimeDays: 3, remark: '现货' }]);
    expect(lines).toEqual([
      { taskLineId: 11, unitPriceFen: 100, moq: 10, leadTimeDays: 3, remark: '现货' },
      { taskLineId: 12, unitPriceFen: null, moq: null, leadTimeDays: null, remark: null },
    ]);
  });

  it('sends empty or estimated freight as null and typed freight in fen', () => {
    const values = toQuoteFormValues(taskLines, { priceTemplateId: null }, null, today);
    const ids = { taskId: 1, supplierId: 1, version: null };
    expect(toSaveQuoteRequest(ids, taskLines, { ...values, freightYuan: null }).freightFen).toBeNull();
    expect(toSaveQuoteRequest(ids, taskLines, { ...values, freightYuan: 0 }).freightFen).toBe(0);
    expect(toSaveQuoteRequest(ids, taskLines, { ...values, freightYuan: 25.5 }).freightFen).toBe(2550);
    expect(toSaveQuoteRequest(ids, taskLines, { ...values, freightMode: 'estimated', freightYuan: 25.5 }).freightFen).toBeNull();
  });
});

describe('quote cost preview', () => {
  it('deducts the input tax of a special invoice for a general taxpayer, on goods and freight', () => {
    // 100 × ¥1.13 + ¥11.30 freight = ¥124.30 inclusive; at 13 % the real cost is ¥110.00.
    const result = preview({ lines: [{ unitPriceYuan: 1.13 }, { unitPriceYuan: null }], freightYuan: 11.3 });
    expect(result).toMatchObject({ freightFen: 1130, inclusiveFen: 12430, realFen: 11000, deductibleFen: 1430 });
  });

  it('deducts nothing for an ordinary invoice, no invoice or a small-scale taxpayer', () => {
    const lines = [{ unitPriceYuan: 1.13 }];
    for (const input of [{ invoiceType: 'ordinary' as const }, { invoiceType: 'none' as const, taxRatePercent: 0 }, { taxpayer: 'small' as const }]) {
      expect(preview({ lines, ...input })).toMatchObject({ inclusiveFen: 11300, realFen: 11300, deductibleFen: 0 });
    }
  });

  it('rounds the tax-exclusive amount of each line to the fen', () => {
    // ¥1.00 × 100 at 13 %: 10000 / 1.13 = 8849.56… → 8850 exclusive, 1150 deductible.
    expect(preview({ lines: [{ unitPriceYuan: 1 }] })).toMatchObject({ inclusiveFen: 10000, realFen: 8850 });
  });

  it('prices a line at its MOQ when the MOQ exceeds the quantity asked for', () => {
    const lines = [
      { unitPriceYuan: 2, moq: 150 },
      { unitPriceYuan: 1, moq: 10 },
    ];
    // 150 × ¥2 (MOQ above the 100 asked) + 40 × ¥1 (MOQ below the 40 asked).
    expect(preview({ lines, invoiceType: 'ordinary' }).inclusiveFen).toBe(34000);
  });

  it('counts empty manual freight as 0, and an estimate before the saved freight', () => {
    expect(preview({ freightYuan: null }).freightFen).toBe(0);
    expect(preview({ freightMode: 'estimated', estimatedFreightFen: 800, savedFreightFen: 500 }).freightFen).toBe(800);
    expect(preview({ freightMode: 'estimated', estimatedFreightFen: null, savedFreightFen: 500 }).freightFen).toBe(500);
    expect(preview({ freightMode: 'estimated' }).freightFen).toBe(0);
  });

  it('lists the lines without a price as missing and counts nothing for them', () => {
    const result = preview({ lines: [{ unitPriceYuan: null }, { unitPriceYuan: 0 }], invoiceType: 'ordinary' });
    expect(result.missing.map((l) => l.skuCode)).toEqual(['SKU-A']);
    expect(result.inclusiveFen).toBe(0);
  });
});

import { DICT, procurementTaskApi, dictItemApi, dataBoardApi } from '@scm/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, shanghaiDay, type TestApp } from '../../../test/helpers';
import { download, readWorkbook } from '../../../test/excel';
import { auditLogs, quotations } from '../../db/schema';
import { seedCommodities, seedDictionaries } from '../../../test/procurement-fixtures';
import { createSupplier, createTask, publishTask, type QuoteBody, saveQuote } from '../../../test/builders';

/*
 * Deductible input VAT in the comparison (docs/procurement.md, "Invoices and real cost"), by hand:
 * one line of 10 pieces. 专票 quotes ¥113.00 at 13 % (amount 113,000 fen, real 100,000), 普票
 * quotes ¥105.00 at 3 % (amount 105,000, real 105,000). A general taxpayer buys from 专票; a
 * small-scale company deducts nothing and buys from 普票.
 */

let t: TestApp;
let token: string;
let commodityId: number;
let taskId: number;
const sup = { special: 0, ordinary: 0 };

const day = (offsetDays: number) => shanghaiDay(t, offsetDays);

/** A quote sent as typed, for the refusals; `quote` saves a valid one through the builder. */
function sendQuote(supplierId: number, unitPriceFen: number, extra: Record<string, unknown> = {}) {
  return t.call(
    '/admin/quotation/save',
    {
      task_id: taskId,
      supplier_id: supplierId,
      quote_date: day(0),
      valid_until: day(30),
      freight_mode: 'manual',
      freight_fen: 0,
      lines: [{ task_line_id: lineId, unit_price_fen: unitPriceFen }],
      ...extra,
    },
    token,
  );
}
let lineId: number;
const quote = (supplierId: number, unitPriceFen: number, body: Partial<QuoteBody> = {}) =>
  saveQuote(t, token, { taskId, supplierId, freightFen: 0, lines: [{ taskLineId: lineId, unitPriceFen }], ...body });

async function compare() {
  const answer = await t.api(procurementTaskApi.compare, { id: taskId }, token);
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

/** Makes `value` the default item of `company_taxpayer`: the company's setting, as 数据字典 changes it. */
async function setTaxpayer(value: 'general' | 'small') {
  const list = await t.api(dictItemApi.list, { typeCode: DICT.companyTaxpayer, page: 1, pageSize: 10 }, token);
  expect(list.code, list.message).toBe(200);
  const { id, version, label, sort, tagColor, status } = list.data.list.find((i) => i.value === value)!;
  const answer = await t.api(dictItemApi.update, { id, version, label, value, sort, tagColor, status, isDefault: true }, token);
  expect(answer.code, answer.message).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDictionaries(t);
  ({
    ids: [commodityId],
  } = await seedCommodities(t, [{ sku: 'VAT-1', name: '不锈钢汤锅', weightG: 1500, priceFen: 11000 }]));
  for (const [key, name] of [
    ['special', '佛山专票厨具有限公司'],
    ['ordinary', '义乌普票日用品商行'],
  ] as const) {
    sup[key] = await createSupplier(t, token, name);
  }
  taskId = await createTask(t, token, {
    name: '汤锅含税比价',
    buyerId: 1,
    lines: [{ commodityId, quantity: 10, targetPriceFen: 12000 }],
    supplierIds: [sup.special, sup.ordinary],
    // Quoted in the open: these tests read the prices while quoting (sealed tasks: test/sealing.test.ts).
    sealed: false,
  });
  lineId = (await t.api(procurementTaskApi.info, { id: taskId }, token)).data.lines[0].id;
  await publishTask(t, token, taskId);
});
afterAll(() => t.close());

describe('invoice type and tax rate on a quote', () => {
  it('refuses a rate outside the list and a non-zero rate without an invoice, with Chinese field errors', async () => {
    const offList = await sendQuote(sup.special, 11300, { invoice_type: 'special', tax_rate_percent: 5 });
    expect(offList.code).toBe(400);
    expect(offList.data.field_errors).toEqual([{ field: 'tax_rate_percent', message: '税率须为 0、1、3、6、9、13（%）之一' }]);
    const noInvoice = await sendQuote(sup.special, 11300, { invoice_type: 'none', tax_rate_percent: 3 });
    expect(noInvoice.code).toBe(400);
    expect(noInvoice.data.field_errors).toEqual([{ field: 'tax_rate_percent', message: '不开票的报价税率须为0' }]);
    const unknownType = await sendQuote(sup.special, 11300, { invoice_type: 'vat', tax_rate_percent: 13 });
    expect(unknownType.code).toBe(400);
    expect(unknownType.data.field_errors[0]).toMatchObject({ field: 'invoice_type', message: '请选择发票类型' });
    const [none] = await t.database.db.select().from(quotations).where(eq(quotations.taskId, taskId));
    expect(none).toBeUndefined();
  });

  it('saves a quote without invoice type or rate as a 13 % special invoice, and audits the invoice', async () => {
    const saved = await quote(sup.special, 11300);
    const [row] = await t.database.db.select().from(quotations).where(eq(quotations.id, saved));
    expect(row).toMatchObject({ invoiceType: 'special', taxRatePercent: 13 });
    const ordinary = await quote(sup.ordinary, 10500, { invoiceType: 'ordinary', taxRatePercent: 3 });
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, 'quotation'), eq(auditLogs.recordId, String(ordinary))));
    expect(JSON.stringify(audit)).toContain('"invoiceType":"ordinary"');
  });
});

describe('the company taxpayer type picks the cheaper supplier', () => {
  it('a general taxpayer (the seeded default) deducts the special invoice and pre-selects it', async () => {
    const view = await compare();
    const { comparison } = view;
    expect(view.taxpayer).toBe('general');
    expect(comparison.taxpayer).toBe('general');
    const quote = (id: number) => view.suppliers.find((s) => s.supplierId === id)!.quote;
    expect(quote(sup.ordinary)).toMatchObject({ invoiceType: 'ordinary', taxRatePercent: 3 });
    const total = (id: number) => comparison.suppliers.find((s) => s.supplierId === id);
    expect(total(sup.special)).toMatchObject({ landedTotalFen: 113000, realLandedTotalFen: 100000, lowestLanded: true });
    expect(total(sup.ordinary)).toMatchObject({ landedTotalFen: 105000, realLandedTotalFen: 105000, lowestLanded: false });
    const [row] = comparison.rows;
    expect(row.recommendedSupplierId).toBe(sup.special);
    expect(row).toMatchObject({
      lowestUnitPriceFen: 11300,
      realLowestAmountFen: 100000,
      savingVsTargetFen: 7000,
      realSavingVsAverageFen: 2500,
    });
  });

  it('switching the company to 小规模纳税人 pre-selects the ordinary invoice instead', async () => {
    await setTaxpayer('small');
    const { comparison, taxpayer } = await compare();
    expect(taxpayer).toBe('small');
    expect(comparison.taxpayer).toBe('small');
    expect(comparison.rows[0].recommendedSupplierId).toBe(sup.ordinary);
    const total = (id: number) => comparison.suppliers.find((s) => s.supplierId === id);
    expect(total(sup.special)).toMatchObject({ realLandedTotalFen: 113000, lowestLanded: false });
    expect(total(sup.ordinary)).toMatchObject({ realLandedTotalFen: 105000, lowestLanded: true });
    await setTaxpayer('general');
    expect((await compare()).comparison.rows[0].recommendedSupplierId).toBe(sup.special);
  });

  it('awards on real cost: the cheaper tax-inclusive quote needs a reason; the award fixes its deductible VAT for the board and the export', async () => {
    const detail = (await t.api(procurementTaskApi.info, { id: taskId }, token)).data;
    expect((await t.api(procurementTaskApi.closeQuote, { id: taskId, version: detail.version }, token)).code).toBe(200);
    const version = (await t.api(procurementTaskApi.info, { id: taskId }, token)).data.version;
    const cheaperInclusive = await t.call(
      '/admin/procurement_task/award',
      { id: taskId, version, lines: [{ task_line_id: lineId, supplier_id: sup.ordinary }] },
      token,
    );
    expect(cheaperInclusive.data.field_errors).toEqual([
      { field: 'lines.0.reason', message: '所选供应商不是该行实际到货成本最低的，请填写定标理由' },
    ]);
    const awarded = await t.api(procurementTaskApi.award, { id: taskId, version, lines: [{ taskLineId: lineId, supplierId: sup.special }] }, token);
    expect(awarded.code, awarded.message).toBe(200);

    const { award } = await compare();
    expect(award).toMatchObject({ goodsFen: 113000, totalFen: 113000, deductibleVatFen: 13000, realTotalFen: 100000 });
    expect(award!.lines[0]).toMatchObject({ amountFen: 113000, deductibleVatFen: 13000 });

    // A later change of the setting does not rewrite the award's deductible VAT.
    await setTaxpayer('small');
    const board = await t.api(dataBoardApi.summary, { dateFrom: day(-1), dateTo: day(0) }, token);
    expect(board.code, board.message).toBe(200);
    expect(board.data.current).toMatchObject({ awardedAmountFen: 113000, deductibleVatFen: 13000 });
    await setTaxpayer('general');

    const file = await download(t, '/admin/procurement_task/export_compare', { id: taskId }, token);
    const sheets = await readWorkbook(file.rawPayload);
    const matrix = sheets.get('比价') ?? [];
    expect(matrix[1]).toEqual(['纳税人类型：一般纳税人（最低、推荐与节省按实际成本，含税金额列在旁）']);
    expect(matrix[2]).toContain('佛山专票厨具有限公司（增值税专用发票 13%） 单价(含税)');
    const byLabel = (label: string) => matrix.find((r) => r[1] === label);
    // Both figures per supplier: 专票 first, then 普票 (five columns each), as numbers.
    expect(matrix[3].slice(4, 7)).toEqual([113, 1130, 1000]);
    expect(matrix[3].slice(9, 12)).toEqual([105, 1050, 1050]);
    expect([byLabel('到货成本(含税)(元)')?.[4], byLabel('到货成本(含税)(元)')?.[9]]).toEqual([1130, 1050]);
    expect([byLabel('实际到货成本(元)')?.[4], byLabel('实际到货成本(元)')?.[9]]).toEqual([1000, 1050]);
    const result = sheets.get('定标结果') ?? [];
    expect(result.find((r) => r[1] === '可抵扣进项税(元)')?.[6]).toBe(130);
    expect(result.find((r) => r[1] === '实际到货成本(元)')?.[6]).toBe(1000);
  });
});

import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  type FigureMovement,
  invoiceProblems,
  type MatchInvoice,
  matchStatement,
  statementCanonicalContent,
  statementGroups,
  statementRealTotal,
  statementTotals,
} from './supplier-statement-figures';

// Every figure below is worked by hand in the comment beside it, not by the code under test.

const special = (kind: FigureMovement['kind'], amountFen: number): FigureMovement => ({
  kind,
  amountFen,
  invoiceType: 'special',
  taxRatePercent: 13,
});
const ordinary = (kind: FigureMovement['kind'], amountFen: number): FigureMovement => ({
  kind,
  amountFen,
  invoiceType: 'ordinary',
  taxRatePercent: 3,
});

/** 100 × ¥10.00 received, 10 reversed, 5 × ¥10.00 returned, ¥6.00 freight (13 % special); 40 × ¥9.00 (3 % ordinary). */
const MOVEMENTS = [
  special('receipt', 100_000),
  special('reversal', -10_000),
  special('return', -5_000),
  special('freight', 600),
  ordinary('receipt', 36_000),
];

describe('statement figures', () => {
  it('groups by invoice type and rate, rounding 不含税 once on the group sum', () => {
    const groups = statementGroups(MOVEMENTS, 'general');
    expect(groups).toEqual([
      // 100000 − 10000 − 5000 + 600 = 85600; 85600 × 100 / 113 = 75752.21… → 75752; tax 85600 − 75752 = 9848
      {
        invoiceType: 'special',
        taxRatePercent: 13,
        amountInclTaxFen: 85_600,
        amountExclTaxFen: 75_752,
        taxFen: 9_848,
        deductibleFen: 9_848,
        realFen: 75_752,
      },
      // 36000 × 100 / 103 = 34951.456… → 34951; tax 1049; an ordinary invoice deducts nothing: real 36000
      {
        invoiceType: 'ordinary',
        taxRatePercent: 3,
        amountInclTaxFen: 36_000,
        amountExclTaxFen: 34_951,
        taxFen: 1_049,
        deductibleFen: 0,
        realFen: 36_000,
      },
    ]);
    // 75752 + 36000
    expect(statementRealTotal(groups)).toBe(111_752);
    // A small taxpayer deducts nothing: real = 含税, 85600 + 36000.
    expect(statementRealTotal(statementGroups(MOVEMENTS, 'small'))).toBe(121_600);
  });

  it('rounds per group, not per movement, and mirrors a negative group', () => {
    // Three movements of ¥0.01: per movement 0.885 → 1 each would give 3; on the sum 3 × 100 / 113 = 2.65 → 3, tax 0.
    const [tiny] = statementGroups([special('receipt', 1), special('receipt', 1), special('receipt', 1)], 'general');
    expect([tiny.amountInclTaxFen, tiny.amountExclTaxFen, tiny.taxFen]).toEqual([3, 3, 0]);
    // 7 × ¥0.01 → 700 / 113 = 6.19 → 6, tax 1 (per movement it would be 7 × 1 = 7, tax 0).
    const [seven] = statementGroups(
      Array.from({ length: 7 }, () => special('receipt', 1)),
      'general',
    );
    expect([seven.amountExclTaxFen, seven.taxFen]).toEqual([6, 1]);
    // A month of returns only: −¥113.00 at 13 % is −¥100.00 without tax, −¥13.00 tax.
    const [negative] = statementGroups([special('return', -11_300)], 'general');
    expect([negative.amountInclTaxFen, negative.amountExclTaxFen, negative.taxFen, negative.realFen]).toEqual([-11_300, -10_000, -1_300, -10_000]);
  });

  it('stays exact at 100亿元', () => {
    // 1,000,000,000,000 × 100 / 113 = 884,955,752,212.389… → 884,955,752,212; tax 115,044,247,788
    const [big] = statementGroups([special('receipt', 1_000_000_000_000)], 'general');
    expect([big.amountExclTaxFen, big.taxFen]).toEqual([884_955_752_212, 115_044_247_788]);
  });

  it('totals goods (with reversals), freight and returns', () => {
    // goods 100000 − 10000 + 36000 = 126000; freight 600; returns −5000; total 121600
    expect(statementTotals(MOVEMENTS)).toEqual({ goodsFen: 126_000, freightFen: 600, returnsFen: -5_000, totalFen: 121_600 });
  });
});

describe('invoice checks', () => {
  const base = { issueDate: '2026-03-31', amountExclTaxFen: 10_000, taxFen: 1_300, amountInclTaxFen: 11_300 };
  const fields = (problems: { field: string }[]) => problems.map((p) => p.field);

  it('takes a 20-digit 数电票 number, or an 8-digit number with a 10- or 12-digit code', () => {
    expect(invoiceProblems({ ...base, invoiceNumber: '26442000000123456789' }, '2026-04-01')).toEqual([]);
    expect(invoiceProblems({ ...base, invoiceNumber: '01234567', invoiceCode: '4400231130' }, '2026-04-01')).toEqual([]);
    expect(invoiceProblems({ ...base, invoiceNumber: '01234567', invoiceCode: '044002300111' }, '2026-04-01')).toEqual([]);
  });

  it('refuses a malformed number, a code of the wrong length and a paper number without its code', () => {
    expect(fields(invoiceProblems({ ...base, invoiceNumber: '2644200000012345678' }, '2026-04-01'))).toEqual(['invoice_number']);
    expect(invoiceProblems({ ...base, invoiceNumber: '01234567' }, '2026-04-01')).toEqual([
      { field: 'invoice_number', message: '纸质发票须填写10位或12位发票代码' },
    ]);
    expect(fields(invoiceProblems({ ...base, invoiceNumber: '01234567', invoiceCode: '44002311301' }, '2026-04-01'))).toEqual(['invoice_code']);
    expect(fields(invoiceProblems({ ...base, invoiceNumber: '26442000000123456789', invoiceCode: '4400231130' }, '2026-04-01'))).toEqual([
      'invoice_number',
    ]);
  });

  it('refuses 不含税 + 税额 ≠ 含税 and an issue date after today', () => {
    // 10000 + 1300 = 11300, so 11301 is off by a fen.
    expect(fields(invoiceProblems({ ...base, amountInclTaxFen: 11_301, invoiceNumber: '26442000000123456789' }, '2026-04-01'))).toEqual([
      'amount_incl_tax_fen',
    ]);
    expect(fields(invoiceProblems({ ...base, issueDate: '2026-04-02', invoiceNumber: '26442000000123456789' }, '2026-04-01'))).toEqual([
      'issue_date',
    ]);
    expect(invoiceProblems({ ...base, issueDate: '2026-04-01', invoiceNumber: '26442000000123456789' }, '2026-04-01')).toEqual([]);
  });
});

describe('the check 三单匹配', () => {
  const SUPPLIER = '91330100MA2B3C4D5E';
  const COMPANY = '91440300MA5F6G7H8J';
  const groups = statementGroups(MOVEMENTS, 'general');
  let serial = 0;
  const invoice = (type: 'special' | 'ordinary', rate: number, incl: number, tax: number, extra: Partial<MatchInvoice> = {}): MatchInvoice => ({
    invoiceNumber: String(++serial).padStart(20, '0'),
    invoiceType: type,
    taxRatePercent: rate,
    sellerTaxId: SUPPLIER,
    buyerTaxId: COMPANY,
    amountInclTaxFen: incl,
    taxFen: tax,
    ...extra,
  });
  const check = (invoices: MatchInvoice[], decisions = new Map<string, 'accepted' | 'rejected'>(), companyTaxId: string | null = COMPANY) =>
    matchStatement({ groups, invoices, supplierTaxId: SUPPLIER, companyTaxId, taxToleranceFen: 100, taxpayer: 'general', decisions });

  it('matches when each group is covered to the fen with its tax', () => {
    const outcome = check([invoice('special', 13, 85_600, 9_848), invoice('ordinary', 3, 36_000, 1_049)]);
    expect(outcome.result).toBe('matched');
    expect(outcome.exceptions).toEqual([]);
    expect(outcome.coverage).toEqual([
      { invoiceType: 'special', taxRatePercent: 13, invoicedInclTaxFen: 85_600, invoicedTaxFen: 9_848 },
      { invoiceType: 'ordinary', taxRatePercent: 3, invoicedInclTaxFen: 36_000, invoicedTaxFen: 1_049 },
    ]);
  });

  it('sums several invoices of one group; a group without an invoice is incomplete, not an exception', () => {
    // 50000 + 35600 = 85600; tax 5752 + 4096 = 9848
    expect(check([invoice('special', 13, 50_000, 5_752), invoice('special', 13, 35_600, 4_096), invoice('ordinary', 3, 36_000, 1_049)]).result).toBe(
      'matched',
    );
    const partly = check([invoice('special', 13, 85_600, 9_848)]);
    expect(partly).toMatchObject({ result: 'incomplete', exceptions: [] });
  });

  it('names a shortfall or an excess by the fen', () => {
    const under = check([invoice('special', 13, 85_599, 9_848), invoice('ordinary', 3, 36_000, 1_049)]);
    expect(under.result).toBe('exception');
    expect(under.exceptions).toEqual([
      expect.objectContaining({
        kind: 'amount_under',
        invoiceType: 'special',
        taxRatePercent: 13,
        expectedFen: 85_600,
        actualFen: 85_599,
        realCostImpactFen: 0,
      }),
    ]);
    const over = check([invoice('special', 13, 85_600, 9_848), invoice('ordinary', 3, 36_001, 1_049)]);
    expect(over.exceptions).toEqual([expect.objectContaining({ kind: 'amount_over', expectedFen: 36_000, actualFen: 36_001 })]);
  });

  it('lets the tax differ by the tolerance and no more', () => {
    // ¥1.00 = 100 fen: 9848 + 100 passes, 9848 + 101 does not.
    expect(check([invoice('special', 13, 85_600, 9_948), invoice('ordinary', 3, 36_000, 1_049)]).result).toBe('matched');
    const off = check([invoice('special', 13, 85_600, 9_949), invoice('ordinary', 3, 36_000, 1_049)]);
    expect(off.exceptions).toEqual([expect.objectContaining({ kind: 'tax_diff', expectedFen: 9_848, actualFen: 9_949 })]);
  });

  it('prices a type mismatch with the comparison’s real cost: the input VAT the company can no longer deduct', () => {
    const one = statementGroups([special('receipt', 11_300)], 'general');
    // ¥113.00 under a 13 % special invoice costs ¥100.00; under a 3 % ordinary one ¥113.00: impact +¥13.00.
    const outcome = matchStatement({
      groups: one,
      invoices: [invoice('ordinary', 3, 11_300, 329)],
      supplierTaxId: SUPPLIER,
      companyTaxId: COMPANY,
      taxToleranceFen: 100,
      taxpayer: 'general',
      decisions: new Map(),
    });
    expect(outcome.result).toBe('exception');
    expect(outcome.exceptions).toEqual([
      expect.objectContaining({
        kind: 'type_mismatch',
        invoiceType: 'ordinary',
        taxRatePercent: 3,
        expectedFen: 11_300,
        actualFen: 11_300,
        realCostImpactFen: 1_300,
      }),
    ]);
    // The invoice still covers the group's amount, so no shortfall is reported beside it.
    expect(outcome.coverage).toEqual([{ invoiceType: 'special', taxRatePercent: 13, invoicedInclTaxFen: 11_300, invoicedTaxFen: 329 }]);
    // Accepted, the statement matches.
    const accepted = matchStatement({
      groups: one,
      invoices: [invoice('ordinary', 3, 11_300, 329)],
      supplierTaxId: SUPPLIER,
      companyTaxId: COMPANY,
      taxToleranceFen: 100,
      taxpayer: 'general',
      decisions: new Map([[outcome.exceptions[0].key, 'accepted']]),
    });
    expect(accepted.result).toBe('matched');
  });

  it('checks the seller against the supplier and the buyer against the company', () => {
    const outcome = check([
      invoice('special', 13, 85_600, 9_848, { sellerTaxId: '91330100MA2B3C4D6F' }),
      invoice('ordinary', 3, 36_000, 1_049, { buyerTaxId: '91440300MA5F6G7H9K' }),
    ]);
    expect(outcome.exceptions.map((e) => e.kind)).toEqual(['seller_mismatch', 'buyer_mismatch']);
    // Without a company tax id on record the buyer check has nothing to compare with.
    expect(
      check([invoice('special', 13, 85_600, 9_848), invoice('ordinary', 3, 36_000, 1_049, { buyerTaxId: '91440300MA5F6G7H9K' })], new Map(), null)
        .result,
    ).toBe('matched');
  });

  it('keeps a decision only for the same difference; a rejected exception still blocks', () => {
    const first = check([invoice('special', 13, 85_599, 9_848), invoice('ordinary', 3, 36_000, 1_049)]);
    const key = first.exceptions[0].key;
    expect(check([invoice('special', 13, 85_599, 9_848), invoice('ordinary', 3, 36_000, 1_049)], new Map([[key, 'accepted']])).result).toBe(
      'matched',
    );
    expect(check([invoice('special', 13, 85_599, 9_848), invoice('ordinary', 3, 36_000, 1_049)], new Map([[key, 'rejected']])).result).toBe(
      'exception',
    );
    // A different shortfall is a new exception, open again.
    const other = check([invoice('special', 13, 85_598, 9_848), invoice('ordinary', 3, 36_000, 1_049)], new Map([[key, 'accepted']]));
    expect(other.result).toBe('exception');
  });
});

describe('canonical content', () => {
  it('is JSON with sorted keys and no whitespace', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: '对账' }], A: true })).toBe('{"A":true,"a":[{"c":"对账","d":null}],"b":1}');
    expect(() => canonicalJson({ x: 1.5 })).toThrow();
  });

  it('writes the statement in the documented form', () => {
    const text = statementCanonicalContent({
      code: 'DZ202603310001',
      revision: 1,
      supplier: { id: 7, name: '杭州家纺', creditCode: '91330100MA2B3C4D5E' },
      periodFrom: '2026-03-01',
      periodTo: '2026-03-31',
      movements: [
        {
          id: 12,
          kind: 'freight',
          orderCode: 'PO202603020001',
          receiptId: null,
          returnId: null,
          date: '2026-03-05',
          skuCode: null,
          commodityName: null,
          quantity: null,
          unitPriceFen: null,
          amountFen: 600,
          invoiceType: 'special',
          taxRatePercent: 13,
        },
        {
          id: 11,
          kind: 'receipt',
          orderCode: 'PO202603020001',
          receiptId: 3,
          returnId: null,
          date: '2026-03-05',
          skuCode: 'SKU1',
          commodityName: '浴巾',
          quantity: 10,
          unitPriceFen: 1_000,
          amountFen: 10_000,
          invoiceType: 'special',
          taxRatePercent: 13,
        },
      ],
      groups: [{ invoiceType: 'special', taxRatePercent: 13, amountInclTaxFen: 10_600, amountExclTaxFen: 9_381, taxFen: 1_219 }],
      totals: { goodsFen: 10_000, freightFen: 600, returnsFen: 0, totalFen: 10_600 },
    });
    expect(text).toBe(
      '{"code":"DZ202603310001","format":"supplier_statement/v1","freight_fen":600,"goods_fen":10000,' +
        '"groups":[{"amount_excl_tax_fen":9381,"amount_incl_tax_fen":10600,"invoice_type":"special","tax_fen":1219,"tax_rate_percent":13}],' +
        '"movements":[' +
        '{"amount_fen":10000,"commodity_name":"浴巾","date":"2026-03-05","id":11,"invoice_type":"special","kind":"receipt","order_code":"PO202603020001","quantity":10,"receipt_id":3,"return_id":null,"sku_code":"SKU1","tax_rate_percent":13,"unit_price_fen":1000},' +
        '{"amount_fen":600,"commodity_name":null,"date":"2026-03-05","id":12,"invoice_type":"special","kind":"freight","order_code":"PO202603020001","quantity":null,"receipt_id":null,"return_id":null,"sku_code":null,"tax_rate_percent":13,"unit_price_fen":null}' +
        '],"period_from":"2026-03-01","period_to":"2026-03-31","returns_fen":0,"revision":1,' +
        '"supplier":{"credit_code":"91330100MA2B3C4D5E","id":7,"name":"杭州家纺"},"total_fen":10600}',
    );
  });
});

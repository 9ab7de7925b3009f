import { type InvoiceType, type TaxpayerType, vatCost } from './procurement/vat';
import type { ExceptionKind, ExceptionStatus, MatchResult, MovementKind, StatementInvoiceType } from './supplier-statement-vocabulary';

/*
 * The figures of a supplier statement, its invoices' checks, the three-way match and the canonical
 * content the supplier's confirmation hashes (docs/rules/statements.md). Pure and zod-free: the
 * server, the pages, the portal and the print all use these, and the tests work them by hand.
 */

/** A movement as the figures need it (amounts in integer fen, negative for reversals and returns). */
export interface FigureMovement {
  kind: MovementKind;
  amountFen: number;
  invoiceType: InvoiceType;
  taxRatePercent: number;
}

export interface StatementGroupFigures {
  invoiceType: InvoiceType;
  taxRatePercent: number;
  /** 含税金额: the sum of the group's movements. */
  amountInclTaxFen: number;
  /** 不含税金额: round-half-up(含税 × 100 / (100 + rate)), once on the group's sum. */
  amountExclTaxFen: number;
  /** 税额: 含税 − 不含税. */
  taxFen: number;
  /** 可抵扣税额 for the company's taxpayer type (the comparison's rule). */
  deductibleFen: number;
  /** 实际成本: 含税 − 可抵扣税额. */
  realFen: number;
}

/**
 * The comparison's `vatCost` for any sign: a group that returns more than it receives is negative,
 * and its figures mirror the positive amount's (half away from zero), so a return of ¥113.00 under
 * 13 % is exactly −¥100.00 without tax.
 */
export function signedVatCost(inclusiveFen: number, invoiceType: InvoiceType, ratePercent: number, taxpayer: TaxpayerType) {
  if (inclusiveFen >= 0) return vatCost(inclusiveFen, invoiceType, ratePercent, taxpayer);
  const mirror = vatCost(-inclusiveFen, invoiceType, ratePercent, taxpayer);
  return { inclusiveFen, exclusiveFen: -mirror.exclusiveFen, deductibleFen: -mirror.deductibleFen, realFen: -mirror.realFen };
}

const INVOICE_TYPE_ORDER: Record<InvoiceType, number> = { special: 0, ordinary: 1, none: 2 };
const groupKey = (invoiceType: string, rate: number) => `${invoiceType}:${rate}`;
const byTypeAndRate = (a: { invoiceType: InvoiceType; taxRatePercent: number }, b: { invoiceType: InvoiceType; taxRatePercent: number }) =>
  INVOICE_TYPE_ORDER[a.invoiceType] - INVOICE_TYPE_ORDER[b.invoiceType] || b.taxRatePercent - a.taxRatePercent;

/** The (发票类型, 税率) groups of a statement's movements, special before ordinary, higher rates first. */
export function statementGroups(movements: readonly FigureMovement[], taxpayer: TaxpayerType): StatementGroupFigures[] {
  const sums = new Map<string, { invoiceType: InvoiceType; taxRatePercent: number; sum: bigint }>();
  for (const m of movements) {
    const key = groupKey(m.invoiceType, m.taxRatePercent);
    const group = sums.get(key) ?? { invoiceType: m.invoiceType, taxRatePercent: m.taxRatePercent, sum: 0n };
    group.sum += BigInt(m.amountFen);
    sums.set(key, group);
  }
  return [...sums.values()]
    .map(({ invoiceType, taxRatePercent, sum }) => {
      const cost = signedVatCost(Number(sum), invoiceType, taxRatePercent, taxpayer);
      return {
        invoiceType,
        taxRatePercent,
        amountInclTaxFen: cost.inclusiveFen,
        amountExclTaxFen: cost.exclusiveFen,
        taxFen: cost.inclusiveFen - cost.exclusiveFen,
        deductibleFen: cost.deductibleFen,
        realFen: cost.realFen,
      };
    })
    .sort(byTypeAndRate);
}

export interface StatementTotals {
  /** Receipts and reversals (a reversal negative). */
  goodsFen: number;
  freightFen: number;
  /** Shipped returns (negative). */
  returnsFen: number;
  totalFen: number;
}

export function statementTotals(movements: readonly FigureMovement[]): StatementTotals {
  let goods = 0n;
  let freight = 0n;
  let returns = 0n;
  for (const m of movements) {
    if (m.kind === 'freight') freight += BigInt(m.amountFen);
    else if (m.kind === 'return') returns += BigInt(m.amountFen);
    else goods += BigInt(m.amountFen);
  }
  return { goodsFen: Number(goods), freightFen: Number(freight), returnsFen: Number(returns), totalFen: Number(goods + freight + returns) };
}

/** 实际成本 of the statement: Σ over groups of 含税 − the group's 可抵扣税额. */
export const statementRealTotal = (groups: readonly StatementGroupFigures[]) => groups.reduce((sum, g) => sum + g.realFen, 0);

// ---- Invoices -------------------------------------------------------------------------------

/** A 数电票 (fully digital invoice) number: 20 digits, no code. */
export const DIGITAL_INVOICE_NUMBER = /^\d{20}$/;
/** A paper invoice: an 8-digit number… */
export const PAPER_INVOICE_NUMBER = /^\d{8}$/;
/** …with a 10- or 12-digit 发票代码. */
export const PAPER_INVOICE_CODE = /^(\d{10}|\d{12})$/;
/** A taxpayer id on an invoice: the 18-character unified social credit code, or an older 15–20 character id. */
export const TAX_ID_PATTERN = /^[0-9A-Z]{15,20}$/;

export interface InvoiceFields {
  invoiceNumber: string;
  invoiceCode?: string | null;
  issueDate: string;
  amountExclTaxFen: number;
  taxFen: number;
  amountInclTaxFen: number;
}

/**
 * Why an invoice is refused with 400, field by field (wire names): a malformed number or code,
 * 不含税 + 税额 ≠ 含税, an issue date after `today` (the Asia/Shanghai day). Empty when it is sound.
 */
export function invoiceProblems(invoice: InvoiceFields, today: string): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const code = invoice.invoiceCode ? invoice.invoiceCode : null;
  if (code === null) {
    if (!DIGITAL_INVOICE_NUMBER.test(invoice.invoiceNumber)) {
      problems.push({
        field: 'invoice_number',
        message: PAPER_INVOICE_NUMBER.test(invoice.invoiceNumber) ? '纸质发票须填写10位或12位发票代码' : '数电票号码须为20位数字',
      });
    }
  } else {
    if (!PAPER_INVOICE_NUMBER.test(invoice.invoiceNumber)) problems.push({ field: 'invoice_number', message: '纸质发票号码须为8位数字' });
    if (!PAPER_INVOICE_CODE.test(code)) problems.push({ field: 'invoice_code', message: '发票代码须为10位或12位数字' });
  }
  if (BigInt(invoice.amountExclTaxFen) + BigInt(invoice.taxFen) !== BigInt(invoice.amountInclTaxFen)) {
    problems.push({ field: 'amount_incl_tax_fen', message: '不含税金额与税额之和须等于含税金额' });
  }
  if (invoice.issueDate > today) problems.push({ field: 'issue_date', message: '开票日期不能晚于今天' });
  return problems;
}

// ---- The check 三单匹配 -----------------------------------------------------------------------

export interface MatchInvoice {
  invoiceNumber: string;
  invoiceType: StatementInvoiceType;
  taxRatePercent: number;
  sellerTaxId: string;
  buyerTaxId: string;
  amountInclTaxFen: number;
  taxFen: number;
}

export interface MatchException {
  /** Stable while the difference stays the same, so a decision taken on it survives a re-run. */
  key: string;
  kind: ExceptionKind;
  invoiceType: InvoiceType;
  taxRatePercent: number;
  expectedFen: number;
  actualFen: number;
  /** What the difference costs the company in real cost (type_mismatch; 0 for the other kinds). */
  realCostImpactFen: number;
  /** One line in Chinese saying what differs. */
  detail: string;
}

export interface GroupCoverage {
  invoiceType: InvoiceType;
  taxRatePercent: number;
  invoicedInclTaxFen: number;
  invoicedTaxFen: number;
}

export interface MatchInput {
  groups: readonly StatementGroupFigures[];
  /** The statement's valid invoices. */
  invoices: readonly MatchInvoice[];
  /** The supplier's unified social credit code. */
  supplierTaxId: string | null;
  /** The company's (公司信息); null while it is not recorded, which skips the buyer check. */
  companyTaxId: string | null;
  /** `invoice_tax_tolerance` in fen. */
  taxToleranceFen: number;
  taxpayer: TaxpayerType;
  /** Decisions already taken, by exception key. */
  decisions: ReadonlyMap<string, Exclude<ExceptionStatus, 'open'>>;
}

export interface MatchOutcome {
  result: MatchResult;
  exceptions: MatchException[];
  coverage: GroupCoverage[];
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/**
 * The check 三单匹配 (docs/rules/statements.md, "The check"): each group covered by the invoices of
 * its type and rate to the fen, its tax within the tolerance, the tax ids right. An invoice of a
 * type or rate no group has counts toward the first group it can cover (groups in statement order)
 * and is a `type_mismatch` whose real-cost impact is the comparison's `vatCost` of its amount under
 * the invoice's type and rate, less that under the group's (what the award was based on).
 *
 * `matched`: every group needing an invoice is covered and no exception is undecided or rejected;
 * `exception`: some exception is open or rejected; `incomplete`: otherwise (a group has no invoice yet).
 */
export function matchStatement(input: MatchInput): MatchOutcome {
  const invoiced = input.groups.filter((g) => g.invoiceType !== 'none');
  const coverage = new Map<string, { incl: bigint; tax: bigint; matchingTax: bigint; mismatched: boolean; count: number }>(
    input.groups.map((g) => [groupKey(g.invoiceType, g.taxRatePercent), { incl: 0n, tax: 0n, matchingTax: 0n, mismatched: false, count: 0 }]),
  );
  const exceptions: MatchException[] = [];

  const ownGroup = new Set(invoiced.map((g) => groupKey(g.invoiceType, g.taxRatePercent)));
  const foreign = new Map<string, { invoiceType: StatementInvoiceType; taxRatePercent: number; incl: bigint; tax: bigint }>();
  for (const inv of input.invoices) {
    const key = groupKey(inv.invoiceType, inv.taxRatePercent);
    if (ownGroup.has(key)) {
      const c = coverage.get(key);
      if (c) {
        c.incl += BigInt(inv.amountInclTaxFen);
        c.tax += BigInt(inv.taxFen);
        c.matchingTax += BigInt(inv.taxFen);
        c.count += 1;
      }
    } else {
      const f = foreign.get(key) ?? { invoiceType: inv.invoiceType, taxRatePercent: inv.taxRatePercent, incl: 0n, tax: 0n };
      f.incl += BigInt(inv.amountInclTaxFen);
      f.tax += BigInt(inv.taxFen);
      foreign.set(key, f);
    }
  }
  // Invoices of a type or rate the statement has no group for go to the first group still short.
  const basisGroups = invoiced.length > 0 ? invoiced : input.groups;
  for (const f of [...foreign.values()].sort(byTypeAndRate)) {
    const basis =
      basisGroups.find((g) => {
        const c = coverage.get(groupKey(g.invoiceType, g.taxRatePercent));
        return c !== undefined && c.incl < BigInt(g.amountInclTaxFen);
      }) ?? basisGroups[0];
    if (!basis) continue;
    const c = coverage.get(groupKey(basis.invoiceType, basis.taxRatePercent));
    if (!c) continue;
    c.incl += f.incl;
    c.tax += f.tax;
    c.mismatched = true;
    c.count += 1;
    const amount = Number(f.incl);
    const asInvoiced = signedVatCost(amount, f.invoiceType, f.taxRatePercent, input.taxpayer).realFen;
    const asAwarded = signedVatCost(amount, basis.invoiceType, basis.taxRatePercent, input.taxpayer).realFen;
    exceptions.push({
      key: `type_mismatch:${f.invoiceType}:${f.taxRatePercent}:${basis.invoiceType}:${basis.taxRatePercent}:${amount}`,
      kind: 'type_mismatch',
      invoiceType: f.invoiceType,
      taxRatePercent: f.taxRatePercent,
      expectedFen: basis.amountInclTaxFen,
      actualFen: amount,
      realCostImpactFen: asInvoiced - asAwarded,
      detail: `发票为${f.invoiceType === 'special' ? '专票' : '普票'} ${f.taxRatePercent}%，定标依据为${basis.invoiceType === 'special' ? '专票' : basis.invoiceType === 'ordinary' ? '普票' : '不开票'} ${basis.taxRatePercent}%，实际成本影响 ${yuan(asInvoiced - asAwarded)}`,
    });
  }

  let uninvoiced = false;
  for (const g of invoiced) {
    const c = coverage.get(groupKey(g.invoiceType, g.taxRatePercent));
    if (!c) continue;
    if (c.count === 0) {
      uninvoiced = true;
      continue;
    }
    const actual = Number(c.incl);
    const base = { invoiceType: g.invoiceType, taxRatePercent: g.taxRatePercent, realCostImpactFen: 0 };
    if (actual !== g.amountInclTaxFen) {
      const kind = actual > g.amountInclTaxFen ? 'amount_over' : 'amount_under';
      exceptions.push({
        ...base,
        key: `${kind}:${g.invoiceType}:${g.taxRatePercent}:${g.amountInclTaxFen}:${actual}`,
        kind,
        expectedFen: g.amountInclTaxFen,
        actualFen: actual,
        detail: `应开票含税 ${yuan(g.amountInclTaxFen)}，已开票 ${yuan(actual)}，差额 ${yuan(actual - g.amountInclTaxFen)}`,
      });
    }
    // A group covered by an invoice of another rate is the type mismatch's case, not a tax difference.
    const tax = Number(c.matchingTax);
    if (!c.mismatched && Math.abs(tax - g.taxFen) > input.taxToleranceFen) {
      exceptions.push({
        ...base,
        key: `tax_diff:${g.invoiceType}:${g.taxRatePercent}:${g.taxFen}:${tax}`,
        kind: 'tax_diff',
        expectedFen: g.taxFen,
        actualFen: tax,
        detail: `应开税额 ${yuan(g.taxFen)}，发票税额 ${yuan(tax)}，差额 ${yuan(tax - g.taxFen)} 超过容差 ${yuan(input.taxToleranceFen)}`,
      });
    }
  }

  for (const inv of input.invoices) {
    const base = {
      invoiceType: inv.invoiceType,
      taxRatePercent: inv.taxRatePercent,
      expectedFen: inv.amountInclTaxFen,
      actualFen: inv.amountInclTaxFen,
      realCostImpactFen: 0,
    };
    if (input.supplierTaxId !== null && inv.sellerTaxId !== input.supplierTaxId) {
      exceptions.push({
        ...base,
        key: `seller_mismatch:${inv.invoiceNumber}:${inv.sellerTaxId}`,
        kind: 'seller_mismatch',
        detail: `发票 ${inv.invoiceNumber} 销方税号 ${inv.sellerTaxId}，供应商统一社会信用代码为 ${input.supplierTaxId}`,
      });
    }
    if (input.companyTaxId !== null && inv.buyerTaxId !== input.companyTaxId) {
      exceptions.push({
        ...base,
        key: `buyer_mismatch:${inv.invoiceNumber}:${inv.buyerTaxId}`,
        kind: 'buyer_mismatch',
        detail: `发票 ${inv.invoiceNumber} 购方税号 ${inv.buyerTaxId}，本公司统一社会信用代码为 ${input.companyTaxId}`,
      });
    }
  }

  const undecided = exceptions.some((e) => input.decisions.get(e.key) !== 'accepted');
  const result: MatchResult = undecided ? 'exception' : uninvoiced ? 'incomplete' : 'matched';
  return {
    result,
    exceptions,
    coverage: input.groups.map((g) => {
      const c = coverage.get(groupKey(g.invoiceType, g.taxRatePercent));
      return {
        invoiceType: g.invoiceType,
        taxRatePercent: g.taxRatePercent,
        invoicedInclTaxFen: Number(c?.incl ?? 0n),
        invoicedTaxFen: Number(c?.tax ?? 0n),
      };
    }),
  };
}

// ---- The canonical content the supplier confirms ------------------------------------------------

type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/**
 * JSON with every object's keys sorted (by UTF-16 code units, as `Array.prototype.sort` does), no
 * whitespace, integers as written: the one text both sides hash (docs/rules/statements.md,
 * "Confirmation receipt").
 */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new Error('canonical content holds integers only');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  const record = value as { readonly [key: string]: Json };
  return `{${Object.keys(record)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
    .join(',')}}`;
}

export interface CanonicalStatement {
  code: string;
  revision: number;
  supplier: { id: number; name: string; creditCode: string | null };
  periodFrom: string;
  periodTo: string;
  movements: readonly {
    id: number;
    kind: MovementKind;
    orderCode: string;
    receiptId: number | null;
    returnId: number | null;
    date: string;
    skuCode: string | null;
    commodityName: string | null;
    quantity: number | null;
    unitPriceFen: number | null;
    amountFen: number;
    invoiceType: InvoiceType;
    taxRatePercent: number;
  }[];
  groups: readonly Pick<StatementGroupFigures, 'invoiceType' | 'taxRatePercent' | 'amountInclTaxFen' | 'amountExclTaxFen' | 'taxFen'>[];
  totals: StatementTotals;
}

/** The version tag inside the canonical content, so a later format can be told apart. */
export const CANONICAL_FORMAT = 'supplier_statement/v1';

/**
 * The statement as the supplier confirms it, as canonical JSON: snake_case keys sorted, amounts in
 * integer fen, movements by id, groups in statement order.
 */
export function statementCanonicalContent(s: CanonicalStatement): string {
  return canonicalJson({
    format: CANONICAL_FORMAT,
    code: s.code,
    revision: s.revision,
    supplier: { id: s.supplier.id, name: s.supplier.name, credit_code: s.supplier.creditCode },
    period_from: s.periodFrom,
    period_to: s.periodTo,
    movements: [...s.movements]
      .sort((a, b) => a.id - b.id)
      .map((m) => ({
        id: m.id,
        kind: m.kind,
        order_code: m.orderCode,
        receipt_id: m.receiptId,
        return_id: m.returnId,
        date: m.date,
        sku_code: m.skuCode,
        commodity_name: m.commodityName,
        quantity: m.quantity,
        unit_price_fen: m.unitPriceFen,
        amount_fen: m.amountFen,
        invoice_type: m.invoiceType,
        tax_rate_percent: m.taxRatePercent,
      })),
    groups: s.groups.map((g) => ({
      invoice_type: g.invoiceType,
      tax_rate_percent: g.taxRatePercent,
      amount_incl_tax_fen: g.amountInclTaxFen,
      amount_excl_tax_fen: g.amountExclTaxFen,
      tax_fen: g.taxFen,
    })),
    goods_fen: s.totals.goodsFen,
    freight_fen: s.totals.freightFen,
    returns_fen: s.totals.returnsFen,
    total_fen: s.totals.totalFen,
  });
}

import { createHash } from 'node:crypto';
import {
  dataBoardApi,
  type Endpoint,
  type InvoiceCreateBody,
  portalAccountApi,
  portalApi,
  portalPurchaseReturnApi,
  portalStatementApi,
  purchaseOrderApi,
  purchaseReceiptApi,
  purchaseReturnApi,
  STATEMENT_STATUSES,
  STATEMENT_TRANSITIONS,
  type StatementAction,
  type StatementListBody,
  type StatementPayBody,
  type StatementStatus,
  supplierApi,
  supplierInvoiceApi,
  supplierStatementApi,
  toSnakeCase,
  workbenchApi,
} from '@scm/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { download, readWorkbook } from '../../../test/excel';
import { type ApiAnswer, createTestApp, shanghaiDay, type TestApp } from '../../../test/helpers';
import { type AwardedFixture, awardedTask } from '../../../test/order-fixtures';
import { PORTAL_PASSWORD, portalSupplier, tokenOf } from '../../../test/portal-fixtures';
import { loginWithCodes, seedDictionaries } from '../../../test/procurement-fixtures';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';
import { databaseFingerprint } from '../../../test/fingerprint';
import { hashPassword } from '../../lib/access/passwords';
import {
  backUsers,
  companyInfo,
  menus,
  messages,
  rolePermissions,
  roles,
  supplierInvoices,
  supplierStatementExceptions,
  supplierStatementMovements,
  supplierStatements,
} from '../../db/schema';

/*
 * Supplier statements, invoices and payment through the fixed contracts (docs/rules/statements.md).
 * Every amount is worked by hand in the comment beside it.
 *
 * The world: supplier 甲 wins two orders — 收纳箱 100 × ¥10.00 under a 13 % special invoice, and
 * 收纳箱 100 × ¥10.00 under a 3 % ordinary invoice without freight. Today the first is received as
 * 60, then 40 (reversed: 冲销 −40), then 40 again; the second as 100, of which 10 went back (退货,
 * shipped). The first task's ¥6.00 freight was quoted over both its lines (¥1,000.00 and 40 × ¥13.00
 * = ¥520.00), so the awarded line carries 600 × 100000 / 152000 = 394.74 → 395 (largest remainder).
 *   special 13 %: 60000 + 40000 − 40000 + 40000 + 395 = 100395; 不含税 100395 × 100 / 113 = 88845.13
 *                 → 88845; 税额 11550; 实际成本 88845 (a general taxpayer deducts 11550)
 *   ordinary 3 %: 100000 − 10000 = 90000; 不含税 90000 × 100 / 103 = 87378.64 → 87379; 税额 2621;
 *                 实际成本 90000
 *   goods 60000 + 40000 − 40000 + 40000 + 100000 = 200000, freight 395, returns −10000,
 *   total 190395, real total 88845 + 90000 = 178845 */

let t: TestApp;
let admin: string;
let approver: string;
let supplier: { id: number; creditCode: string; portal: string };
let otherPortal: string;
let orders: { special: { id: number; code: string }; ordinary: { id: number; code: string } };
let firstReceipt: number;

async function ok<E extends Endpoint>(endpoint: E, body: z.input<E['body']>, as = admin): Promise<z.output<E['response']>> {
  const answer = await t.api(endpoint, body, as);
  expect(answer.code, `${endpoint.path}: ${answer.message} ${JSON.stringify(answer.data)}`).toBe(200);
  return answer.data;
}
/** The element the test expects to be there: a missing one fails here, by name. */
function found<T>(item: T | undefined, what: string): T {
  expect(item, what).toBeDefined();
  return item as T;
}
/** The award's order of `supplierId`: each winning supplier has one. */
function orderOf(award: AwardedFixture, supplierId: number) {
  return found(
    award.orders.find((o) => o.supplierId === supplierId),
    `the order of supplier ${supplierId}`,
  );
}
const info = (id: number, as = admin) => ok(supplierStatementApi.info, { id }, as);
const today = () => shanghaiDay(t);
/** The workbench's statement to-dos and the board's 待付款 as `as` sees them. */
async function figures(as = admin) {
  const { todos } = await ok(workbenchApi.overview, {}, as);
  // A range far from today: the figure is of now, whatever the range.
  const board = await ok(dataBoardApi.summary, { dateFrom: '2021-01-01', dateTo: '2021-01-31' }, as);
  return {
    toInvoice: todos.statementsToInvoice,
    toApprove: todos.statementsToApprove,
    toPay: todos.statementsToPay,
    openPayableFen: board.openPayableFen,
  };
}

/** Confirms and receives an order in full, today. */
async function receiveAll(orderId: number) {
  await ok(purchaseOrderApi.confirm, { id: orderId, version: 0 });
  const order = await ok(purchaseOrderApi.info, { id: orderId });
  await ok(purchaseOrderApi.receive, {
    id: orderId,
    version: order.version,
    receivedOn: today(),
    lines: order.lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity })),
  });
}

/** One receipt of `quantity` on the order's only line, today; answers the receipt's id. */
async function receive(orderId: number, quantity: number): Promise<number> {
  const order = await ok(purchaseOrderApi.info, { id: orderId });
  await ok(purchaseOrderApi.receive, {
    id: orderId,
    version: order.version,
    receivedOn: today(),
    lines: [{ orderLineId: order.lines[0].id, quantity }],
  });
  const after = await ok(purchaseOrderApi.info, { id: orderId });
  return after.receipts.at(-1)?.id as number;
}

/**
 * A return of `quantity` on the order's only line without 补发, confirmed by the supplier and shipped
 * back today through the returns' own calls, so the net ledger moves as it does for a user.
 */
async function shippedReturn(orderId: number, quantity: number) {
  const order = await ok(purchaseOrderApi.info, { id: orderId });
  const { id } = await ok(purchaseReturnApi.create, {
    orderId,
    reasonType: 'quality',
    replacement: false,
    lines: [{ orderLineId: order.lines[0].id, quantity }],
  });
  await ok(portalPurchaseReturnApi.confirm, { id, version: 0 }, supplier.portal);
  await ok(purchaseReturnApi.ship, { id, version: 1, shippedOn: today() });
}

/** A portal account for an existing supplier, signed in. */
async function portalTokenFor(supplierId: number, email: string) {
  const { activationUrl } = await ok(portalAccountApi.create, { supplierId, email, name: '财务李' });
  await ok(portalApi.activate, { token: tokenOf(activationUrl), password: PORTAL_PASSWORD });
  const login = await t.api(portalApi.login, { email, password: PORTAL_PASSWORD });
  return login.data.token as string;
}

let invoiceSerial = 0;
/** A 20-digit 数电票 number never used before. */
const nextNumber = () => `2644200000${String(++invoiceSerial).padStart(10, '0')}`;
/** An invoice's type, rate and amounts: what `invoiceBody` needs besides the statement. */
type InvoiceTerms = Pick<InvoiceCreateBody, 'invoiceType' | 'taxRatePercent' | 'amountExclTaxFen' | 'taxFen' | 'amountInclTaxFen'>;
const invoiceBody = (statementId: number, fields: InvoiceTerms & Partial<InvoiceCreateBody>): InvoiceCreateBody => ({
  statementId,
  invoiceNumber: nextNumber(),
  issueDate: today(),
  sellerTaxId: supplier.creditCode,
  buyerTaxId: '91440300MA5F6G7H8J',
  ...fields,
});
const SPECIAL_INVOICE: InvoiceTerms = {
  invoiceType: 'special',
  taxRatePercent: 13,
  amountExclTaxFen: 88_845,
  taxFen: 11_550,
  amountInclTaxFen: 100_395,
};
const ORDINARY_INVOICE: InvoiceTerms = {
  invoiceType: 'ordinary',
  taxRatePercent: 3,
  amountExclTaxFen: 87_379,
  taxFen: 2_621,
  amountInclTaxFen: 90_000,
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await seedDictionaries(t);
  // 公司信息 names the buyer the invoices must carry.
  await t.database.db.update(companyInfo).set({ name: '悦居家居供应链有限公司', creditCode: '91440300MA5F6G7H8J' }).where(eq(companyInfo.id, 1));
  approver = await loginWithCodes(
    t,
    ['basic', 'dataBoard', 'supplierStatementList', 'supplierStatementDetail', 'supplierStatement:approve', 'supplierStatement:invoice'],
    'approver@test.com',
  );
  const first = await awardedTask(t, admin);
  const second = await awardedTask(t, admin, {
    supplierIds: first.supplierIds,
    quoteTerms: [
      { invoiceType: 'ordinary', taxRatePercent: 3, freightFen: 0 },
      { invoiceType: 'ordinary', taxRatePercent: 3, freightFen: 0 },
    ],
  });
  const supplierId = first.supplierIds[0];
  orders = { special: orderOf(first, supplierId), ordinary: orderOf(second, supplierId) };
  await ok(purchaseOrderApi.confirm, { id: orders.special.id, version: 0 });
  firstReceipt = await receive(orders.special.id, 60);
  const wrong = await receive(orders.special.id, 40);
  const reversed = found(
    (await ok(purchaseOrderApi.info, { id: orders.special.id })).receipts.find((r) => r.id === wrong),
    'the wrong receipt',
  );
  await ok(purchaseReceiptApi.reverse, { id: wrong, version: reversed.version, reason: '数量录错' });
  await receive(orders.special.id, 40);
  await receiveAll(orders.ordinary.id);
  const creditCode = (await ok(supplierApi.info, { id: supplierId })).creditCode;
  supplier = { id: supplierId, creditCode, portal: await portalTokenFor(supplierId, 'finance@jia.test') };
  await shippedReturn(orders.ordinary.id, 10);
  otherPortal = (await portalSupplier(t, admin, '宁波对账隔离测试厂', 'other@stmt.test')).token;
});
afterAll(() => t.close());

describe('a month end from statement to payment', () => {
  let id: number;
  let code: string;

  it('builds the statement from the ledger, grouped by invoice type and rate', async () => {
    const created = await ok(supplierStatementApi.create, {
      supplierId: supplier.id,
      periodFrom: today(),
      periodTo: today(),
      remark: '月结',
    });
    ({ id, code } = created);
    expect(code).toMatch(new RegExp(`^DZ${today().replaceAll('-', '')}\\d{4}$`));
    const s = await info(id);
    expect(s).toMatchObject({
      code,
      supplierId: supplier.id,
      periodFrom: today(),
      periodTo: today(),
      status: 'draft',
      revision: 1,
      goodsFen: 200_000,
      freightFen: 395,
      returnsFen: -10_000,
      totalFen: 190_395,
      realTotalFen: 178_845,
      createdByName: '系统管理员',
      confirmedAt: null,
      receiptSha256: null,
      disputeReason: null,
      paidOn: null,
      paidAmountFen: null,
      paymentRef: null,
      invoices: [],
      exceptions: [],
    });
    expect(s.groups).toEqual([
      expect.objectContaining({
        invoiceType: 'special',
        taxRatePercent: 13,
        amountInclTaxFen: 100_395,
        amountExclTaxFen: 88_845,
        taxFen: 11_550,
        invoicedInclTaxFen: 0,
        invoicedTaxFen: 0,
      }),
      expect.objectContaining({
        invoiceType: 'ordinary',
        taxRatePercent: 3,
        amountInclTaxFen: 90_000,
        amountExclTaxFen: 87_379,
        taxFen: 2_621,
      }),
    ]);
    const kinds = s.movements.map((m) => [m.kind, m.orderCode, m.amountFen]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['receipt', orders.special.code, 60_000],
        ['receipt', orders.special.code, 40_000],
        ['reversal', orders.special.code, -40_000],
        ['receipt', orders.special.code, 40_000],
        ['freight', orders.special.code, 395],
        ['receipt', orders.ordinary.code, 100_000],
        ['return', orders.ordinary.code, -10_000],
      ]),
    );
    expect(kinds).toHaveLength(7);
    const returned = s.movements.find((m) => m.kind === 'return');
    expect(returned).toMatchObject({ quantity: -10, unitPriceFen: 1000, amountFen: -10_000, receiptId: null, returnId: expect.any(Number) });
    // The freight sits with the order's first receipt, dated as it.
    expect(s.movements.find((m) => m.kind === 'freight')).toMatchObject({ receiptId: firstReceipt, date: today() });
    const receipt = found(
      s.movements.find((m) => m.kind === 'receipt' && m.orderId === orders.special.id),
      'a receipt of the special order',
    );
    expect(receipt).toMatchObject({
      quantity: 60,
      unitPriceFen: 1000,
      skuCode: expect.any(String),
      commodityName: '北欧风收纳箱',
      date: today(),
    });
    expect(receipt.receiptId).toEqual(expect.any(Number));
    expect(receipt.returnId).toBeNull();
    // The list answers exactly the fixed fields, as the wire names them: a raw call.
    const page = await t.call(supplierStatementApi.list, toSnakeCase({ supplierId: supplier.id } satisfies StatementListBody), admin);
    expect(page.code, page.message).toBe(200);
    const [item] = page.data.list;
    expect(Object.keys(item).sort()).toEqual(
      [
        'id',
        'code',
        'supplier_id',
        'supplier_name',
        'period_from',
        'period_to',
        'status',
        'revision',
        'total_fen',
        'goods_fen',
        'freight_fen',
        'returns_fen',
        'created_by_name',
        'created_at',
        'version',
      ].sort(),
    );
  });

  it('holds each movement once: the same period again has nothing left', async () => {
    const again = await t.api(supplierStatementApi.create, { supplierId: supplier.id, periodFrom: today(), periodTo: today() }, admin);
    expect([again.code, again.message]).toEqual([409, '该期间没有可对账的收货或退货']);
    const empty = await t.api(supplierStatementApi.create, { supplierId: supplier.id, periodFrom: '2020-01-01', periodTo: '2020-01-31' }, admin);
    expect(empty.code).toBe(409);
  });

  it('refuses to reverse a receipt a live statement holds', async () => {
    const order = await ok(purchaseOrderApi.info, { id: orders.special.id });
    const receipt = found(
      order.receipts.find((r) => r.id === firstReceipt),
      'the first receipt',
    );
    const refused = await t.api(purchaseReceiptApi.reverse, { id: firstReceipt, version: receipt.version, reason: '对账后发现' }, admin);
    expect([refused.code, refused.message]).toEqual([409, '收货已对账，不能冲销']);
  });

  it('shows nothing to the supplier before it is sent, and never another supplier’s', async () => {
    expect((await t.api(portalStatementApi.info, { id }, supplier.portal)).code).toBe(404);
    expect((await t.api(portalStatementApi.list, {}, supplier.portal)).data.total).toBe(0);
    const s = await info(id);
    await ok(supplierStatementApi.send, { id, version: s.version });
    const listed = await ok(portalStatementApi.list, {}, supplier.portal);
    expect(listed.list.map((x) => x.id)).toEqual([id]);
    expect((await t.api(portalStatementApi.info, { id }, otherPortal)).code).toBe(404);
    expect((await t.api(portalStatementApi.list, {}, otherPortal)).data.total).toBe(0);
    const [sent] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.kind, 'statement_sent')));
    expect(sent.title).toBe(`待确认对账单：${code}`);
  });

  it('takes a dispute with notes, and the buyer revises it', async () => {
    const s = await ok(portalStatementApi.info, { id }, supplier.portal);
    expect(s.allowedActions).toEqual(['confirm', 'dispute']);
    expect(s.history).toEqual([]);
    const freight = found(
      s.movements.find((m) => m.kind === 'freight'),
      'the freight movement',
    );
    const foreign = await t.api(
      portalStatementApi.dispute,
      { id, version: s.version, reason: '运费有误', notes: [{ movementId: 999_999, note: '不是我们的' }] },
      supplier.portal,
    );
    expect(foreign.code).toBe(400);
    await ok(
      portalStatementApi.dispute,
      { id, version: s.version, reason: '运费有误', notes: [{ movementId: freight.id, note: '运费应为¥5.00' }] },
      supplier.portal,
    );
    const disputed = await info(id);
    expect(disputed).toMatchObject({ status: 'disputed', disputeReason: '运费有误' });
    expect(disputed.movements.find((m) => m.id === freight.id)?.disputeNote).toBe('运费应为¥5.00');
    // Sending again needs a revised draft.
    expect((await t.api(supplierStatementApi.send, { id, version: disputed.version }, admin)).code).toBe(409);
    await ok(supplierStatementApi.revise, { id, version: disputed.version });
    const revised = await info(id);
    expect(revised).toMatchObject({ status: 'draft', revision: 2, disputeReason: null, totalFen: 190_395 });
    expect(revised.movements).toHaveLength(7);
    await ok(supplierStatementApi.send, { id, version: revised.version });
  });

  it('answers the confirmation with a receipt anyone can recompute', async () => {
    const s = await ok(portalStatementApi.info, { id }, supplier.portal);
    const stale = await t.api(portalStatementApi.confirm, { id, version: s.version - 1 }, supplier.portal);
    expect(stale.code).toBe(409);
    const receipt = await ok(portalStatementApi.confirm, { id, version: s.version }, supplier.portal);
    expect(receipt.confirmedAt).toBe(t.clock.now.toISOString());
    expect(receipt.receiptSha256).toBe(createHash('sha256').update(receipt.canonicalContent, 'utf8').digest('hex'));
    // The canonical content is the server's text, hashed as sent: its keys are the wire's snake_case.
    const content = JSON.parse(receipt.canonicalContent);
    expect(content).toMatchObject({
      format: 'supplier_statement/v1',
      code,
      revision: 2,
      total_fen: 190_395,
      goods_fen: 200_000,
      freight_fen: 395,
      returns_fen: -10_000,
      period_from: today(),
      period_to: today(),
    });
    expect(content.supplier).toEqual({ id: supplier.id, name: expect.any(String), credit_code: supplier.creditCode });
    expect(content.movements).toHaveLength(7);
    expect(content.groups).toEqual([
      { invoice_type: 'special', tax_rate_percent: 13, amount_incl_tax_fen: 100_395, amount_excl_tax_fen: 88_845, tax_fen: 11_550 },
      { invoice_type: 'ordinary', tax_rate_percent: 3, amount_incl_tax_fen: 90_000, amount_excl_tax_fen: 87_379, tax_fen: 2_621 },
    ]);
    // Keys sorted at every level, no whitespace.
    expect(receipt.canonicalContent).toMatch(
      /^\{"code":"DZ\d{12}","format":"supplier_statement\/v1","freight_fen":395,"goods_fen":200000,"groups":\[/,
    );
    for (const as of [
      { endpoint: portalStatementApi.info, token: supplier.portal },
      { endpoint: supplierStatementApi.info, token: admin },
    ]) {
      const after = await ok(as.endpoint, { id }, as.token);
      expect([after.status, after.confirmedAt, after.receiptSha256, after.canonicalContent]).toEqual([
        'confirmed',
        receipt.confirmedAt,
        receipt.receiptSha256,
        receipt.canonicalContent,
      ]);
    }
    const told = await t.database.db.select().from(messages).where(eq(messages.kind, 'statement_confirmed'));
    expect(told.map((m) => m.recipientUserId)).toEqual([1]);
    expect(await figures()).toEqual({ toInvoice: 1, toApprove: 0, toPay: 0, openPayableFen: 190_395 });
  });

  it('refuses malformed, inconsistent, future and duplicate invoices', async () => {
    // Deliberately invalid bodies whose refusals name wire fields: raw calls.
    const refused = async (fields: Partial<InvoiceCreateBody>) => {
      const answer = await t.call(supplierInvoiceApi.create, toSnakeCase(invoiceBody(id, { ...SPECIAL_INVOICE, ...fields })), admin);
      return [answer.code, answer.data?.field_errors?.[0]?.field ?? answer.message];
    };
    expect(await refused({ invoiceNumber: '2644200000000000001' })).toEqual([400, 'invoice_number']);
    expect(await refused({ invoiceNumber: '12345678' })).toEqual([400, 'invoice_number']);
    expect(await refused({ invoiceNumber: '12345678', invoiceCode: '12345678901' })).toEqual([400, 'invoice_code']);
    // 88845 + 11550 = 100395, so 100396 is off by a fen.
    expect(await refused({ amountInclTaxFen: 100_396 })).toEqual([400, 'amount_incl_tax_fen']);
    expect(await refused({ issueDate: shanghaiDay(t, 1) })).toEqual([400, 'issue_date']);
    const first = invoiceBody(id, SPECIAL_INVOICE);
    await ok(supplierInvoiceApi.create, first);
    const twice = await t.api(supplierInvoiceApi.create, first, admin);
    expect([twice.code, twice.message]).toEqual([409, `发票号码 ${first.invoiceNumber} 已登记在对账单 ${code}`]);
    // A paper invoice: 8-digit number with its 10-digit code; the same number under another code is another invoice.
    const paper = await t.api(
      supplierInvoiceApi.create,
      invoiceBody(id, {
        ...SPECIAL_INVOICE,
        invoiceNumber: '01234567',
        invoiceCode: '4400231130',
        amountExclTaxFen: 0,
        taxFen: 0,
        amountInclTaxFen: 0,
      }),
      admin,
    );
    expect(paper.code).toBe(200);
    const s = await info(id);
    const paperInvoice = found(
      s.invoices.find((i) => i.invoiceNumber === '01234567'),
      'the paper invoice',
    );
    expect(paperInvoice).toMatchObject({ invoiceCode: '4400231130', status: 'valid', submittedBy: 'staff' });
    await ok(supplierInvoiceApi.void, { id: paperInvoice.id, version: paperInvoice.version, reason: '录入测试' });
    // Registered but void: the number stays taken.
    const reused = await t.api(
      supplierInvoiceApi.create,
      invoiceBody(id, { ...SPECIAL_INVOICE, invoiceNumber: '01234567', invoiceCode: '4400231130' }),
      admin,
    );
    expect(reused.code).toBe(409);
  });

  it('checks the invoices to the fen; the creator may not decide an exception', async () => {
    // Only the special group is invoiced so far.
    expect(await ok(supplierStatementApi.match, { id })).toEqual({ result: 'incomplete', exceptions: [] });
    const half = await info(id);
    expect(half.status).toBe('confirmed');
    expect(half.groups[0]).toMatchObject({ invoicedInclTaxFen: 100_395, invoicedTaxFen: 11_550 });
    // The supplier uploads the ordinary invoice a yuan short: 89900 = 87282 + 2618 (tax 3 fen off, within ¥1.00).
    await ok(
      portalStatementApi.submitInvoice,
      invoiceBody(id, { ...ORDINARY_INVOICE, amountExclTaxFen: 87_282, taxFen: 2_618, amountInclTaxFen: 89_900 }),
      supplier.portal,
    );
    const s = await info(id);
    expect(s.status).toBe('confirmed');
    expect(s.exceptions).toEqual([
      expect.objectContaining({
        kind: 'amount_under',
        invoiceType: 'ordinary',
        taxRatePercent: 3,
        expectedFen: 90_000,
        actualFen: 89_900,
        realCostImpactFen: 0,
        status: 'open',
        reason: null,
      }),
    ]);
    const [exception] = s.exceptions;
    const told = await t.database.db.select().from(messages).where(eq(messages.kind, 'statement_exception'));
    expect(told.map((m) => m.recipientUserId)).not.toContain(1);
    expect(told).toHaveLength(1);
    const own = await t.api(
      supplierStatementApi.resolveException,
      { id, version: s.version, key: exception.key, decision: 'accept', reason: '差额由供应商承担' },
      admin,
    );
    expect([own.code, own.message]).toEqual([403, '不能审批自己创建的对账单']);
    const ownApproval = await t.api(supplierStatementApi.approve, { id, version: s.version }, admin);
    expect(ownApproval.code).toBe(403);
    await ok(
      supplierStatementApi.resolveException,
      { id, version: s.version, key: exception.key, decision: 'reject', reason: '请重开发票' },
      approver,
    );
    const rejected = await info(id);
    expect(rejected).toMatchObject({ status: 'confirmed' });
    expect(rejected.exceptions[0]).toMatchObject({ status: 'rejected', reason: '请重开发票' });
    // Voided and issued again right: the check matches and the statement is 已开票.
    const short = found(
      rejected.invoices.find((i) => i.amountInclTaxFen === 89_900),
      'the short invoice',
    );
    await ok(supplierInvoiceApi.void, { id: short.id, version: short.version, reason: '金额不足，红冲' });
    expect((await info(id)).exceptions).toEqual([]);
    await ok(portalStatementApi.submitInvoice, invoiceBody(id, ORDINARY_INVOICE), supplier.portal);
    const invoiced = await info(id);
    expect(invoiced).toMatchObject({ status: 'invoiced', matchResult: 'matched', exceptions: [] });
    expect(invoiced.groups.map((g) => [g.invoicedInclTaxFen, g.invoicedTaxFen])).toEqual([
      [100_395, 11_550],
      [90_000, 2_621],
    ]);
    // 待审批 is the approver's: the creator may not approve it.
    expect(await figures()).toEqual({ toInvoice: 0, toApprove: 0, toPay: 0, openPayableFen: 190_395 });
    expect((await figures(approver)).toApprove).toBe(1);
    const submitted = await t.database.db.select().from(messages).where(eq(messages.kind, 'invoice_submitted'));
    expect(submitted.map((m) => m.recipientUserId)).toEqual([1, 1]);
    // No more invoices once 已开票.
    expect((await t.api(portalStatementApi.submitInvoice, invoiceBody(id, ORDINARY_INVOICE), supplier.portal)).code).toBe(409);
  });

  it('is approved by someone else and paid; the supplier sees 已付款', async () => {
    const s = await info(id);
    expect((await t.api(supplierStatementApi.approve, { id, version: s.version }, admin)).message).toBe('不能审批自己创建的对账单');
    await ok(supplierStatementApi.approve, { id, version: s.version }, approver);
    const approved = await info(id);
    expect(approved.status).toBe('approved');
    expect(await figures()).toEqual({ toInvoice: 0, toApprove: 0, toPay: 1, openPayableFen: 190_395 });
    // A payment off the total without its reason: the refusal names the wire field, so a raw call.
    const off = await t.call(
      supplierStatementApi.pay,
      toSnakeCase({ id, version: approved.version, paidOn: today(), amountFen: 200_000, paymentRef: 'ZH20260331001' } satisfies StatementPayBody),
      admin,
    );
    expect([off.code, off.data.field_errors[0].field]).toEqual([400, 'reason']);
    const future = await t.api(
      supplierStatementApi.pay,
      { id, version: approved.version, paidOn: shanghaiDay(t, 1), amountFen: 190_395, paymentRef: 'X1' },
      admin,
    );
    expect(future.code).toBe(400);
    await ok(supplierStatementApi.pay, { id, version: approved.version, paidOn: today(), amountFen: 190_395, paymentRef: 'ZH20260331001' });
    const paid = await ok(portalStatementApi.info, { id }, supplier.portal);
    expect(paid).toMatchObject({ status: 'paid', paidOn: today(), paidAmountFen: 190_395, paymentRef: 'ZH20260331001' });
    expect(await figures()).toEqual({ toInvoice: 0, toApprove: 0, toPay: 0, openPayableFen: 0 });
    const [told] = await t.database.db.select().from(messages).where(eq(messages.kind, 'statement_paid'));
    expect(told.body).toContain('¥1,903.95');
    const history = (await info(id)).history.map((h) => h.action);
    expect(history).toEqual(
      expect.arrayContaining(['create', 'send', 'dispute', 'revise', 'confirm', 'invoice', 'void_invoice', 'resolve_exception', 'approve', 'pay']),
    );
  });

  it('filters the list and exports the same rows', async () => {
    const codes = async (filter: StatementListBody) => (await ok(supplierStatementApi.list, filter)).list.map((s) => s.code);
    expect(await codes({ keyword: code })).toEqual([code]);
    expect(await codes({ status: 'paid', supplierId: supplier.id })).toEqual([code]);
    expect(await codes({ status: 'draft', supplierId: supplier.id })).toEqual([]);
    expect(await codes({ periodFrom: today(), periodTo: today(), supplierId: supplier.id })).toEqual([code]);
    expect(await codes({ periodFrom: shanghaiDay(t, 1), supplierId: supplier.id })).toEqual([]);
    const file = await download(t, '/admin/supplier_statement/export', { supplier_id: supplier.id }, admin);
    const [rows] = [...(await readWorkbook(file.rawPayload)).values()];
    expect(rows[0][0]).toBe('对账单号');
    expect(rows.slice(1).map((r) => r[0])).toEqual([code]);
  });
});

describe("the buyer's tax id on an invoice", () => {
  it('is checked against 公司信息: another buyer is a buyer_mismatch, to be put right like any exception', async () => {
    // 保鲜盒 40 × ¥9.00 under a 3 % ordinary invoice, no freight: 含税 36000; 不含税 36000 × 100 / 103
    // = 34951.46 → 34951; 税额 36000 − 34951 = 1049.
    const award = await awardedTask(t, admin);
    const supplierId = award.supplierIds[1];
    await receiveAll(orderOf(award, supplierId).id);
    const creditCode = (await ok(supplierApi.info, { id: supplierId })).creditCode;
    const portal = await portalTokenFor(supplierId, 'buyer-id@stmt.test');
    const { id } = await ok(supplierStatementApi.create, { supplierId, periodFrom: today(), periodTo: today() });
    await ok(supplierStatementApi.send, { id, version: (await info(id)).version });
    await ok(portalStatementApi.confirm, { id, version: (await info(id)).version }, portal);
    const s = await info(id);
    expect(s.groups).toEqual([
      expect.objectContaining({
        invoiceType: 'ordinary',
        taxRatePercent: 3,
        amountInclTaxFen: 36_000,
        amountExclTaxFen: 34_951,
        taxFen: 1_049,
      }),
    ]);
    // The invoice covers the group to the fen, from the right seller, but names another buyer.
    const invoice = invoiceBody(id, {
      sellerTaxId: creditCode,
      buyerTaxId: '91110105MA01ABCD2X',
      invoiceType: 'ordinary',
      taxRatePercent: 3,
      amountExclTaxFen: 34_951,
      taxFen: 1_049,
      amountInclTaxFen: 36_000,
    });
    await ok(portalStatementApi.submitInvoice, invoice, portal);
    const checked = await info(id);
    expect(checked).toMatchObject({ status: 'confirmed', matchResult: 'exception' });
    expect(checked.exceptions).toEqual([
      expect.objectContaining({
        kind: 'buyer_mismatch',
        invoiceType: 'ordinary',
        taxRatePercent: 3,
        expectedFen: 36_000,
        actualFen: 36_000,
        realCostImpactFen: 0,
        status: 'open',
        detail: `发票 ${invoice.invoiceNumber} 购方税号 91110105MA01ABCD2X，本公司统一社会信用代码为 91440300MA5F6G7H8J`,
      }),
    ]);
    expect(checked.groups[0]).toMatchObject({ invoicedInclTaxFen: 36_000, invoicedTaxFen: 1_049 });
    // While 公司信息 has no credit code the buyer is not checked; recorded again, it is.
    const db = t.database.db;
    await db.update(companyInfo).set({ creditCode: '' }).where(eq(companyInfo.id, 1));
    try {
      expect(await ok(supplierStatementApi.match, { id })).toEqual({ result: 'matched', exceptions: [] });
    } finally {
      await db.update(companyInfo).set({ creditCode: '91440300MA5F6G7H8J' }).where(eq(companyInfo.id, 1));
    }
    const again = await ok(supplierStatementApi.match, { id });
    expect(again.result).toBe('exception');
    expect(again.exceptions.map((e) => e.kind)).toEqual(['buyer_mismatch']);
    // Red-flushed and issued again to the company: matched, 已开票.
    const wrong = (await info(id)).invoices[0];
    await ok(supplierInvoiceApi.void, { id: wrong.id, version: wrong.version, reason: '购方税号错误，红冲' });
    await ok(portalStatementApi.submitInvoice, { ...invoice, invoiceNumber: nextNumber(), buyerTaxId: '91440300MA5F6G7H8J' }, portal);
    expect(await info(id)).toMatchObject({ status: 'invoiced', matchResult: 'matched', exceptions: [] });
  });
});

describe('data scope 仅本人', () => {
  it('shows a user of scope 仅本人 only the statements they created, and answers 404 on the others', async () => {
    const db = t.database.db;
    const codes = (await db.select({ key: menus.key }).from(menus)).map((m) => m.key);
    const [role] = await db.insert(roles).values({ name: '仅本人对账', code: 'own_statements', dataScope: 'own' }).returning({ id: roles.id });
    await db.insert(rolePermissions).values(codes.map((code) => ({ roleId: role.id, code })));
    await db
      .insert(backUsers)
      .values({ email: 'own@stmt.test', username: '钱本人', passwordHash: await hashPassword('Scoped12345'), roleId: role.id });
    const scoped = await t.login('own@stmt.test', 'Scoped12345');

    const award = await awardedTask(t, admin);
    for (const supplierId of award.supplierIds) await receiveAll(orderOf(award, supplierId).id);
    const period = { periodFrom: today(), periodTo: today() };
    const theirs = await ok(supplierStatementApi.create, { supplierId: award.supplierIds[0], ...period });
    const mine = await ok(supplierStatementApi.create, { supplierId: award.supplierIds[1], ...period }, scoped);

    const listed = async (token: string) => {
      const page = await ok(supplierStatementApi.list, { page: 1, pageSize: 200 }, token);
      return { codes: page.list.map((s) => s.code), total: page.total };
    };
    const own = await listed(scoped);
    expect(own).toEqual({ codes: [mine.code], total: 1 });
    expect((await listed(admin)).codes).toEqual(expect.arrayContaining([mine.code, theirs.code]));
    const file = await download(t, '/admin/supplier_statement/export', {}, scoped);
    const [rows] = [...(await readWorkbook(file.rawPayload)).values()];
    expect(rows.slice(1).map((r) => r[0])).toEqual([mine.code]);

    // Someone else's statement is missing to them: the detail, and a change, which changes nothing.
    expect((await info(mine.id, scoped)).code).toBe(mine.code);
    const detail = await t.api(supplierStatementApi.info, { id: theirs.id }, scoped);
    expect([detail.code, detail.message]).toEqual([404, '对账单不存在']);
    const before = await databaseFingerprint(db);
    const version = (await info(theirs.id)).version;
    const sent = await t.api(supplierStatementApi.send, { id: theirs.id, version }, scoped);
    expect([sent.code, sent.message]).toEqual([404, '对账单不存在']);
    expect(await databaseFingerprint(db)).toEqual(before);
    await ok(supplierStatementApi.send, { id: mine.id, version: (await info(mine.id)).version }, scoped);
  });
});

describe('exclusivity', () => {
  it('lets one of two statements created at once take the movements; the database refuses a second live hold', async () => {
    const award = await awardedTask(t, admin);
    const supplierId = award.supplierIds[0];
    await receiveAll(orderOf(award, supplierId).id);
    const body = { supplierId, periodFrom: today(), periodTo: today() };
    const answers = await Promise.all([0, 1, 2].map(() => t.api(supplierStatementApi.create, body, admin)));
    expect(answers.map((a) => a.code).sort()).toEqual([200, 409, 409]);
    const winner = answers.find((a) => a.code === 200)?.data.id as number;
    const [held] = await t.database.db.select().from(supplierStatementMovements).where(eq(supplierStatementMovements.statementId, winner));
    // Straight into the table: a second live hold of the same receipt line breaks the partial unique index.
    const [other] = await t.database.db
      .insert(supplierStatements)
      .values({ code: `DZT${winner}`, supplierId, periodFrom: today(), periodTo: today(), createdBy: 1 })
      .returning({ id: supplierStatements.id });
    const { id: _id, statementId: _s, ...copy } = held;
    await expect(t.database.db.insert(supplierStatementMovements).values({ ...copy, statementId: other.id })).rejects.toThrow();
    // A cancelled statement lets go: its movements are free for the next.
    const s = await info(winner);
    await ok(supplierStatementApi.cancel, { id: winner, version: s.version, reason: '重开' });
    await t.database.db.insert(supplierStatementMovements).values({ ...copy, statementId: other.id });
    await t.database.db.delete(supplierStatementMovements).where(eq(supplierStatementMovements.statementId, other.id));
    const again = await ok(supplierStatementApi.create, body);
    expect((await info(again.id)).totalFen).toBe(s.totalFen);
  });

  it('registers an invoice number once, also when two register it at once', async () => {
    const award = await awardedTask(t, admin);
    const supplierId = award.supplierIds[1];
    await receiveAll(orderOf(award, supplierId).id);
    const portal = await portalTokenFor(supplierId, 'race@stmt.test');
    const { id, code } = await ok(supplierStatementApi.create, { supplierId, periodFrom: today(), periodTo: today() });
    await ok(supplierStatementApi.send, { id, version: (await info(id)).version });
    await ok(portalStatementApi.confirm, { id, version: (await info(id)).version }, portal);
    // Any sound invoice: 20000 + 600 = 20600.
    const body = invoiceBody(id, {
      invoiceType: 'ordinary',
      taxRatePercent: 3,
      amountExclTaxFen: 20_000,
      taxFen: 600,
      amountInclTaxFen: 20_600,
    });
    const answers = await Promise.all([t.api(supplierInvoiceApi.create, body, admin), t.api(portalStatementApi.submitInvoice, body, portal)]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.code === 409)?.message).toBe(`发票号码 ${body.invoiceNumber} 已登记在对账单 ${code}`);
    const rows = await t.database.db.select().from(supplierInvoices).where(eq(supplierInvoices.invoiceNumber, body.invoiceNumber));
    expect(rows).toHaveLength(1);
  });
});

describe('the status machine', () => {
  const world = { id: 0, portal: '', creditCode: '' };
  beforeAll(async () => {
    const award = await awardedTask(t, admin);
    const supplierId = award.supplierIds[0];
    await receiveAll(orderOf(award, supplierId).id);
    world.portal = await portalTokenFor(supplierId, 'sweep@stmt.test');
    world.creditCode = (await ok(supplierApi.info, { id: supplierId })).creditCode;
    world.id = (await ok(supplierStatementApi.create, { supplierId, periodFrom: today(), periodTo: today() })).id;
  });
  let serial = 0;
  type Probe = { action: StatementAction; row: typeof supplierStatements.$inferSelect; invoice: typeof supplierInvoices.$inferSelect };

  /**
   * The one statement put in `status` (its movements held again, sent so the portal reaches it),
   * with a fresh valid invoice and an open exception to act on; approval gets a clean check.
   */
  async function build(status: StatementStatus, action: StatementAction): Promise<Probe> {
    const db = t.database.db;
    const id = world.id;
    serial += 1;
    await db.update(supplierStatementMovements).set({ live: true }).where(eq(supplierStatementMovements.statementId, id));
    await db.delete(supplierStatementExceptions).where(eq(supplierStatementExceptions.statementId, id));
    await db
      .update(supplierStatements)
      .set({ status, sentAt: new Date(t.clock.now), matchResult: null })
      .where(eq(supplierStatements.id, id));
    const [invoice] = await db
      .insert(supplierInvoices)
      .values({
        statementId: id,
        invoiceNumber: `9${String(serial).padStart(19, '0')}`,
        invoiceType: 'special',
        taxRatePercent: 13,
        issueDate: today(),
        sellerTaxId: world.creditCode,
        buyerTaxId: '91440300MA5F6G7H8J',
        amountExclTaxFen: 0,
        taxFen: 0,
        amountInclTaxFen: 0,
        submittedBy: 'staff',
      })
      .returning();
    if (action !== 'approve') {
      await db.insert(supplierStatementExceptions).values({
        statementId: id,
        key: `probe:${serial}`,
        sort: 0,
        kind: 'amount_under',
        invoiceType: 'special',
        taxRatePercent: 13,
        expectedFen: 1,
        actualFen: 0,
        realCostImpactFen: 0,
        detail: '探针',
      });
    }
    const [row] = await db.select().from(supplierStatements).where(eq(supplierStatements.id, id));
    return { action, row, invoice };
  }

  /** Who acts: the supplier confirms and disputes, a second pair of eyes decides and approves, the creator the rest. */
  const actor = (action: StatementAction) =>
    action === 'confirm' || action === 'dispute' ? world.portal : action === 'approve' || action === 'resolve_exception' ? approver : admin;
  const infoEndpoint = (action: StatementAction) => (actor(action) === world.portal ? portalStatementApi.info : supplierStatementApi.info);

  const calls: Record<StatementAction, (p: Probe) => Promise<ApiAnswer>> = {
    send: ({ row }) => t.api(supplierStatementApi.send, { id: row.id, version: row.version }, admin),
    revise: ({ row }) => t.api(supplierStatementApi.revise, { id: row.id, version: row.version }, admin),
    confirm: ({ row }) => t.api(portalStatementApi.confirm, { id: row.id, version: row.version }, world.portal),
    dispute: ({ row }) => t.api(portalStatementApi.dispute, { id: row.id, version: row.version, reason: '探针' }, world.portal),
    invoice: ({ row }) => t.api(supplierInvoiceApi.create, invoiceBody(row.id, { ...SPECIAL_INVOICE, sellerTaxId: world.creditCode }), admin),
    void_invoice: ({ invoice }) => t.api(supplierInvoiceApi.void, { id: invoice.id, version: invoice.version, reason: '探针' }, admin),
    match: ({ row }) => t.api(supplierStatementApi.match, { id: row.id }, admin),
    resolve_exception: ({ row }) =>
      t.api(
        supplierStatementApi.resolveException,
        { id: row.id, version: row.version, key: `probe:${serial}`, decision: 'accept', reason: '探针' },
        approver,
      ),
    approve: ({ row }) => t.api(supplierStatementApi.approve, { id: row.id, version: row.version }, approver),
    pay: ({ row }) =>
      t.api(supplierStatementApi.pay, { id: row.id, version: row.version, paidOn: today(), amountFen: row.totalFen, paymentRef: 'P1' }, admin),
    cancel: ({ row }) => t.api(supplierStatementApi.cancel, { id: row.id, version: row.version, reason: '探针' }, admin),
  };

  sweepStatusMachine({
    machine: STATEMENT_TRANSITIONS,
    statuses: STATEMENT_STATUSES,
    build,
    act: (action, probe) => calls[action](probe),
    snapshot: async ({ row }) => {
      const db = t.database.db;
      return {
        statement: await db.select().from(supplierStatements).where(eq(supplierStatements.id, row.id)),
        movements: await db.select().from(supplierStatementMovements).where(eq(supplierStatementMovements.statementId, row.id)),
        invoices: await db.select().from(supplierInvoices).where(eq(supplierInvoices.statementId, row.id)),
        exceptions: await db.select().from(supplierStatementExceptions).where(eq(supplierStatementExceptions.statementId, row.id)),
        audit: await auditRowCount(db),
      };
    },
    statusOf: async ({ row }) => (await info(row.id)).status,
    listed: async ({ action, row }) => (await ok(infoEndpoint(action), { id: row.id }, actor(action))).allowedActions,
  });
});

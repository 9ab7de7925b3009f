import { execFileSync } from 'node:child_process';
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { api, apiLogin, creditCode, expectAccessible, login, screenshot, phoneContext, portalSignIn } from '../support/app';
import { shanghaiDay } from '@scm/contract';

const stamp = Date.now().toString().slice(-6);
const PASSWORD = 'Stmt2026ok';

/**
 * A supplier (`n` tells two apart) with a portal account, awarded one order (50 × ¥22.60 under a
 * 13 % special invoice, ¥20.00 freight) received in full today, and the buyer's statement of it.
 */
async function statedMonth(request: APIRequestContext, n: number) {
  const supplierName = `E2E对账${stamp}${n}家居有限公司`;
  const supplierCode = creditCode(`91330100MA${n}${stamp}`);
  const email = `statement-${stamp}-${n}@example.com`;
  const admin = await apiLogin(request);
  const buyer = await apiLogin(request, 'buyer@jiaju.com');

  const commodities = (await api(request, admin, '/admin/commodity/options', { limit: 1 })).data as { value: number }[];
  const supplier = await api(request, admin, '/admin/supplier/create', {
    name: supplierName,
    credit_code: supplierCode,
    contact_person: '周经理',
    phone: '13800138000',
    region_code: '330100',
    settlement_type: 'monthly',
    grade: 'A',
    status: 'enabled',
  });
  expect(supplier.code, JSON.stringify(supplier)).toBe(200);
  const account = await api(request, admin, '/admin/portal_account/create', { supplier_id: supplier.data.id, email, name: '周会计' });
  const activation = new URL(account.data.activation_url, 'http://x').searchParams.get('token');
  expect((await api(request, '', '/portal/account/activate', { token: activation, password: PASSWORD })).code).toBe(200);
  const task = await api(request, admin, '/admin/procurement_task/create', {
    name: `E2E对账任务${stamp}${n}`,
    buyer_id: 1,
    quote_deadline: new Date(Date.now() + 86_400_000).toISOString(),
    delivery_region_code: '440305',
    required_by: '2099-01-31',
    sealed: false,
    lines: [{ commodity_id: commodities[0].value, quantity: 50 }],
    supplier_ids: [supplier.data.id],
  });
  const taskId = task.data.id as number;
  expect((await api(request, admin, '/admin/procurement_task/publish', { id: taskId, version: 0 })).code).toBe(200);
  const [line] = (await api(request, admin, '/admin/procurement_task/info', { id: taskId })).data.lines as { id: number }[];
  const quote = await api(request, admin, '/admin/quotation/save', {
    task_id: taskId,
    supplier_id: supplier.data.id,
    quote_date: shanghaiDay(Date.now()),
    valid_until: '2099-12-31',
    invoice_type: 'special',
    tax_rate_percent: 13,
    freight_mode: 'manual',
    freight_fen: 2000,
    lines: [{ task_line_id: line.id, unit_price_fen: 2260, moq: 1, lead_time_days: 7 }],
  });
  expect(quote.code, JSON.stringify(quote)).toBe(200);
  expect((await api(request, admin, '/admin/procurement_task/close_quote', { id: taskId, version: 1 })).code).toBe(200);
  expect(
    (
      await api(request, admin, '/admin/procurement_task/award', {
        id: taskId,
        version: 2,
        lines: [{ task_line_id: line.id, supplier_id: supplier.data.id }],
      })
    ).code,
  ).toBe(200);
  const [order] = (await api(request, admin, '/admin/purchase_order/list', { task_id: taskId })).data.list;
  expect((await api(request, admin, '/admin/purchase_order/confirm', { id: order.id, version: 0 })).code).toBe(200);
  const orderInfo = (await api(request, admin, '/admin/purchase_order/info', { id: order.id })).data;
  const received = await api(request, admin, '/admin/purchase_order/receive', {
    id: order.id,
    version: orderInfo.version,
    received_on: shanghaiDay(Date.now()),
    lines: [{ order_line_id: orderInfo.lines[0].id, quantity: 50 }],
  });
  expect(received.code, JSON.stringify(received)).toBe(200);

  // The buyer states the month (50 × ¥22.60 + ¥20.00 freight = ¥1,150.00); its author may not approve it later.
  const created = await api(request, buyer, '/admin/supplier_statement/create', {
    supplier_id: supplier.data.id,
    period_from: shanghaiDay(Date.now()),
    period_to: shanghaiDay(Date.now()),
  });
  expect(created.code, JSON.stringify(created)).toBe(200);
  const { id, code } = created.data as { id: number; code: string };
  return { admin, id, code, supplierName, email };
}

/** The supplier's portal, signed in on a phone (375 × 812), on its statement list. */
async function portalOnPhone(browser: Browser, email: string) {
  const phone = await phoneContext(browser);
  const mobile = await phone.newPage();
  await portalSignIn(mobile, email, PASSWORD);
  await mobile.getByRole('link', { name: '对账单' }).click();
  return { phone, mobile };
}

test('a month end: the buyer states the month, the supplier confirms it and uploads the invoice on a phone, finance approves and pays, the paper prints', async ({
  page,
  request,
  browser,
  context,
}) => {
  test.setTimeout(240_000);
  const { admin, id, code, supplierName, email } = await statedMonth(request, 1);

  // 供应商对账: the list with its filter in the URL, then the detail.
  await login(page);
  await page.goto(`/procurementManagement/supplierStatementList?keyword=${code}`);
  const row = page.locator('.ant-table-row', { hasText: code });
  await expect(row).toContainText(supplierName);
  await expect(row).toContainText('1,150.00');
  await expect(row).toContainText('草稿');
  await screenshot(page, 'supplier-statement-list');
  await row.getByText(code).click();
  await expect(page.getByText(`对账单详情 · ${code}`)).toBeVisible();
  await expect(page.locator('.ant-card', { hasText: '按发票类型与税率汇总' })).toContainText('增值税专用发票 13%');
  await page.getByRole('button', { name: '发送供应商' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.locator('.ant-card').first()).toContainText('待供应商确认');

  // The supplier, on a phone: the statement, 确认, the receipt, then the invoice as typed fields.
  const { phone, mobile } = await portalOnPhone(browser, email);
  await expect(mobile.getByTestId(`statement-${code}`)).toBeVisible();
  await expectAccessible(mobile, 'portal statement list');
  await mobile.getByTestId(`statement-${code}`).click();
  await expect(mobile.getByTestId('statement-total')).toHaveText('¥1,150.00');
  await expectAccessible(mobile, 'portal statement detail');
  await screenshot(mobile, 'portal-statement-detail-phone');
  await mobile.getByTestId('confirm-statement').click();
  await mobile.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  const digest = mobile.getByTestId('receipt-sha256');
  await expect(digest).toHaveText(/^[0-9a-f]{64}$/);
  const receipt = (await api(request, admin, '/admin/supplier_statement/info', { id })).data;
  await expect(digest).toHaveText(receipt.receipt_sha256);

  // 1150.00 under 13 %: 115000 × 100 / 113 = 101769.9 → 101770 without tax, 13230 tax.
  const upload = mobile.getByTestId('invoice-upload');
  await upload.getByLabel('发票号码').fill(`2644200000${stamp}0001`);
  const company = (await api(request, admin, '/admin/company_info/info', {})).data as { credit_code: string };
  await upload.getByLabel('购方税号').fill(company.credit_code);
  await upload.getByLabel('不含税金额(元)').fill('1017.70');
  await upload.getByLabel('税额(元)').fill('132.30');
  await upload.getByLabel('价税合计(元)').fill('1150.01');
  await upload.getByRole('button', { name: '提交发票' }).click();
  await expect(upload.getByText('不含税金额与税额之和须等于含税金额')).toBeVisible();
  await upload.getByLabel('价税合计(元)').fill('1150.00');
  await screenshot(mobile, 'portal-statement-invoice-phone');
  await upload.getByRole('button', { name: '提交发票' }).click();
  await expect(mobile.getByTestId('statement-summary')).toContainText('已开票');

  // Finance (not the statement's author) approves and pays on the detail.
  await page.reload();
  await expect(page.locator('.ant-card').first()).toContainText('已开票');
  await page.getByRole('button', { name: /^审\s*批$/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.locator('.ant-card').first()).toContainText('已审批');
  await page.getByRole('button', { name: '登记付款' }).click();
  const pay = page.getByRole('dialog', { name: /登记付款/ });
  await pay.getByLabel('付款流水号').fill(`ZH${stamp}`);
  await pay.getByRole('button', { name: '确认付款' }).click();
  await expect(page.locator('.ant-card').first()).toContainText('已付款');
  await screenshot(page, 'supplier-statement-detail');

  // The supplier sees 已付款.
  await mobile.reload();
  await expect(mobile.getByTestId('statement-summary')).toContainText('已付款 ¥1,150.00');
  await screenshot(mobile, 'portal-statement-paid-phone');
  await phone.close();

  // The paper: A4 with the amount in capitals and the supplier's digest, looked at as a picture.
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: /打\s*印/ }).click();
  const printed = await opened;
  await expect(printed.getByText('供应商对账单')).toBeVisible();
  await expect(printed.getByText(/壹仟壹佰伍拾元整/)).toBeVisible();
  await expect(printed.getByText(receipt.receipt_sha256, { exact: false })).toBeVisible();
  await printed.emulateMedia({ media: 'print' });
  await printed.pdf({ path: 'screenshots/supplier-statement-print.pdf', format: 'A4', printBackground: true });
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    'screenshots/supplier-statement-print.pdf',
    'screenshots/supplier-statement-print',
  ]);
});

test('on a phone the supplier disputes a statement with a note on the line it disputes; the buyer sees the note beside that line', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const { admin, id, code, email } = await statedMonth(request, 2);
  const draft = (await api(request, admin, '/admin/supplier_statement/info', { id })).data;
  expect((await api(request, admin, '/admin/supplier_statement/send', { id, version: draft.version })).code).toBe(200);
  const goods = draft.movements.find((m: { kind: string }) => m.kind === 'receipt') as { id: number; commodity_name: string };

  const { phone, mobile } = await portalOnPhone(browser, email);
  await mobile.getByTestId(`statement-${code}`).click();
  await mobile.getByTestId('dispute-statement').click();
  const dialog = mobile.getByRole('dialog', { name: '对账单有异议' });
  await dialog.getByLabel('异议原因').fill('3月到货数量与送货单不符');
  // A note opened and left empty is refused before anything is sent.
  const line = dialog.getByTestId(`dispute-line-${goods.id}`);
  await line.getByRole('button', { name: '添加说明' }).click();
  await dialog.getByRole('button', { name: '提交异议' }).click();
  await expect(line.getByRole('alert')).toHaveText('请输入明细说明');
  await line.getByRole('textbox').fill('实收48件，2件外箱破损已退回司机');
  await expect(line.getByRole('alert')).toHaveCount(0);
  await expect(line.getByRole('textbox')).not.toHaveAttribute('aria-invalid');
  await screenshot(mobile, 'portal-statement-dispute-phone');
  await dialog.getByRole('button', { name: '提交异议' }).click();
  await expect(dialog).toBeHidden();
  const summary = mobile.getByTestId('statement-summary');
  await expect(summary).toContainText('有异议');
  await expect(summary).toContainText('3月到货数量与送货单不符');
  await expect(mobile.getByText('说明：实收48件，2件外箱破损已退回司机')).toBeVisible();
  // Nothing on the phone is wider than the screen.
  expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.close();

  // The buyer's detail: the reason on top, the note beside the disputed line and no other.
  const after = (await api(request, admin, '/admin/supplier_statement/info', { id })).data;
  expect(after.movements.map((m: { id: number; dispute_note: string | null }) => [m.id, m.dispute_note])).toEqual(
    after.movements.map((m: { id: number }) => [m.id, m.id === goods.id ? '实收48件，2件外箱破损已退回司机' : null]),
  );
  await login(page);
  await page.goto(`/procurementManagement/supplierStatementList?keyword=${code}`);
  await page.locator('.ant-table-row', { hasText: code }).getByText(code).click();
  await expect(page.getByText(`对账单详情 · ${code}`)).toBeVisible();
  await expect(page.getByText('供应商有异议：3月到货数量与送货单不符')).toBeVisible();
  const row = page.locator('.ant-table-row', { hasText: goods.commodity_name });
  await expect(row).toContainText('实收48件，2件外箱破损已退回司机');
  await screenshot(page, 'supplier-statement-disputed');
});

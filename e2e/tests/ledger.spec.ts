import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { api, apiLogin, creditCode, expectAccessible, login, screenshot, phoneContext, portalSignIn } from '../support/app';
import { shanghaiDay } from '@scm/contract';

const stamp = Date.now().toString().slice(-6);
const email = `ledger-${stamp}@example.com`;
const PASSWORD = 'Ledger2026ok';

/** An order of 40 + 25 from a supplier with a portal account, awarded and confirmed through the API. */
async function confirmedOrder(request: Parameters<typeof apiLogin>[0], token: string) {
  const commodities = (await api(request, token, '/admin/commodity/options', { limit: 2 })).data as { value: number }[];
  const supplier = await api(request, token, '/admin/supplier/create', {
    name: `E2E退货供应商${stamp}有限公司`,
    credit_code: creditCode(`91330100MA8${stamp}`),
    contact_person: '吴经理',
    phone: '13800138001',
    region_code: '330100',
    settlement_type: 'monthly',
    grade: 'A',
    status: 'enabled',
  });
  expect(supplier.code, JSON.stringify(supplier)).toBe(200);
  const account = await api(request, token, '/admin/portal_account/create', { supplier_id: supplier.data.id, email, name: '吴小姐' });
  const activation = new URL(account.data.activation_url, 'http://x').searchParams.get('token');
  expect((await api(request, '', '/portal/account/activate', { token: activation, password: PASSWORD })).code).toBe(200);
  const task = await api(request, token, '/admin/procurement_task/create', {
    name: `E2E冲销退货${stamp}`,
    buyer_id: 1,
    quote_deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    delivery_region_code: '440305',
    required_by: '2099-01-31',
    sealed: false,
    lines: [
      { commodity_id: commodities[0].value, quantity: 40 },
      { commodity_id: commodities[1].value, quantity: 25 },
    ],
    supplier_ids: [supplier.data.id],
  });
  const taskId = task.data.id as number;
  expect((await api(request, token, '/admin/procurement_task/publish', { id: taskId, version: 0 })).code).toBe(200);
  const lines = (await api(request, token, '/admin/procurement_task/info', { id: taskId })).data.lines as { id: number }[];
  const quote = await api(request, token, '/admin/quotation/save', {
    task_id: taskId,
    supplier_id: supplier.data.id,
    quote_date: shanghaiDay(Date.now()),
    valid_until: '2099-12-31',
    invoice_type: 'special',
    tax_rate_percent: 13,
    freight_mode: 'manual',
    freight_fen: 1500,
    lines: lines.map((line, i) => ({ task_line_id: line.id, unit_price_fen: [3680, 1230][i], moq: 1, lead_time_days: 7 })),
  });
  expect(quote.code, JSON.stringify(quote)).toBe(200);
  expect((await api(request, token, '/admin/procurement_task/close_quote', { id: taskId, version: 1 })).code).toBe(200);
  const award = await api(request, token, '/admin/procurement_task/award', {
    id: taskId,
    version: 2,
    lines: lines.map((line) => ({ task_line_id: line.id, supplier_id: supplier.data.id, reason: '唯一报价' })),
  });
  expect(award.code, JSON.stringify(award)).toBe(200);
  const [order] = (await api(request, token, '/admin/purchase_order/list', { task_id: taskId })).data.list;
  expect((await api(request, token, '/admin/purchase_order/confirm', { id: order.id, version: 0 })).code).toBe(200);
  return order as { id: number; code: string };
}

test('a rejection at receipt, a reversal, and a return confirmed by the supplier on a phone, printed as 退货单', async ({
  page,
  request,
  browser,
  context,
}) => {
  test.setTimeout(180_000);
  const token = await apiLogin(request);
  const order = await confirmedOrder(request, token);

  await login(page);
  await page.goto(`/procurementManagement/purchaseOrderDetail?id=${order.id}`);
  const header = page.locator('.ant-card').first();
  await expect(header).toContainText('已确认');

  // 收货 with 8 refused at the dock, and the warning of a line received past its open quantity.
  await page.getByRole('button', { name: /收\s*货/ }).click();
  const drawer = page.getByRole('dialog', { name: /^收货/ });
  await drawer
    .getByRole('spinbutton', { name: /本次收货$/ })
    .nth(0)
    .fill('32');
  await drawer
    .getByRole('spinbutton', { name: /拒收数量$/ })
    .nth(0)
    .fill('8');
  await drawer.getByRole('textbox', { name: /拒收原因$/ }).fill('灯罩碎裂');
  await drawer
    .getByRole('spinbutton', { name: /本次收货$/ })
    .nth(1)
    .fill('27');
  await expect(drawer).toContainText('超收 2 件，将按单价计入应付 ¥24.60');
  await screenshot(page, 'ledger-receive-drawer');
  await drawer.getByRole('button', { name: '确认收货' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认收货' }).click();
  await expect(page.locator('.ant-message').last()).toContainText('收货已登记');
  await expect(header).toContainText('部分到货');
  const receipts = page.locator('.ant-card', { hasText: '收货记录' });
  await expect(receipts).toContainText('拒收 8：灯罩碎裂');
  await expect(drawer).toBeHidden();

  // A second receipt typed wrong, then 冲销 with a reason: the mirror receipt shows, the net goes back.
  await page.getByRole('button', { name: /^收\s*货$/ }).click();
  const again = page.getByRole('dialog', { name: /^收货/ });
  await again
    .getByRole('spinbutton', { name: /本次收货$/ })
    .nth(0)
    .fill('8');
  await again
    .getByRole('spinbutton', { name: /本次收货$/ })
    .nth(1)
    .fill('0');
  await again.getByRole('button', { name: '确认收货' }).click();
  await expect(header).toContainText('已到货');
  await receipts
    .getByRole('button', { name: /冲\s*销/ })
    .last()
    .click();
  const reversal = page.getByRole('dialog', { name: /^冲销/ });
  await reversal.getByLabel('原因').fill('补收的8件实际未到，录错');
  await reversal.getByRole('button', { name: /冲\s*销/ }).click();
  await expect(page.locator('.ant-message').last()).toContainText('收货已冲销');
  await expect(header).toContainText('部分到货');
  await expect(receipts).toContainText('冲销单');
  await expect(receipts).toContainText('冲销原因：补收的8件实际未到，录错');
  await screenshot(page, 'ledger-reversal');

  // 退货: 5 cracked lamps back to the supplier, to be replaced.
  await page.getByRole('button', { name: /退\s*货/ }).click();
  const ret = page.getByRole('dialog', { name: /^退货/ });
  await ret.getByText('质量问题').click();
  await ret.getByText('补发', { exact: true }).click();
  await ret
    .getByRole('spinbutton', { name: /退货数量$/ })
    .nth(0)
    .fill('5');
  await ret.getByLabel('备注').fill('开箱发现5件灯罩裂纹');
  await ret.getByRole('button', { name: '提交退货单' }).click();
  await expect(page).toHaveURL(/purchaseReturnDetail\?id=\d+/);
  const returnCard = page.locator('.ant-card').first();
  await expect(returnCard).toContainText('待供应商确认');
  const returnCode = (await returnCard.locator('.ant-card-head-title').innerText()).match(/TH\d{12}/)![0];
  await screenshot(page, 'purchase-return-detail');

  // The supplier confirms it on a phone.
  const phoneWindow = await phoneContext(browser);
  const phone = await phoneWindow.newPage();
  await portalSignIn(phone, email, PASSWORD);
  await phone.getByRole('link', { name: '退货单' }).click();
  await expect(phone.getByTestId(`return-${returnCode}`)).toBeVisible();
  await expectAccessible(phone, 'portal return list');
  await phone.getByTestId(`return-${returnCode}`).click();
  await expect(phone.getByTestId('return-summary')).toContainText('待供应商确认');
  await expect(phone.getByTestId('return-total')).toContainText('¥184.00');
  await expectAccessible(phone, 'portal return detail');
  await phone.screenshot({ path: 'screenshots/portal-return-detail-phone.png', fullPage: true });
  await phone.getByTestId('confirm-return').click();
  await phone.getByRole('dialog').getByRole('button', { name: '确认退货' }).click();
  await expect(phone.getByTestId('return-summary')).toContainText('已确认');
  await phone.screenshot({ path: 'screenshots/portal-return-confirmed-phone.png', fullPage: true });
  await phone.goto(`/portal/orders/detail?id=${order.id}`);
  await expect(phone.getByTestId('receipt-rejected').first()).toContainText('拒收 8');
  await phone.screenshot({ path: 'screenshots/portal-order-ledger-phone.png', fullPage: true });
  await phoneWindow.close();

  // The buyer ships it: the order's net received drops by 5.
  await page.reload();
  await expect(returnCard).toContainText('已确认');
  await page.getByRole('button', { name: '退货出库' }).click();
  await page
    .getByRole('dialog', { name: /^退货出库/ })
    .getByRole('button', { name: '确认出库' })
    .click();
  await expect(returnCard).toContainText('已退货');
  const detail = (await api(request, token, '/admin/purchase_order/info', { id: order.id })).data;
  expect(detail.lines[0]).toMatchObject({ received_quantity: 27, rejected_quantity: 8, returned_quantity: 5 });

  // The printed 退货单: A4 with the amount in capitals.
  const tab = context.waitForEvent('page');
  await page.getByRole('button', { name: /打\s*印/ }).click();
  const paper = await tab;
  await expect(paper.locator('.print-sheet h1')).toHaveText('采购退货单');
  await expect(paper.locator('.print-sheet')).toContainText('人民币（大写）壹佰捌拾肆元整');
  await paper.emulateMedia({ media: 'print' });
  await paper.pdf({ path: 'screenshots/print-purchase-return.pdf', format: 'A4', printBackground: true });
  const pages = ((await readFile('screenshots/print-purchase-return.pdf')).toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  expect(pages).toBe(1);
  await paper.close();

  // 采购退货 lists it.
  await page.goto(`/procurementManagement/purchaseReturnList?keyword=${returnCode}`);
  await expect(page.locator('.ant-table-row', { hasText: returnCode })).toContainText('已退货');
  await screenshot(page, 'purchase-return-list');
});

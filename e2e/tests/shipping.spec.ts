import { execFileSync } from 'node:child_process';
import { expect, type APIRequestContext, test } from '@playwright/test';
import { api, apiLogin, creditCode, expectAccessible, login, screenshot, phoneContext, portalSignIn } from '../support/app';

const stamp = Date.now().toString().slice(-6);
const supplierName = `E2E发货${stamp}家居有限公司`;
const email = `ship-${stamp}@example.com`;
const PASSWORD = 'Ship2026ok';

/** A task delivering to 上海嘉定中心仓, quoted by the supplier in the portal and awarded to it: one 待确认 order. */
async function awardedOrder(request: APIRequestContext, token: string, portalToken: string, supplierId: number, name: string) {
  const commodities = (await api(request, token, '/admin/commodity/options', { limit: 2 })).data as { value: number }[];
  const task = await api(request, token, '/admin/procurement_task/create', {
    name,
    buyer_id: 1,
    quote_deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    delivery_region_code: '310114',
    warehouse_code: 'sh_jiading',
    required_by: '2099-01-31',
    sealed: false,
    lines: [
      { commodity_id: commodities[0].value, quantity: 40 },
      { commodity_id: commodities[1].value, quantity: 25 },
    ],
    supplier_ids: [supplierId],
  });
  expect(task.code, JSON.stringify(task)).toBe(200);
  const taskId = task.data.id as number;
  expect((await api(request, token, '/admin/procurement_task/publish', { id: taskId, version: 0 })).code).toBe(200);
  const lines = (await api(request, token, '/admin/procurement_task/info', { id: taskId })).data.lines as { id: number }[];
  const quote = await api(request, portalToken, '/portal/quotation/submit', {
    task_id: taskId,
    valid_until: '2099-12-31',
    freight_mode: 'manual',
    freight_fen: 1500,
    lines: lines.map((line, i) => ({ task_line_id: line.id, unit_price_fen: [3680, 1230][i], moq: 10, lead_time_days: 7 })),
  });
  expect(quote.code, JSON.stringify(quote)).toBe(200);
  expect((await api(request, token, '/admin/procurement_task/close_quote', { id: taskId, version: 1 })).code).toBe(200);
  const award = await api(request, token, '/admin/procurement_task/award', {
    id: taskId,
    version: 2,
    lines: lines.map((line) => ({ task_line_id: line.id, supplier_id: supplierId, reason: '唯一报价' })),
  });
  expect(award.code, JSON.stringify(award)).toBe(200);
  const orders = (await api(request, token, '/admin/purchase_order/list', { task_id: taskId })).data.list as { id: number; code: string }[];
  return orders[0];
}

test('a supplier on a phone rejects one order, confirms and ships another; the buyer receives from the shipment and prints', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const token = await apiLogin(request);
  const supplier = await api(request, token, '/admin/supplier/create', {
    name: supplierName,
    credit_code: creditCode(`91330100MA8${stamp}`),
    contact_person: '周经理',
    phone: '13800138000',
    region_code: '330100',
    address: '杭州市余杭区仓前街道科技大道1号',
    settlement_type: 'monthly',
    grade: 'A',
    status: 'enabled',
  });
  expect(supplier.code, JSON.stringify(supplier)).toBe(200);
  const account = await api(request, token, '/admin/portal_account/create', { supplier_id: supplier.data.id, email, name: '周小姐' });
  const activation = new URL(account.data.activation_url, 'http://x').searchParams.get('token');
  expect((await api(request, '', '/portal/account/activate', { token: activation, password: PASSWORD })).code).toBe(200);
  const portalToken = (await api(request, '', '/portal/login', { email, password: PASSWORD })).data.token as string;
  const refused = await awardedOrder(request, token, portalToken, supplier.data.id, `E2E拒单${stamp}`);
  const shipped = await awardedOrder(request, token, portalToken, supplier.data.id, `E2E发货${stamp}`);

  const context = await phoneContext(browser);
  const phone = await context.newPage();
  await portalSignIn(phone, email, PASSWORD);

  // 拒绝: with a reason.
  await phone.goto(`/portal/orders/detail?id=${refused.id}`);
  await expect(phone.getByTestId('delivery-address')).toContainText('上海嘉定中心仓');
  await expect(phone.getByTestId('delivery-address')).toContainText('收货人 王建军');
  await phone.getByTestId('reject-order').click();
  const reject = phone.getByRole('dialog', { name: `拒绝订单 ${refused.code}？` });
  await reject.getByRole('button', { name: '确认拒绝' }).click();
  await expect(reject).toContainText('请输入拒绝原因');
  await reject.getByLabel('拒绝原因').fill('原材料涨价，无法按此价格供货');
  await reject.getByRole('button', { name: '确认拒绝' }).click();
  await expect(phone.getByTestId('order-summary')).toContainText('已拒绝');
  await expect(phone.getByTestId('confirm-order')).toHaveCount(0);
  await phone.screenshot({ path: 'screenshots/portal-order-rejected-phone.png', fullPage: true });

  // 确认 with a promised date and a remark, then 发货.
  await phone.goto(`/portal/orders/detail?id=${shipped.id}`);
  await expectAccessible(phone, 'portal order detail with its answer');
  await phone.screenshot({ path: 'screenshots/portal-order-answer-phone.png', fullPage: true });
  await phone.getByTestId('confirm-order').click();
  const confirm = phone.getByRole('dialog', { name: `确认订单 ${shipped.code}？` });
  await confirm.getByLabel('承诺到货日期').fill('2099-01-20');
  await confirm.getByLabel('备注（选填）').fill('分两批发货');
  await confirm.getByRole('button', { name: '确认订单' }).click();
  await expect(phone.getByTestId('order-summary')).toContainText('已确认');
  await expect(phone.getByTestId('order-summary')).toContainText('2099-01-20');
  await phone.getByTestId('ship-order').click();
  const form = phone.getByTestId('ship-form');
  await form.getByRole('button', { name: '提交发货通知' }).click();
  await expect(form).toContainText('请输入送货单号');
  await form.getByLabel('送货单号').fill(`SD${stamp}`);
  await form.getByLabel('承运商（选填）').fill('德邦物流');
  await form.getByLabel('车牌号（选填）').fill('浙A8K123');
  await form.getByRole('button', { name: '提交发货通知' }).click();
  const shipments = phone.getByTestId('shipments');
  await expect(shipments).toContainText('在途');
  await expect(shipments).toContainText(`送货单号 SD${stamp}`);
  await phone.screenshot({ path: 'screenshots/portal-order-shipped-phone.png', fullPage: true });

  // The buyer at 1280: the refused order, then a receipt from the shipment with a short line.
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page);
  await page.goto(`/procurementManagement/purchaseOrderDetail?id=${refused.id}`);
  await expect(page.getByText('供应商已拒绝：原材料涨价，无法按此价格供货')).toBeVisible();
  await page.goto(`/procurementManagement/purchaseOrderDetail?id=${shipped.id}`);
  await expect(page.getByText('上海嘉定中心仓：上海市嘉定区')).toBeVisible();
  await expect(page.getByText('承诺到货')).toBeVisible();
  // The lines fit at 1280: no horizontal scrollbar hides the amounts.
  const scroll = await page
    .locator('.ant-card', { hasText: '订单明细' })
    .locator('.ant-table-content')
    .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(scroll).toBeLessThanOrEqual(0);
  const card = page.locator('.ant-card', { hasText: '发货通知（1）' });
  await expect(card).toContainText(`送货单号 SD${stamp}`);
  await screenshot(page, 'order-detail-shipment-1280');
  await card.getByRole('button', { name: '收货' }).click();
  const drawer = page.locator('.ant-drawer:visible');
  await expect(drawer).toContainText(`送货单号 SD${stamp}，已按发货数量预填`);
  const first = drawer.getByRole('spinbutton').first();
  await expect(first).toHaveValue('40');
  await first.fill('38');
  await drawer.getByRole('button', { name: '确认收货' }).click();
  await expect(drawer).toBeHidden();
  await expect(card).toContainText('已收货');
  await expect(card).toContainText('差异 -2');
  await screenshot(page, 'order-detail-received-from-shipment');

  // The supplier sees the difference.
  await phone.reload();
  await expect(phone.getByTestId('shipments')).toContainText('实收 38');
  await expect(phone.getByTestId('shipments')).toContainText('差异 -2');
  await phone.screenshot({ path: 'screenshots/portal-order-difference-phone.png', fullPage: true });
  await context.close();

  // The printed order: the buyer company, the delivery address in full, the supplier's terms.
  const [paper] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: '打印' }).click()]);
  const sheet = paper.locator('.print-sheet');
  await expect(sheet).toContainText('上海优家供应链管理有限公司');
  await expect(sheet).toContainText('上海嘉定中心仓');
  await expect(sheet).toContainText('收货人 王建军');
  await expect(sheet).toContainText('结算方式');
  await paper.emulateMedia({ media: 'print' });
  await paper.pdf({ path: 'screenshots/print-purchase-order-shipping.pdf', format: 'A4', printBackground: true });
  execFileSync('pdftoppm', ['-png', '-r', '70', 'screenshots/print-purchase-order-shipping.pdf', 'screenshots/print-purchase-order-shipping']);
});

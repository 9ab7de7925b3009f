import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { api, apiLogin, login, screenshot } from '../support/app';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from '../support/constants';
import { addDays, shanghaiDay } from '@scm/contract';

/** A published task with two lines and two quotes where the first supplier is cheaper on both, closed for award. */
async function taskReadyForAward(request: APIRequestContext, token: string) {
  const me = (await request.post('/api/admin/login', { data: { email: E2E_ADMIN_EMAIL, password: E2E_PASSWORD } }).then((r) => r.json())).data.u_id;
  const commodities = (await api(request, token, '/admin/commodity/options', { limit: 2 })).data as { value: number; sku_code: string }[];
  const suppliers = (await api(request, token, '/admin/supplier/options', { invitable: true, limit: 2 })).data as { value: number; label: string }[];
  const created = await api(request, token, '/admin/procurement_task/create', {
    name: `订单流程任务${Date.now().toString(36)}`,
    buyer_id: me,
    quote_deadline: new Date(Date.now() + 86_400_000).toISOString(),
    // Delivered to 上海嘉定中心仓 (its district is the delivery region): the papers name it.
    warehouse_code: 'sh_jiading',
    delivery_region_code: '310114',
    required_by: addDays(shanghaiDay(Date.now()), 14),
    lines: [
      { commodity_id: commodities[0].value, quantity: 100, target_price_fen: 1200 },
      { commodity_id: commodities[1].value, quantity: 40, target_price_fen: 2600 },
    ],
    supplier_ids: suppliers.map((s) => s.value),
    // Quoted in the open and closed by hand (sealed quoting: portal.spec.ts).
    sealed: false,
  });
  expect(created.code, created.message).toBe(200);
  const id = created.data.id as number;
  expect((await api(request, token, '/admin/procurement_task/publish', { id, version: 0 })).code).toBe(200);
  const lines = (await api(request, token, '/admin/procurement_task/info', { id })).data.lines as { id: number }[];
  for (const [i, supplier] of suppliers.entries()) {
    const quote = await api(request, token, '/admin/quotation/save', {
      task_id: id,
      supplier_id: supplier.value,
      quote_date: shanghaiDay(Date.now()),
      valid_until: addDays(shanghaiDay(Date.now()), 30),
      invoice_type: 'special',
      tax_rate_percent: 13,
      freight_mode: 'manual',
      freight_fen: 0,
      lines: lines.map((l, j) => ({ task_line_id: l.id, unit_price_fen: [1000, 2400][j] + i * 300, moq: 1, lead_time_days: 7 })),
    });
    expect(quote.code, quote.message).toBe(200);
  }
  expect((await api(request, token, '/admin/procurement_task/close_quote', { id, version: 1 })).code).toBe(200);
  return { id, supplier: suppliers[0].label, skus: commodities.map((c) => c.sku_code) };
}

/**
 * Renders a print tab to A4 PDF, its first page as a picture (`<name>-pdf-1.png`, to be looked at),
 * and answers its page count (Chromium writes one /Type /Page object per page).
 */
async function printToPdf(page: Page, name: string) {
  const path = `screenshots/${name}.pdf`;
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
  await page.pdf({ path, format: 'A4', printBackground: true });
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', path, `screenshots/${name}-pdf`]);
  const text = (await readFile(path)).toString('latin1');
  return (text.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}

test('from the award to a fully received order, with a partial receipt between, and both papers printed', async ({ page, request, context }) => {
  test.setTimeout(180_000);
  const token = await apiLogin(request);
  const task = await taskReadyForAward(request, token);

  // The award through the page makes the order, listed on the task.
  await login(page);
  await page.goto(`/procurementManagement/procurementTaskMaintain?id=${task.id}`);
  await page.getByRole('button', { name: '定标' }).click();
  const awardDrawer = page.getByRole('dialog', { name: /^定标/ });
  await awardDrawer.getByRole('button', { name: '确认定标' }).click();
  // A summary with the totals comes before the award is written.
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认定标' }).click();
  await expect(page.locator('.ant-message').last()).toContainText('定标成功');
  const orders = page.locator('.ant-card', { hasText: '采购订单（1）' });
  await expect(orders).toContainText(task.supplier);
  await expect(orders).toContainText('待确认');

  // 比价审批单 in its own tab, signed in with the same session.
  const comparisonTab = context.waitForEvent('page');
  await page.getByRole('button', { name: '打印比价审批单' }).click();
  const comparison = await comparisonTab;
  await expect(comparison.locator('.print-sheet h1')).toHaveText('比价审批单');
  await expect(comparison.locator('.print-sheet')).toContainText(task.supplier);
  await expect(comparison.locator('.print-sheet')).toContainText('实际到货成本');
  const place = comparison.locator('.print-sheet table').first();
  await expect(place.locator('tr', { hasText: '收货仓库' })).toContainText('上海嘉定中心仓');
  await expect(place.locator('tr', { hasText: '收货仓库' })).toContainText('嘉定区');
  await expect(comparison.locator('.print-signatures')).toContainText('总经理');
  await expect(comparison.locator('.shell-sider')).toHaveCount(0);
  const comparisonPages = await printToPdf(comparison, 'print-comparison');
  expect(comparisonPages).toBeGreaterThanOrEqual(1);
  expect(comparisonPages).toBeLessThanOrEqual(2);
  await comparison.close();

  // The order's detail: 确认 on the supplier's behalf.
  await orders.getByText(/^PO\d{12}$/).click();
  await expect(page).toHaveURL(/purchaseOrderDetail\?id=\d+/);
  const header = page.locator('.ant-card').first();
  await expect(header).toContainText('待确认');
  const orderCode = (await header.locator('.ant-card-head-title').innerText()).match(/PO\d{12}/)![0];

  // The unconfirmed order prints with 待确认 across it.
  const orderTab = context.waitForEvent('page');
  await page.getByRole('button', { name: /打\s*印/ }).click();
  const paper = await orderTab;
  await expect(paper.locator('.print-sheet h1')).toHaveText('采购订单');
  await expect(paper.locator('.print-sheet')).toHaveAttribute('data-watermark', '待确认');
  await expect(paper.getByText('状态：待确认')).toBeAttached();
  // 100 × ¥10.00 + 40 × ¥24.00 = ¥1,960.00
  await expect(paper.locator('.print-sheet')).toContainText('¥1,960.00');
  await expect(paper.locator('.print-sheet')).toContainText('人民币（大写）壹仟玖佰陆拾元整');
  // The order copied the warehouse's address when the award made it.
  await expect(paper.locator('.delivery-address')).toContainText('上海嘉定中心仓：上海市嘉定区马陆镇宝安公路2999号3号库');
  await expect(paper.locator('.delivery-address')).toContainText('收货人 王建军');
  await expect(paper.getByRole('button', { name: /打\s*印/ })).toBeVisible();
  const orderPages = await printToPdf(paper, 'print-purchase-order');
  expect(orderPages).toBeGreaterThanOrEqual(1);
  expect(orderPages).toBeLessThanOrEqual(2);
  // On paper: no button.
  await expect(paper.getByRole('button', { name: /打\s*印/ })).toBeHidden();
  await paper.close();

  await page
    .getByRole('button', { name: /确\s*认/ })
    .first()
    .click();
  // The buyer confirms on the supplier's behalf: the channel it heard the answer on, the promised date.
  await page
    .getByRole('dialog', { name: /代供应商确认/ })
    .getByRole('button', { name: /确认订单/ })
    .click();
  await expect(header).toContainText('已确认');

  // A partial receipt: the drawer is pre-filled with the open quantities; take 60 of the first line only.
  await page.getByRole('button', { name: /收\s*货/ }).click();
  let drawer = page.getByRole('dialog', { name: /^收货/ });
  const first = drawer.getByRole('spinbutton', { name: /本次收货$/ }).nth(0);
  const second = drawer.getByRole('spinbutton', { name: /本次收货$/ }).nth(1);
  await expect(first).toHaveValue('100');
  await expect(second).toHaveValue('40');
  await first.fill('60');
  await second.fill('0');
  await drawer.getByLabel('备注').fill('第一批，送货单 SH-001');
  await screenshot(page, 'purchase-order-receive');
  await drawer.getByRole('button', { name: '确认收货' }).click();
  await expect(page.locator('.ant-message').last()).toContainText('收货已登记');
  await expect(header).toContainText('部分到货');
  await expect(page.locator('.ant-card', { hasText: '收货记录' })).toContainText('第一批，送货单 SH-001');

  // The rest: pre-filled with what is still open.
  await page.getByRole('button', { name: /收\s*货/ }).click();
  drawer = page.getByRole('dialog', { name: /^收货/ });
  await expect(drawer.getByRole('spinbutton', { name: /本次收货$/ }).nth(0)).toHaveValue('40');
  await expect(drawer.getByRole('spinbutton', { name: /本次收货$/ }).nth(1)).toHaveValue('40');
  await drawer.getByRole('button', { name: '确认收货' }).click();
  await expect(header).toContainText('已到货');
  await expect(page.getByRole('button', { name: /收\s*货/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /关\s*闭/ })).toHaveCount(0);
  await screenshot(page, 'purchase-order-detail');

  // The task completed by itself; the list shows the order as 已到货.
  const taskInfo = await api(request, token, '/admin/procurement_task/info', { id: task.id });
  expect(taskInfo.data.status).toBe('completed');
  await page.goto(`/procurementManagement/purchaseOrderList?keyword=${orderCode}`);
  const row = page.locator('.ant-table-row', { hasText: orderCode });
  await expect(row).toContainText('已到货');
  await expect(row).toContainText('140/140');
  await screenshot(page, 'purchase-order-list');
});

test('the workbench shows 待收货 and the open orders, each linking to its order', async ({ page }) => {
  await login(page);
  const orders = page.locator('.ant-card', { hasText: '未完成订单' });
  await expect(orders).toBeVisible();
  await expect(page.locator('[data-todo="ordersToReceive"]')).toBeVisible();
  await screenshot(page, 'workbench-orders');
  await orders.locator('.ant-list-item a').first().click();
  await expect(page).toHaveURL(/purchaseOrderDetail\?id=\d+/);
  await expect(page.locator('.ant-card').first()).toContainText('采购订单详情');
});

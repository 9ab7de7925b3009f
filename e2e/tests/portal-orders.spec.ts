import { expect, type Page, test } from '@playwright/test';
import { api, apiLogin, creditCode, login, screenshot, expectAccessible, unreadCount, phoneContext, portalSignIn } from '../support/app';

const stamp = Date.now().toString().slice(-6);
const supplierName = `E2E订单门户${stamp}有限公司`;
const email = `portal-order-${stamp}@example.com`;
const PASSWORD = 'Order2026ok';
const taskName = `E2E门户订单${stamp}`;

const bell = (page: Page) => page.getByTestId('message-bell');

test('a supplier sees its new order after the award, confirms it on a phone, and the buyer’s bell counts up', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const commodities = (await api(request, token, '/admin/commodity/options', { limit: 2 })).data as { value: number }[];
  const supplier = await api(request, token, '/admin/supplier/create', {
    name: supplierName,
    credit_code: creditCode(`91330100MA7${stamp}`),
    contact_person: '陈经理',
    phone: '13800138000',
    region_code: '330100',
    settlement_type: 'monthly',
    grade: 'A',
    status: 'enabled',
  });
  expect(supplier.code, JSON.stringify(supplier)).toBe(200);
  const account = await api(request, token, '/admin/portal_account/create', { supplier_id: supplier.data.id, email, name: '陈小姐' });
  const activation = new URL(account.data.activation_url, 'http://x').searchParams.get('token');
  expect((await api(request, '', '/portal/account/activate', { token: activation, password: PASSWORD })).code).toBe(200);
  const portalToken = (await api(request, '', '/portal/login', { email, password: PASSWORD })).data.token as string;

  // An open task for this supplier, quoted in the portal, closed and awarded by the buyer (the administrator).
  const task = await api(request, token, '/admin/procurement_task/create', {
    name: taskName,
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
    lines: lines.map((line) => ({ task_line_id: line.id, supplier_id: supplier.data.id, reason: '唯一报价' })),
  });
  expect(award.code, JSON.stringify(award)).toBe(200);
  const [order] = (await api(request, portalToken, '/portal/purchase_order/list', {})).data.list;

  // The buyer watches its bell.
  await login(page);
  const before = await unreadCount(page);

  // The supplier, on a phone: the bell tells of the new order and opens it.
  const context = await phoneContext(browser);
  const phone = await context.newPage();
  await phone.goto('/portal/login');
  // The sign-in screen is plain markup, no antd: its controls still name themselves.
  await expectAccessible(phone, 'portal login');
  await portalSignIn(phone, email, PASSWORD);
  // 新询价, 询价提前截止 (the buyer closed quoting before the deadline) and 新采购订单.
  await expect(phone.getByTestId('portal-bell-count')).toHaveText('3');
  // On the phone a long supplier name ends in an ellipsis beside the count, never under it.
  const badge = await phone.getByTestId('portal-bell-count').boundingBox();
  const nameBox = await phone.locator('.portal-supplier').boundingBox();
  expect(badge!.x + badge!.width).toBeLessThanOrEqual(nameBox!.x);
  await phone.getByTestId('portal-bell').click();
  const panel = phone.getByTestId('portal-bell-panel');
  await expect(panel).toContainText(`新采购订单：${order.code}`);
  await expect(panel).toContainText(`新询价：`);
  await expect(panel).toContainText(`询价提前截止：`);
  await phone.screenshot({ path: 'screenshots/portal-bell-phone.png' });
  await panel.getByRole('button', { name: new RegExp(`新采购订单：${order.code}`) }).click();
  await expect(phone).toHaveURL(new RegExp(`/portal/orders/detail\\?id=${order.id}$`));
  await expect(phone.getByTestId('portal-bell-count')).toHaveText('2');

  // Its orders: the list, then the detail with lines, totals and 确认订单.
  await phone.getByRole('link', { name: '我的订单' }).click();
  const row = phone.getByTestId(`order-${order.code}`);
  await expect(row).toContainText('待确认');
  await expect(row).toContainText('¥1,794.50');
  await expectAccessible(phone, 'portal order list');
  await phone.screenshot({ path: 'screenshots/portal-orders-phone.png', fullPage: true });
  await row.click();
  const summary = phone.getByTestId('order-summary');
  await expect(summary).toContainText(order.code);
  await expect(summary).toContainText('待确认');
  await expect(phone.getByTestId('order-total')).toHaveText('订单总额 ¥1,794.50');
  await expect(phone.getByText('¥36.80 × 40')).toBeVisible();
  await expect(phone.getByText('已到 0 / 40')).toBeVisible();
  await expectAccessible(phone, 'portal order detail');
  await phone.screenshot({ path: 'screenshots/portal-order-detail-phone.png', fullPage: true });
  await phone.getByTestId('confirm-order').click();
  const dialog = phone.getByRole('dialog', { name: `确认订单 ${order.code}？` });
  await expect(dialog).toContainText('¥1,794.50');
  await dialog.getByRole('button', { name: '确认订单' }).click();
  await expect(summary).toContainText('已确认');
  await expect(phone.getByTestId('confirm-order')).toHaveCount(0);
  await phone.screenshot({ path: 'screenshots/portal-order-confirmed-phone.png', fullPage: true });

  // The buyer's bell counts up over the stream, and the message names the order.
  await expect(bell(page)).toHaveAttribute('data-unread', String(before + 1), { timeout: 5000 });
  await bell(page).click();
  await expect(page.getByText(`订单已确认：${order.code}`)).toBeVisible();
  await screenshot(page, 'portal-order-confirmed-buyer-bell');

  // An address the portal has no page for, signed in: a notice inside the frame.
  await phone.goto('/portal/no-such-page');
  await expect(phone.getByText('页面不存在')).toBeVisible();
  await expect(phone.getByTestId('portal-bell')).toBeVisible();
  await context.close();
});

import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, apiLogin, login, screenshot, unreadCount } from '../support/app';

async function asUser(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, email);
  return page;
}

const bell = (page: Page) => page.getByTestId('message-bell');

test("the approver's bell counts up while the planner submits, and the message opens the plan", async ({ browser, request }) => {
  const streams: string[] = [];
  const approverBrowser = await browser.newContext();
  approverBrowser.on('request', (r) => {
    if (r.url().includes('/api/admin/message/stream')) streams.push(r.url());
  });
  const manager = await approverBrowser.newPage();
  await login(manager, 'manager@jiaju.com');
  // A second tab of the same browser (opened from the first, so signed in too): it shares the first
  // tab's stream instead of opening its own.
  const [secondTab] = await Promise.all([approverBrowser.waitForEvent('page'), manager.evaluate(() => window.open('/dashboard/basic', '_blank'))]);
  await expect(bell(secondTab)).toBeVisible();
  const before = await unreadCount(manager);

  const planner = await asUser(browser, 'planner@jiaju.com');
  const token = await apiLogin(request, 'planner@jiaju.com');
  const goods = (await api(request, token, '/admin/commodity/list', { page_size: 2, status: 'enabled' })).data.list;
  const created = await api(request, token, '/admin/planning_task/create', {
    name: '消息验收计划',
    plan_type: 'regular',
    warehouse: 'sh_jiading',
    period_start: '2026-12-01',
    period_end: '2026-12-31',
    lines: [{ commodity_id: goods[0].id, quantity: 12 }],
  });
  expect(created.code, created.message).toBe(200);
  const planId = created.data.id as number;
  await planner.goto(`/planningManagement/planningTaskDetail?id=${planId}`);
  await planner.getByRole('button', { name: /^提\s*交$/ }).click();
  await planner
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(planner.locator('.ant-card-head-title .ant-tag').first()).toHaveText('待审核');

  // Live: both tabs of the approver's browser count up without a reload, over one stream.
  await expect(bell(manager)).toHaveAttribute('data-unread', String(before + 1), { timeout: 5000 });
  await expect(bell(secondTab)).toHaveAttribute('data-unread', String(before + 1), { timeout: 5000 });
  expect(streams).toHaveLength(1);
  await expect(manager.locator('.ant-notification')).toContainText('计划待审核');

  await bell(manager).click();
  const first = manager.getByTestId('message-item').first();
  await expect(first).toContainText('王计划 提交了计划「消息验收计划」，请审核。');
  await screenshot(manager, 'messages-drawer');
  const axe = await new AxeBuilder({ page: manager }).include('.ant-drawer').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);
  await first.click();
  await expect(manager).toHaveURL(new RegExp(`planningTaskDetail\\?id=${planId}$`));
  await expect(manager.locator('.ant-card-head-title').first()).toContainText('消息验收计划');
  await expect(bell(manager)).toHaveAttribute('data-unread', String(before));

  // 消息中心 from the user menu: the message is read now; 未读 leaves it out; it opens the plan by the jump.
  await manager.getByTestId('user-menu').click();
  await manager.getByRole('menuitem', { name: /消息中心/ }).click();
  await expect(manager).toHaveURL(/\/message\/center$/);
  await expect(manager.locator('.opened-tabs')).toContainText('消息中心');
  const row = manager.locator('.ant-table-row', { hasText: '消息验收计划' }).first();
  await expect(row).toContainText('已读');
  await screenshot(manager, 'messages-center');
  await row.getByRole('button', { name: /计划待审核/ }).click();
  await expect(manager).toHaveURL(new RegExp(`planningTaskDetail\\?id=${planId}$`));
  await expect(manager.locator('.opened-tabs')).not.toContainText('消息中心');
});

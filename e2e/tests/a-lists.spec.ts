import { expect, type Page, test } from '@playwright/test';
import { api, apiLogin, exportedSheets, login, openFromMenu, pickOption, screenshot } from '../support/app';

/** Every list page, with the column that carries its status (the operation log's is its 操作 tag). */
const LISTS = [
  { name: 'plans', title: '计划任务列表', path: '/planningManagement/planningTaskList', status: '状态' },
  { name: 'tasks', title: '采购任务列表', path: '/procurementManagement/procurementTaskList', status: '状态' },
  { name: 'purchase-orders', title: '采购订单', path: '/procurementManagement/purchaseOrderList', status: '状态' },
  { name: 'suppliers', title: '供应商管理', path: '/procurementManagement/supplierManagement', status: '状态' },
  { name: 'commodities', title: '商品列表', path: '/commodityManagement/commodityList', status: '状态' },
  { name: 'categories', title: '商品分类', path: '/commodityManagement/commodityClassification', status: '状态' },
  { name: 'price-templates', title: '配送价格模板', path: '/basicData/priceModel', status: '状态' },
  { name: 'dictionary', title: '数据字典', path: '/basicData/dataDictionary', status: '状态' },
  { name: 'dictionary-detail', title: '数据字典详情', path: '/basicData/dataDictionaryDetail?code=unit', status: '状态' },
  { name: 'roles', title: '角色管理', path: '/permissionManagement/roleManagement', status: '状态' },
  { name: 'menus', title: '菜单管理', path: '/permissionManagement/menuManagement', status: '状态' },
  { name: 'users', title: '用户管理', path: '/permissionManagement/userManagement', status: '状态' },
  { name: 'operation-log', title: '操作日志', path: '/permissionManagement/operationLog', status: '操作' },
];

const stamp = Date.now().toString().slice(-6);
const table = (page: Page) => page.locator('.table-card .ant-table').first();
const firstRow = (page: Page) => table(page).locator('tbody tr.ant-table-row').first();

/** The status header cell and the first row's cell under it, found by the header's position. */
async function statusCells(page: Page, title: string) {
  const headers = table(page).locator('thead').first().locator('th');
  const texts = await headers.allInnerTexts();
  const index = texts.findIndex((text) => text.trim() === title);
  expect(index, `${title} column among ${texts.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return { header: headers.nth(index), cell: firstRow(page).locator(':scope > td').nth(index) };
}

/** True when the element's centre is on screen and the topmost element there is the element itself (not a fixed column over it). */
async function onScreenAndUncovered(page: Page, element: ReturnType<Page['locator']>) {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return 'no box';
  if (box.x < 0 || box.x + box.width > viewport.width) return `outside the viewport: x ${box.x}, width ${box.width}`;
  const covered = await element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return top && (node === top || node.contains(top)) ? '' : `covered by ${top?.className ?? 'nothing'}`;
  });
  return covered || 'ok';
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width}×${viewport.height} every list shows its status column uncovered, with its page title`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await login(page);
    for (const list of LISTS) {
      await page.goto(list.path);
      await expect(page).toHaveTitle(`${list.title} - 悦居供应链`);
      await expect(firstRow(page)).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
      const { header, cell } = await statusCells(page, list.status);
      await cell.scrollIntoViewIfNeeded();
      expect(await onScreenAndUncovered(page, header), `${list.name}: header`).toBe('ok');
      expect(await onScreenAndUncovered(page, cell), `${list.name}: first row`).toBe('ok');
      // Nothing scrolls sideways at these widths.
      const scroller = table(page).locator('.ant-table-content, .ant-table-body').first();
      const overflow = await scroller.evaluate((node) => node.scrollWidth - node.clientWidth);
      expect(overflow, `${list.name} scrolls sideways`).toBeLessThanOrEqual(1);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `lists-${list.name}-${viewport.width}`);
    }
  });
}

test('the login page has its title', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('登录 - 悦居供应链');
});

test('column settings and density are remembered across a reload', async ({ page }) => {
  await login(page);
  await page.goto('/planningManagement/planningTaskList');
  await expect(firstRow(page)).toBeVisible({ timeout: 30_000 });
  const headers = table(page).locator('thead').first();
  await expect(headers).toContainText('进度');

  await page.getByRole('button', { name: '列设置' }).click();
  const panel = page.locator('.column-settings');
  await panel.getByRole('checkbox', { name: '进度' }).uncheck();
  await expect(panel.getByRole('checkbox', { name: '状态' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(headers).not.toContainText('进度');

  await page.getByRole('button', { name: '密度' }).click();
  await page.getByRole('menuitem', { name: '紧凑' }).click();
  await expect(table(page)).toHaveClass(/ant-table-small/);

  await page.reload();
  await expect(firstRow(page)).toBeVisible({ timeout: 30_000 });
  await expect(table(page).locator('thead').first()).not.toContainText('进度');
  await expect(table(page).locator('thead').first()).toContainText('状态');
  await expect(table(page)).toHaveClass(/ant-table-small/);
  // A hidden column is still one click away: the row's expanded part shows it.
  await firstRow(page).locator('.ant-table-row-expand-icon').click();
  await expect(table(page).locator('.row-details').first()).toContainText('进度');
});

test('a plan list filter survives closing its tab and reopening the page from the sidebar', async ({ page }) => {
  await login(page);
  await openFromMenu(page, '计划管理', '计划任务列表');
  await pickOption(page, page.locator('.filter-form .ant-form-item').filter({ hasText: '状态' }), '草稿', { exact: true });
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/status=draft/);

  const tab = page.locator('.opened-tabs .ant-tabs-tab').filter({ hasText: '计划任务列表' });
  await tab.locator('.ant-tabs-tab-remove').click();
  await expect(page.locator('.opened-tabs')).not.toContainText('计划任务列表');

  await openFromMenu(page, '计划管理', '计划任务列表');
  await expect(page).toHaveURL(/status=draft/);
  await expect(page.locator('.filter-form .ant-form-item').filter({ hasText: '状态' })).toContainText('草稿');
});

test('batch export of two selected plans and a batch submit with its summary', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request);
  const commodities = (await api(request, admin, '/admin/commodity/options', { limit: 1 })).data as { value: number }[];
  const prefix = `E2E批量${stamp}`;
  const ids: number[] = [];
  for (const n of [1, 2, 3]) {
    const created = await api(request, admin, '/admin/planning_task/create', {
      name: `${prefix}-${n}`,
      plan_type: 'regular',
      warehouse: 'sh_jiading',
      period_start: '2027-04-01',
      period_end: '2027-04-30',
      lines: [{ commodity_id: commodities[0].value, quantity: 10 * n }],
    });
    expect(created.code, created.message).toBe(200);
    ids.push(created.data.id);
  }
  // The third is submitted already: the batch submit must report it as failed with the reason.
  const third = (await api(request, admin, '/admin/planning_task/info', { id: ids[2] })).data;
  expect((await api(request, admin, '/admin/planning_task/submit', { id: ids[2], version: third.version })).code).toBe(200);

  await login(page);
  await page.goto(`/planningManagement/planningTaskList?keyword=${encodeURIComponent(prefix)}&sortField=name&sortOrder=ascend`);
  const rows = table(page).locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  const codes = (await rows.allInnerTexts()).map((text) => /JH\d{12}/.exec(text)?.[0] ?? '');

  await rows.nth(0).locator('.ant-checkbox-input').check();
  await rows.nth(1).locator('.ant-checkbox-input').check();
  const sheets = await exportedSheets(page, '导出选中');
  const exported = sheets[0].rows.slice(1).map((row) => String(row[0]));
  expect(exported.sort()).toEqual([codes[0], codes[1]].sort());

  await rows.nth(2).locator('.ant-checkbox-input').check();
  await page.getByRole('button', { name: /批量操作/ }).click();
  await page.getByRole('menuitem', { name: '批量提交' }).click();
  const summary = page.locator('.ant-modal-confirm');
  await expect(summary).toContainText('批量提交：2 成功，1 失败');
  await expect(summary).toContainText(`${codes[2]}：当前状态不能提交`);
  await screenshot(page, 'lists-batch-summary');
  await summary.getByRole('button', { name: '知道了' }).click();
  await expect(rows.filter({ hasText: '待审核' })).toHaveCount(3);
});

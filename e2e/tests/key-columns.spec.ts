import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { api, apiLogin, login, screenshot } from '../support/app';
import { createPublishedTask, createSupplier, saveQuote } from '../support/procurement';

/**
 * At 1280×800, the smallest laptop screen in use, the columns a person decides by stay inside the
 * window without scrolling sideways, and their figures are not cut.
 */
const stamp = Date.now().toString().slice(-6);
test.use({ viewport: { width: 1280, height: 800 } });

/** Where the element sits against the window: '' when wholly inside it and not covered, else why not. */
async function placement(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return 'not shown';
  if (box.x < 0 || box.x + box.width > viewport.width + 0.5) return `outside the window: x ${Math.round(box.x)}, width ${Math.round(box.width)}`;
  return element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return top && (node === top || node.contains(top) || top.contains(node)) ? '' : `covered by ${top?.className ?? 'nothing'}`;
  });
}

/** True when the element's text is cut (wider than its box). */
const clipped = (element: Locator) => element.evaluate((node) => node.scrollWidth > node.clientWidth + 1);

/** Every named header of the table is inside the window, and the table does not scroll sideways. */
async function expectColumnsInView(page: Page, table: Locator, titles: string[]) {
  const headers = table.locator('thead').first().locator('th');
  const texts = (await headers.allInnerTexts()).map((text) => text.trim());
  for (const title of titles) {
    const index = texts.findIndex((text) => text.startsWith(title));
    expect(index, `${title} among ${texts.join(' | ')}`).toBeGreaterThanOrEqual(0);
    expect(await placement(page, headers.nth(index)), title).toBe('');
  }
  const scroller = table.locator('.ant-table-content, .ant-table-body').first();
  const overflow = await scroller.evaluate((node) => node.scrollWidth - node.clientWidth);
  expect(overflow, 'the table scrolls sideways').toBeLessThanOrEqual(1);
}

async function cellUnder(table: Locator, row: Locator, title: string) {
  const texts = (await table.locator('thead').first().locator('th').allInnerTexts()).map((text) => text.trim());
  return row.locator(':scope > td').nth(texts.findIndex((text) => text.startsWith(title)));
}

async function threeQuotedTask(request: APIRequestContext, token: string) {
  const commodities = (await api(request, token, '/admin/commodity/options', { limit: 3 })).data as { value: number; sku_code: string }[];
  const supplierNames = [`E2E宽度测试家居用品${stamp}有限公司`, `E2E宽度测试日用品${stamp}制造厂`, `E2E宽度测试收纳${stamp}商行`];
  const supplierIds: number[] = [];
  for (const [k, name] of supplierNames.entries())
    supplierIds.push(await createSupplier(request, token, { name, creditBody: `91330100MB${stamp}${k}` }));
  const task = await createPublishedTask(request, token, {
    name: `E2E宽度比价${stamp}`,
    delivery_region_code: '310114',
    lines: commodities.map((c, i) => ({ commodity_id: c.value, quantity: 1200 + 100 * i, target_price_fen: 1_250_000 })),
    supplier_ids: supplierIds,
  });
  for (const [k, supplierId] of supplierIds.entries()) {
    await saveQuote(request, token, {
      task_id: task.id,
      supplier_id: supplierId,
      tax_rate_percent: 13,
      freight_fen: 120_000 * (k + 1),
      lines: task.lines.map((line, i) => ({
        task_line_id: line.id,
        unit_price_fen: 1_150_000 + 35_000 * ((i + k) % 3),
        moq: 10,
        lead_time_days: 5 + k,
      })),
    });
  }
  const info = await api(request, token, '/admin/procurement_task/info', { id: task.id });
  expect((await api(request, token, '/admin/procurement_task/close_quote', { id: task.id, version: info.data.version })).code).toBe(200);
  return { id: task.id, supplierNames };
}

test('the plan list at 1280×800 shows code and name, status, budget, progress, type and warehouse, owner, period and actions', async ({ page }) => {
  await login(page);
  await page.goto('/planningManagement/planningTaskList');
  const table = page.locator('.table-card .ant-table').first();
  const row = table.locator('tbody tr.ant-table-row').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'key-columns-plan-list-1280');
  await expectColumnsInView(page, table, ['计划编号 / 名称', '状态', '预算总额', '进度', '类型 / 仓库', '负责人', '计划周期', '操作']);
  const budget = (await cellUnder(table, row, '预算总额')).locator('.money');
  await expect(budget).toHaveText(/^[\d,]+\.\d{2}$/);
  expect(await clipped(budget), 'budget cut').toBe(false);
  // The plan's name and its warehouse are read in their shared cells, not left to a tooltip.
  await expect((await cellUnder(table, row, '计划编号')).locator('.cell-stack-text')).toHaveText(/\S/);
  await expect((await cellUnder(table, row, '类型 / 仓库')).locator('.cell-stack-secondary')).toHaveText(/仓/);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'key-columns-plan-list-1440');
});

test('the task list at 1280×800 shows landed cost, buyer and quote deadline', async ({ page }) => {
  await login(page);
  await page.goto('/procurementManagement/procurementTaskList');
  const table = page.locator('.table-card .ant-table').first();
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'key-columns-task-list-1280');
  await expectColumnsInView(page, table, ['任务编号', '任务名称', '状态', '到货成本', '采购员', '报价截止', '操作']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'key-columns-task-list-1440');
});

test('plan lines at 1280×800 keep 删除 in the window', async ({ page, request }) => {
  const token = await apiLogin(request);
  const commodities = (await api(request, token, '/admin/commodity/options', { limit: 2 })).data as { value: number }[];
  const plan = await api(request, token, '/admin/planning_task/create', {
    name: `E2E宽度计划${stamp}`,
    plan_type: 'regular',
    warehouse: 'sh_jiading',
    period_start: '2027-04-01',
    period_end: '2027-04-30',
    lines: commodities.map((c, i) => ({ commodity_id: c.value, quantity: 1000 * (i + 1), budget_unit_price_fen: 1_234_500 })),
  });
  expect(plan.code, plan.message).toBe(200);
  await login(page);
  await page.goto(`/planningManagement/planningTaskDetail?id=${plan.data.id}`);
  const lines = page.locator('.ant-table', { has: page.locator('th', { hasText: '需求日期' }) }).first();
  await expect(lines.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await screenshot(page, 'key-columns-plan-lines-1280');
  // Date, remark and progress may scroll; what is planned, at what price, and 删除 may not.
  for (const title of ['SKU编码', '商品', '计划数量', '预算单价', '预算金额', '操作']) {
    const header = lines.locator('thead th', { hasText: title }).first();
    expect(await placement(page, header), title).toBe('');
  }
  expect(await placement(page, lines.getByRole('button', { name: /删\s*除/ }).first())).toBe('');
});

test('the comparison and the award drawer at 1280×800: savings in view, names on one line, amounts with separators', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const { id, supplierNames } = await threeQuotedTask(request, token);
  await login(page);
  await page.goto(`/procurementManagement/procurementTaskMaintain?id=${id}`);
  const matrix = page.locator('.comparison-matrix');
  await expect(matrix.locator('.matrix-cell').first()).toBeVisible();
  // The quote form above it: the freight choice keeps both options on one line beside the amount.
  const manual = await page.getByText('手工填写', { exact: true }).first().boundingBox();
  const estimated = await page.getByText('按模板估算', { exact: true }).first().boundingBox();
  expect(manual && estimated && Math.abs(manual.y - estimated.y) < 2, 'freight choices on one line').toBe(true);
  await screenshot(page, 'key-columns-quote-editor-1280');
  await matrix.scrollIntoViewIfNeeded();
  await screenshot(page, 'key-columns-matrix-1280');
  const table = matrix.locator('.ant-table').first();
  const overflow = await table
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((node) => node.scrollWidth - node.clientWidth);
  expect(overflow, 'the matrix scrolls sideways').toBeLessThanOrEqual(1);
  const savings = matrix.locator('.ant-table-tbody tr', { hasText: '较目标价节省' });
  await savings.scrollIntoViewIfNeeded();
  for (const cell of await savings.locator('td').all()) expect(await placement(page, cell)).toBe('');

  await page.getByRole('button', { name: '定标' }).click();
  const award = page.getByRole('dialog', { name: /^定标/ });
  await expect(award).toBeVisible();
  await screenshot(page, 'key-columns-award-1280');
  const rows = award.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  // Every header on one line and inside the drawer.
  for (const header of await award.locator('thead th').all()) {
    const box = await header.boundingBox();
    expect(box && box.height < 48, `${await header.innerText()} wraps`).toBe(true);
    expect(await placement(page, header)).toBe('');
  }
  for (const row of await rows.all()) {
    // The chosen supplier's whole name on one line, amounts with separators on one line each.
    const choice = row.locator('.ant-select');
    await expect(choice).toContainText(/E2E宽度测试/);
    const label = choice.locator('.ant-select-content, .ant-select-selection-item').first();
    expect(await clipped(label), 'supplier name cut').toBe(false);
    for (const money of await row.locator('.money').all()) {
      await expect(money).toHaveText(/^¥\d{1,3}(,\d{3})*\.\d{2}$/);
      const box = await money.boundingBox();
      expect(box && box.height < 24, `${await money.innerText()} wraps`).toBe(true);
    }
  }
  expect(supplierNames).toHaveLength(3);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'key-columns-award-1440');
});

import { expect, type Page, test } from '@playwright/test';
import { login, screenshot } from '../support/app';

const CHARTS = ['月度定标货值', '分类定标货值', '供应商定标货值 TOP10', '计划状态漏斗', '供应商报价响应率', '节约率趋势'];

const chart = (page: Page, title: string) => page.locator(`.board-chart[data-chart="${title}"]`);
const kpi = (page: Page, title: string) => page.locator(`.kpi-card[data-kpi="${title}"] .kpi-value`);

async function openBoard(page: Page) {
  await page
    .locator('.shell-sider')
    .getByRole('menuitem', { name: /数据看板/ })
    .click();
  await expect(page).toHaveURL(/\/dataBoard/);
  for (const title of CHARTS) await expect(chart(page, title).locator('canvas').first()).toBeVisible();
  await expect(page.locator('.board-chart[data-rendered="true"]')).toHaveCount(CHARTS.length);
}

test.describe('数据看板', () => {
  test('renders every chart and the KPI cards with the demo data', async ({ page }) => {
    await login(page);
    await openBoard(page);
    await expect(kpi(page, '定标货值')).toHaveText(/^¥[\d,]+\.\d{2}$/);
    await expect(kpi(page, '可抵扣进项税')).toHaveText(/^¥[\d,]+\.\d{2}$/);
    await expect(kpi(page, '较平均报价节约率')).toHaveText(/^-?\d+\.\d{2}%$/);
    await expect(page.locator('.kpi-card')).toHaveCount(7);
    await expect(page.getByText(/对比上期：\d{4}-\d{2}-\d{2} 至/)).toBeVisible();
    await screenshot(page, 'data-board');
    await chart(page, '节约率趋势').scrollIntoViewIfNeeded();
    await expect(chart(page, '节约率趋势')).toHaveAttribute('data-rendered', 'true');
    await screenshot(page, 'data-board-charts');
  });

  test('draws its charts again when its tab is shown again', async ({ page }) => {
    await login(page);
    await openBoard(page);
    await page.locator('.opened-tabs .ant-tabs-tab', { hasText: '工作台' }).click();
    await expect(page.locator('.shell-content')).toContainText('快捷入口');
    await expect(page.locator('.board-chart')).toHaveCount(0);
    await page.locator('.opened-tabs .ant-tabs-tab', { hasText: '数据看板' }).click();
    for (const title of CHARTS) await expect(chart(page, title).locator('canvas').first()).toBeVisible();
    await expect(page.locator('.board-chart[data-rendered="true"]')).toHaveCount(CHARTS.length);
    await screenshot(page, 'data-board-shown-again');
  });

  test('the category filter changes the figures and stays in the URL', async ({ page }) => {
    await login(page);
    await openBoard(page);
    const before = await kpi(page, '定标货值').innerText();
    await page.locator('.filter-form .ant-select').click();
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '厨房用品' }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(/categoryId=\d+/);
    await expect(kpi(page, '定标货值')).not.toHaveText(before);
    await expect(page.locator('.board-chart .ant-spin-spinning')).toHaveCount(0);
    await screenshot(page, 'data-board-kitchen');

    // The tab reopens where it was: the filter comes back from the URL after a reload.
    const filtered = await kpi(page, '定标货值').innerText();
    await page.reload();
    await expect(kpi(page, '定标货值')).toHaveText(filtered);
    await expect(page.locator('.filter-form .ant-select')).toContainText('厨房用品');
  });

  test('an empty period shows the empty states', async ({ page }) => {
    await login(page);
    await page.goto('/dataBoard?dateFrom=2020-01-01&dateTo=2020-01-31');
    await expect(kpi(page, '定标货值')).toHaveText('¥0.00');
    await expect(chart(page, '月度定标货值').getByText('所选期间暂无数据')).toBeVisible();
    await expect(chart(page, '供应商定标货值 TOP10').getByText('所选期间暂无数据')).toBeVisible();
  });

  test('saves a chart as PNG', async ({ page }) => {
    await login(page);
    await openBoard(page);
    const download = page.waitForEvent('download');
    await chart(page, '月度定标货值').getByRole('button', { name: '保存为PNG' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('月度定标货值.png');
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.length).toBeGreaterThan(5000);
  });
});

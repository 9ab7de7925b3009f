import { expect, type Page, test } from '@playwright/test';
import { expandRegions, exportedSheets, login, openFromMenu, pickRegion, screenshot } from '../support/app';

const drawer = (page: Page) => page.getByRole('dialog', { name: /配送模板/ });

/** Ticks a region in a multi-select cascader: expands the path, then checks the last entry. */
async function tickRegion(page: Page, cascaderLabel: string, path: string[]) {
  const last = await expandRegions(page, drawer(page).getByLabel(cascaderLabel), path);
  await last.locator('.ant-cascader-checkbox').click();
  await page.locator('.ant-drawer-title').click();
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
}

async function fillRow(page: Page, testId: string, values: number[]) {
  const row = drawer(page).getByTestId(testId);
  const inputs = row.locator('input.ant-input-number-input');
  for (const [i, value] of values.entries()) await inputs.nth(i).fill(String(value));
}

const pickDestination = (page: Page, path: string[]) => pickRegion(page, page.locator('.ant-cascader').first(), path);

test('build a weight template with region rows, a free row and a no-delivery region, then estimate with it', async ({ page }) => {
  await login(page);
  await openFromMenu(page, '基础数据', '配送价格模板');
  await expect(page.locator('.table-card')).toContainText('顺丰标准-按重量');
  await screenshot(page, 'price-template-list');

  await page.getByRole('button', { name: '新建' }).click();
  await drawer(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(drawer(page)).toContainText('请输入模板名称');
  await drawer(page).getByLabel('模板名称').fill('E2E快递-按重量');
  await drawer(page).getByText('按重量', { exact: true }).click();
  await fillRow(page, 'charge-row-0', [1, 10, 1, 5]);
  await drawer(page).getByRole('button', { name: '为指定地区设置运费' }).click();
  await tickRegion(page, '计费规则1地区', ['江苏省', '南京市']);
  await fillRow(page, 'charge-row-0', [1, 8, 1, 3]);
  await drawer(page).getByRole('button', { name: '为指定地区设置运费' }).click();
  await tickRegion(page, '计费规则1地区', ['广东省', '深圳市', '南山区']);
  await fillRow(page, 'charge-row-0', [1, 6, 1, 2]);
  await drawer(page).getByRole('button', { name: '添加包邮规则' }).click();
  await fillRow(page, 'free-row-0', [2, 100]);
  // A region already in one row cannot be ticked in another.
  const taken = await expandRegions(page, drawer(page).getByLabel('计费规则1地区'), ['江苏省', '南京市']);
  await expect(taken.locator('.ant-cascader-checkbox')).toHaveClass(/ant-cascader-checkbox-disabled/);
  await page.locator('.ant-drawer-title').click();
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
  await tickRegion(page, '不配送区域', ['西藏自治区']);
  await screenshot(page, 'price-template-editor');
  await drawer(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(drawer(page)).toHaveCount(0);
  const row = page.locator('.table-card').getByRole('row', { name: /E2E快递-按重量/ });
  await expect(row).toContainText('3 条');
  await expect(row).toContainText('首重 1kg ¥10.00，续重 1kg ¥5.00');

  await openFromMenu(page, '成本管理', '配送费用估算');
  await page.getByText('自定义货物', { exact: true }).click();
  const line = page.getByTestId('cargo-line-0');
  await line.getByLabel('配送模板').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'E2E快递-按重量' }).click();
  await line.getByLabel('数量').fill('3');
  await line.getByLabel('单件重量').fill('1.2');
  await line.getByLabel('货值').fill('50');

  const estimateTo = async (path: string[]) => {
    await pickDestination(page, path);
    await page.getByRole('button', { name: '估算运费' }).click();
    return page.locator('.freight-group').first();
  };

  const district = await estimateTo(['广东省', '深圳市', '南山区']);
  await expect(district).toContainText('区县：广东省 / 深圳市 / 南山区');
  await expect(district).toContainText('3.6kg（3,600 g）');
  await expect(district).toContainText('¥6.00 + ⌈(3.6kg − 1kg) ÷ 1kg⌉ × ¥2.00 = ¥6.00 + 3 × ¥2.00 = ¥12.00');
  await expect(district).toContainText('不满足包邮条件');
  await expect(page.locator('.freight-total')).toContainText('12.00');
  await screenshot(page, 'cost-calculate-district');

  const city = await estimateTo(['江苏省', '南京市', '玄武区']);
  await expect(city).toContainText('城市：江苏省 / 南京市');
  await expect(page.locator('.freight-total')).toContainText('17.00');

  const fallback = await estimateTo(['上海市', '上海市', '黄浦区']);
  await expect(fallback).toContainText('全国默认');
  await expect(fallback).toContainText('= ¥25.00');
  await expect(page.locator('.freight-total')).toContainText('25.00');

  const tibet = await estimateTo(['西藏自治区', '拉萨市', '城关区']);
  await expect(tibet).toContainText('该地区不配送');
  await expect(page.locator('.freight-total')).toContainText('0.00');
  await screenshot(page, 'cost-calculate-no-delivery');

  // Light cargo with enough goods value is free under the nationwide free row (≤ 2kg 且 ≥ ¥100).
  await line.getByLabel('数量').fill('1');
  await line.getByLabel('货值').fill('120');
  const free = await estimateTo(['上海市', '上海市', '黄浦区']);
  await expect(free).toContainText('满足包邮条件');
  await expect(page.locator('.freight-total')).toContainText('0.00');

  await line.getByLabel('数量').fill('3');
  await page.getByRole('button', { name: '比较所有模板' }).click();
  const compare = page.locator('.ant-card').filter({ hasText: '所有启用模板的运费比较' });
  await expect(compare).toContainText('最便宜');
  await expect(compare).toContainText('E2E快递-按重量');
  await screenshot(page, 'cost-calculate-compare');
});

/** Picks a commodity on a line by searching its SKU code. */
async function pickCommodity(page: Page, lineIndex: number, sku: string) {
  const line = page.getByTestId(`commodity-line-${lineIndex}`);
  const picker = line.getByRole('combobox', { name: '商品' });
  await picker.click();
  await picker.fill(sku);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: sku }).click();
  await expect(line).toContainText(sku);
}

test('estimate commodities with quantities: each priced with its own template, weight and reference price', async ({ page }) => {
  await login(page);
  await openFromMenu(page, '成本管理', '配送费用估算');
  // 富安娜 浴巾 405 g ¥48.90 ×3 and 梦洁 地巾 239 g ¥62.90 ×2, both on 顺丰标准-按重量.
  await pickCommodity(page, 0, 'JF0102-0000004');
  const first = page.getByTestId('commodity-line-0');
  await expect(first).toContainText('顺丰标准-按重量（按重量）');
  await expect(first).toContainText('单件 0.405kg');
  await first.getByLabel('数量').fill('3');
  await page.getByRole('button', { name: '添加商品' }).click();
  await pickCommodity(page, 1, 'JF0103-0000007');
  await page.getByTestId('commodity-line-1').getByLabel('数量').fill('2');
  // A decoration has no template yet: the line says so before and after asking.
  await page.getByRole('button', { name: '添加商品' }).click();
  await pickCommodity(page, 2, 'ZS0101-0000154');
  const third = page.getByTestId('commodity-line-2');
  await expect(third).toContainText('未设置配送模板');
  await pickDestination(page, ['广东省', '深圳市', '南山区']);
  await page.getByRole('button', { name: '估算运费' }).click();
  await expect(third.locator('.ant-form-item-explain-error')).toHaveText('第3项的商品未设置配送模板，请先在商品资料中设置');
  await screenshot(page, 'cost-calculate-commodity-no-template');
  await third.getByRole('button', { name: '删除商品行' }).click();

  await page.getByRole('button', { name: '估算运费' }).click();
  const group = page.locator('.freight-group').first();
  await expect(group).toContainText('顺丰标准-按重量');
  await expect(group).toContainText('城市：广东省 / 深圳市');
  await expect(group).toContainText('1.693kg（1,693 g）');
  await expect(group).toContainText('不满足包邮条件：满¥299.00（货值¥272.50）✗');
  await expect(group).toContainText('¥11.00 + ⌈(1.693kg − 1kg) ÷ 1kg⌉ × ¥2.00 = ¥11.00 + 1 × ¥2.00 = ¥13.00');
  const rows = group.locator('.ant-table-row');
  await expect(rows.nth(0)).toContainText('第 1 行 · JF0102-0000004');
  await expect(rows.nth(0)).toContainText('3条');
  await expect(rows.nth(0)).toContainText('3 × 0.405kg = 1.215kg');
  await expect(rows.nth(0)).toContainText('9.33');
  await expect(rows.nth(1)).toContainText('2 × 0.239kg = 0.478kg');
  await expect(rows.nth(1)).toContainText('3.67');
  await expect(page.locator('.freight-total')).toContainText('13.00');
  await group.scrollIntoViewIfNeeded();
  await screenshot(page, 'cost-calculate-commodities');

  await page.getByRole('button', { name: '比较所有模板' }).click();
  const compare = page.locator('.ant-card').filter({ hasText: '所有启用模板的运费比较' });
  await expect(compare.getByRole('row', { name: /顺丰标准-按重量/ })).toContainText('13.00');
  await expect(compare.getByRole('row', { name: /德邦大件-按体积/ })).toContainText('0.006991m³');
  await expect(compare.getByRole('row', { name: /同城配送-按件数/ })).toContainText('65.00');
  await expect(compare).toContainText('最便宜');
  await compare.scrollIntoViewIfNeeded();
  await screenshot(page, 'cost-calculate-commodities-compare');

  // The ad-hoc lines are kept apart: switching shows them, switching back keeps the commodities.
  await page.getByText('自定义货物', { exact: true }).click();
  await expect(page.getByTestId('cargo-line-0')).toBeVisible();
  await page.getByText('按商品', { exact: true }).click();
  await expect(page.getByTestId('commodity-line-1')).toContainText('JF0103-0000007');
});

test('export the filtered delivery price templates with their charge rows to Excel', async ({ page }) => {
  await login(page);
  await openFromMenu(page, '基础数据', '配送价格模板');
  await page.getByPlaceholder('模板名称').fill('顺丰标准');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.table-card .ant-table-row')).toHaveCount(1);
  const [templates, rows] = await exportedSheets(page);
  expect(templates.name).toBe('配送价格模板');
  expect(templates.rows.slice(1).map((r) => r.slice(0, 3))).toEqual([['顺丰标准-按重量', '按重量', '启用']]);
  expect(rows.name).toBe('计费规则');
  expect(rows.rows.length).toBeGreaterThan(1);
  expect(new Set(rows.rows.slice(1).map((r) => r[0]))).toEqual(new Set(['顺丰标准-按重量']));
});

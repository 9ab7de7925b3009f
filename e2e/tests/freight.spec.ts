import { expect, type Page, test } from '@playwright/test';
import { login, openFromMenu, screenshot } from '../support/app';

const drawer = (page: Page) => page.getByRole('dialog', { name: /配送模板/ });
const menuItem = (page: Page, title: string, level: number) =>
  page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').nth(level).locator(`.ant-cascader-menu-item[title="${title}"]`);

/** Ticks a region in a multi-select cascader: expands the path, then checks the last entry. */
async function tickRegion(page: Page, cascaderLabel: string, path: string[]) {
  await drawer(page).getByLabel(cascaderLabel).click();
  for (const [level, name] of path.slice(0, -1).entries()) await menuItem(page, name, level).click();
  await menuItem(page, path[path.length - 1], path.length - 1).locator('.ant-cascader-checkbox').click();
  await page.locator('.ant-drawer-title').click();
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
}

async function fillRow(page: Page, testId: string, values: number[]) {
  const row = drawer(page).getByTestId(testId);
  const inputs = row.locator('input.ant-input-number-input');
  for (const [i, value] of values.entries()) await inputs.nth(i).fill(String(value));
}

async function pickDestination(page: Page, path: string[]) {
  await page.locator('.ant-cascader').first().click();
  for (const [level, name] of path.entries()) await menuItem(page, name, level).click();
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
}

test('build a weight template with region rows, a free row and a no-delivery region, then estimate with it', async ({ page }) => {
  await login(page);
  await openFromMenu(page, '基础数据', '配送价格模板');
  await expect(page.locator('.table-card')).toContainText('顺丰标准-按重量');
  await screenshot(page, 'price-template-list');

  await page.getByRole('button', { name: '新建' }).click();
  await drawer(page).getByRole('button', { name: /保\s*存/ }).click();
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
  await drawer(page).getByLabel('计费规则1地区').click();
  await menuItem(page, '江苏省', 0).click();
  await expect(menuItem(page, '南京市', 1).locator('.ant-cascader-checkbox')).toHaveClass(/ant-cascader-checkbox-disabled/);
  await page.locator('.ant-drawer-title').click();
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
  await tickRegion(page, '不配送区域', ['西藏自治区']);
  await screenshot(page, 'price-template-editor');
  await drawer(page).getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer(page)).toHaveCount(0);
  const row = page.locator('.table-card').getByRole('row', { name: /E2E快递-按重量/ });
  await expect(row).toContainText('3 条');
  await expect(row).toContainText('首重 1kg ¥10.00，续重 1kg ¥5.00');

  await openFromMenu(page, '成本管理', '配送费用估算');
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
  await expect(district).toContainText('3.6kg（3600g）');
  await expect(district).toContainText('¥6.00 + ⌈(3600g − 1000g) ÷ 1000g⌉ × ¥2.00 = ¥6.00 + 3 × ¥2.00 = ¥12.00');
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

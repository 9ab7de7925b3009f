import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, apiLogin, login, openFromMenu, pickOption, screenshot } from '../support/app';

const suffix = Date.now().toString(36).toUpperCase();
const codes = { root: `E2E${suffix}`, mid: `E2E${suffix}-M`, leafA: `E2E${suffix}-A`, leafB: `E2E${suffix}-B` };
const names = { root: `测试家居${suffix}`, mid: '测试毛巾类', leafA: '测试方巾', leafB: '测试浴巾' };

async function rowOf(page: Page, text: string) {
  return page.locator('.ant-table-row', { hasText: text }).first();
}

async function fillCategoryForm(page: Page, name: string, code: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('分类名称').fill(name);
  await dialog.getByLabel('分类编码').fill(code);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The tree may still be loading or animating when the node is clicked: retry until the field shows
 * it, replacing the search text each time (typing again would append to it).
 */
async function pickCategory(page: Page, name: string) {
  const dialog = page.getByRole('dialog');
  const field = dialog.getByLabel('商品分类');
  const item = dialog.locator('.ant-form-item', { has: page.getByLabel('商品分类') });
  await expect(async () => {
    await field.click();
    await field.fill(name);
    await page.locator('.ant-select-tree-node-content-wrapper:visible', { hasText: name }).click({ timeout: 3000 });
    await expect(item).toContainText(name, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/** Types into a searchable select of the open dialog and picks the option holding `text`. */
async function pick(page: Page, field: string, typed: string, text: string) {
  const dialog = page.getByRole('dialog');
  await pickOption(page, dialog.locator('.ant-form-item', { has: page.getByLabel(field) }), text, { search: typed });
}

async function importFile(rows: (string | number)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('商品');
  sheet.addRow([
    'SKU编码*',
    '商品名称*',
    '分类编码*',
    '品牌',
    '规格',
    '单位*',
    '条形码',
    '重量(克)',
    '体积(立方厘米)',
    '参考价(元)*',
    '状态',
    '备注',
  ]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test.describe('commodities and categories', () => {
  // Each test builds on the records the one before made.
  test.describe.configure({ mode: 'serial' });
  test('builds a three-level category tree', async ({ page }) => {
    await login(page);
    await openFromMenu(page, '商品管理', '商品分类');
    await page.getByRole('button', { name: '新增根分类' }).click();
    await fillCategoryForm(page, names.root, codes.root);

    await (await rowOf(page, codes.root)).getByRole('button', { name: '新增子分类' }).click();
    await expect(page.getByRole('dialog')).toContainText(`上级：${names.root}`);
    await fillCategoryForm(page, names.mid, codes.mid);
    await (await rowOf(page, codes.mid)).getByRole('button', { name: '新增子分类' }).click();
    await fillCategoryForm(page, names.leafA, codes.leafA);
    await (await rowOf(page, codes.mid)).getByRole('button', { name: '新增子分类' }).click();
    await fillCategoryForm(page, names.leafB, codes.leafB);

    const leaf = await rowOf(page, codes.leafA);
    await expect(leaf).toContainText('3级');
    await expect(leaf.getByRole('button', { name: '新增子分类' })).toHaveCount(0);

    await page.getByLabel('关键词').fill(codes.leafB);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.locator('.ant-table-row')).toHaveCount(3);
    await expect(page).toHaveURL(new RegExp(`keyword=${codes.leafB}`));
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await screenshot(page, 'commodity-classification');
  });

  test('creates commodities and filters by a parent node', async ({ page, request }) => {
    await login(page);
    await openFromMenu(page, '商品管理', '商品列表');
    await page.getByRole('button', { name: /新\s*建/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('SKU编码').fill(`${codes.leafA}-001`);
    await dialog.getByLabel('商品名称').fill('测试纯棉方巾');
    await pickCategory(page, names.leafA);
    await dialog.getByLabel('品牌').fill('洁丽雅');
    await dialog.getByLabel('条形码').fill('6901234567891');
    await dialog.getByLabel('参考价（元）').fill('12.5');
    await dialog.getByLabel('重量').fill('0.12');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('条形码须为13位且校验位正确（EAN-13）')).toBeVisible();
    await dialog.getByLabel('条形码').fill('6901234567892');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();

    const token = await apiLogin(request);
    const options = await api(request, token, '/admin/category/options');
    const leafB = options.data.find((c: { code: string }) => c.code === codes.leafB).value;
    const created = await api(request, token, '/admin/commodity/create', {
      sku_code: `${codes.leafB}-001`,
      name: '测试加厚浴巾',
      category_id: leafB,
      unit: 'strip',
      reference_price_fen: 5990,
    });
    expect(created.code).toBe(200);

    await page.locator('.commodity-category-tree').getByText(names.root, { exact: true }).click();
    await expect(page).toHaveURL(/categoryId=\d+/);
    await expect(page.locator('.table-card .ant-table-row')).toHaveCount(2);
    await expect(page.locator('.table-card')).toContainText('共 2 条');
    const row = await rowOf(page, `${codes.leafA}-001`);
    await expect(row).toContainText('12.50');
    // 品牌 is a secondary column at 1440 px: the row's expanded part shows it.
    await row.locator('.ant-table-row-expand-icon').click();
    await expect(page.locator('.table-card .row-details').first()).toContainText('洁丽雅');
    const tree = page.locator('.commodity-category-tree');
    await tree.locator('.ant-tree-treenode', { hasText: names.mid }).locator('.ant-tree-switcher').click();
    await tree.getByText(names.leafB, { exact: true }).click();
    await expect(page.locator('.table-card .ant-table-row')).toHaveCount(1);
    await page.locator('.commodity-category-tree').getByText(names.root, { exact: true }).click();
    await expect(page.locator('.table-card .ant-table-row')).toHaveCount(2);
    await screenshot(page, 'commodity-list');

    const edited = await api(request, token, '/admin/commodity/info', { id: created.data.id });
    expect(edited.data.category_id).toBe(leafB);
  });

  test('imports a file with bad rows, reads the report, then imports the valid rows', async ({ page }) => {
    await login(page);
    await openFromMenu(page, '商品管理', '商品列表');
    await page.locator('.commodity-category-tree').getByText(names.root, { exact: true }).click();
    await expect(page.locator('.table-card .ant-table-row')).toHaveCount(2);

    const file = await importFile([
      [`${codes.leafA}-101`, '导入方巾一号', codes.leafA, '金号', '34×34cm', '条', '', 50, 300, 9.9, '启用', ''],
      [`${codes.leafA}-102`, '导入方巾二号', codes.leafA, '金号', '', '条', '6923450657713', '', '', '8.8', '', ''],
      [`${codes.leafA}-103`, '导入毛巾', codes.leafB, '', '', '件', '', '', '', 15, '停用', '=SUM(1,2)'],
      [`${codes.leafA}-104`, '分类不对', codes.mid, '', '', '件', '', '', '', 1, '', ''],
      [`${codes.leafA}-105`, '价格不对', codes.leafA, '', '', '件', '', '', '', '1.999', '', ''],
    ]);
    await page
      .getByRole('button', { name: /导\s*入/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: '导入商品' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: '商品导入.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await expect(dialog).toContainText('已选择：商品导入.xlsx');
    await dialog.getByRole('button', { name: /校\s*验/ }).click();
    await expect(dialog).toContainText('共 5 行，其中 2 行有误');
    await expect(dialog.getByRole('button', { name: '开始导入' })).toBeDisabled();
    const report = dialog.locator('.import-errors .ant-table-row');
    await expect(report).toHaveCount(2);
    await expect(report.nth(0)).toContainText('5');
    await expect(report.nth(0)).toContainText('分类编码');
    await expect(report.nth(0)).toContainText('请填写末级分类的编码');
    await expect(report.nth(1)).toContainText('6');
    await expect(report.nth(1)).toContainText('参考价(元)');
    await expect(report.nth(1)).toContainText('参考价须为不超过两位小数的非负金额');
    await screenshot(page, 'commodity-import-report');

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: '下载错误报告' }).click();
    const reportFile = new ExcelJS.Workbook();
    await reportFile.xlsx.load((await readFile(await (await download).path())) as unknown as ArrayBuffer);
    const reportRow = (reportFile.worksheets[0].getRow(2).values as unknown[]).slice(1);
    expect(reportRow.slice(0, 4)).toEqual([5, '分类编码', '请填写末级分类的编码', `${codes.leafA}-104`]);

    await expect(page.locator('.table-card .ant-table-row')).toHaveCount(2);
    await dialog.getByRole('button', { name: '仅导入有效行（3行）' }).click();
    await expect(dialog).toContainText('成功导入 3 行，跳过 2 行有误的数据');
    await dialog.getByRole('button', { name: /完\s*成/ }).click();
    await expect(page.locator('.table-card .ant-table-row')).toHaveCount(5);
    await expect(await rowOf(page, `${codes.leafA}-103`)).toContainText('停用');
  });

  test('exports the current filter and reads the file back', async ({ page }) => {
    await login(page);
    await openFromMenu(page, '商品管理', '商品列表');
    await page.locator('.commodity-category-tree').getByText(names.root, { exact: true }).click();
    await page.getByLabel('关键词').fill('导入');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.locator('.table-card .ant-table-row')).toHaveCount(3);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 Excel' }).click();
    const file = await (await download).path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0].slice(0, 3)).toEqual(['SKU编码', '商品名称', '分类编码']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([`${codes.leafA}-101`, `${codes.leafA}-102`, `${codes.leafA}-103`]);
    const formulaRow = rows.find((r) => r[0] === `${codes.leafA}-103`)!;
    expect(formulaRow[11]).toBe("'=SUM(1,2)");
    expect(formulaRow[9]).toBe('15.00');
    await screenshot(page, 'commodity-export');
  });

  test('picks the unit, delivery price template and default supplier, and shows them on the list and the edit form', async ({ page }) => {
    await login(page);
    await openFromMenu(page, '商品管理', '商品列表');
    await page.getByRole('button', { name: /新\s*建/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('SKU编码').fill(`${codes.leafA}-201`);
    await dialog.getByLabel('商品名称').fill('测试竹纤维毛巾');
    await pickCategory(page, names.leafA);
    await expect(dialog.locator('.ant-form-item', { has: page.getByLabel('单位') })).toContainText('件');
    await pick(page, '单位', '条', '条');
    await dialog.getByLabel('参考价（元）').fill('29.9');
    await pick(page, '配送模板', '顺丰', '顺丰标准-按重量');
    await pick(page, '默认供应商', '义乌', '浙江义乌优品家居用品有限公司');
    await expect(dialog.locator('.ant-form-item', { has: page.getByLabel('默认供应商') })).toContainText(/GYS\d{12}/);
    await screenshot(page, 'commodity-form-pickers');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();

    await page.getByLabel('关键词').fill(`${codes.leafA}-201`);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.locator('.table-card .ant-table-row')).toHaveCount(1);
    const row = await rowOf(page, `${codes.leafA}-201`);
    await expect(row).toContainText('条');
    // 配送模板 and 默认供应商 are secondary columns at 1440 px: the row's expanded part shows them.
    await row.locator('.ant-table-row-expand-icon').click();
    const details = page.locator('.table-card .row-details').first();
    await expect(details).toContainText('顺丰标准-按重量');
    await expect(details).toContainText('浙江义乌优品家居用品有限公司');
    await screenshot(page, 'commodity-list-references');

    await row.getByRole('button', { name: '编辑' }).click();
    await expect(dialog.locator('.ant-form-item', { has: page.getByLabel('单位') })).toContainText('条');
    await expect(dialog.locator('.ant-form-item', { has: page.getByLabel('配送模板') })).toContainText('顺丰标准-按重量');
    await expect(dialog.locator('.ant-form-item', { has: page.getByLabel('默认供应商') })).toContainText('浙江义乌优品家居用品有限公司');
    await screenshot(page, 'commodity-edit-references');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect(dialog).toBeHidden();
  });
});

import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, apiLogin, login, screenshot } from '../support/app';

const suffix = Date.now().toString(36).toUpperCase();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Excel's serial day number of a date (1900 date system). */
const serialOf = (year: number, month: number, day: number) => (Date.UTC(year, month - 1, day) - Date.UTC(1899, 11, 30)) / 86_400_000;

async function workbookFile(headers: string[], rows: unknown[][], dateColumn?: number) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  if (dateColumn) sheet.getColumn(dateColumn).numFmt = 'yyyy-mm-dd';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first sheet of a downloaded .xlsx as rows of cell values. */
async function downloadedRows(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The dialog's footer buttons are on screen at 1440×900 without scrolling the page. */
async function expectFooterVisible(page: Page, dialog: Locator) {
  const footer = dialog.locator('.ant-modal-footer');
  await expect(footer).toBeInViewport();
  const box = await footer.boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.height ?? 900);
}

/** The element lies wholly inside the dialog's visible body (the body scrolls when its content is taller). */
async function expectInsideBody(dialog: Locator, element: Locator) {
  const body = await dialog.locator('.ant-modal-body').boundingBox();
  const box = await element.boundingBox();
  expect(body && box, 'body and element shown').toBeTruthy();
  expect(box!.y).toBeGreaterThanOrEqual(body!.y);
  expect(box!.y + box!.height).toBeLessThanOrEqual(body!.y + body!.height + 0.5);
}

test('commodity import: check, report, download the bad rows, import the valid ones', async ({ page, request }) => {
  const token = await apiLogin(request);
  const category = `IMP${suffix}`;
  expect((await api(request, token, '/admin/category/create', { name: `导入测试${suffix}`, code: category })).code).toBe(200);
  const file = await workbookFile(
    ['SKU编码*', '商品名称*', '分类编码*', '品牌', '规格', '单位*', '条形码', '重量(克)', '体积(立方厘米)', '参考价(元)*', '状态', '备注'],
    [
      [`${category}-1`, '导入靠垫', category, '', '', '件', '', '', '', 39, '', ''],
      [`${category}-2`, '价格有误的抱枕', category, '', '', '件', '', '', '', '12.345', '', '保留这一行的数据'],
      ...Array.from({ length: 12 }, (_, i) => [`${category}-X${i}`, `缺分类${i}`, '', '', '', '件', '', '', '', 1, '', '']),
    ],
  );
  await login(page);
  await page.goto('/commodityManagement/commodityList');
  // The list and the category tree load first (a click while they lay out waits for stability).
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('button', { name: 'import 导入', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '导入商品' });
  await dialog.locator('input[type=file]').setInputFiles({ name: '商品导入.xlsx', mimeType: XLSX, buffer: file });
  await expect(dialog.getByRole('button', { name: '开始导入' })).toBeDisabled();
  await dialog.getByRole('button', { name: /校\s*验/ }).click();
  await expect(dialog).toContainText('共 14 行，其中 13 行有误');
  await expect(dialog.locator('.import-errors .ant-table-row').first()).toContainText('参考价须为不超过两位小数的非负金额');
  await expect(dialog.getByRole('button', { name: '开始导入' })).toBeDisabled();
  await expectFooterVisible(page, dialog);
  await screenshot(page, 'imports-commodity-checked');
  // In a 1366×768 window too, the footer and the error table's pager show without scrolling the dialog.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expectFooterVisible(page, dialog);
  await expectInsideBody(dialog, dialog.locator('.import-errors .ant-pagination'));
  await screenshot(page, 'imports-commodity-checked-768');
  await page.setViewportSize({ width: 1440, height: 900 });

  const rows = await downloadedRows(page, () => dialog.getByRole('button', { name: '下载错误报告' }).click());
  expect(rows[0].slice(0, 5)).toEqual(['行号', '列', '原因', 'SKU编码', '商品名称']);
  const priceRow = rows.find((r) => r[0] === 3)!;
  expect(priceRow.slice(1, 5)).toEqual(['参考价(元)', '参考价须为不超过两位小数的非负金额', `${category}-2`, '价格有误的抱枕']);
  expect(priceRow).toContain('保留这一行的数据');
  expect(rows).toHaveLength(14);

  await dialog.getByRole('button', { name: '仅导入有效行（1行）' }).click();
  await expect(dialog).toContainText('成功导入 1 行，跳过 13 行有误的数据');
  await expect(dialog.getByRole('button', { name: '开始导入' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: /仅导入有效行/ })).toBeDisabled();
  await expectFooterVisible(page, dialog);
  await screenshot(page, 'imports-commodity-done');
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  await expect(dialog).toBeHidden();
});

test('plan-line import: real date cells and serial dates are read, a bad row is reported, nothing imports twice', async ({ page, request }) => {
  const token = await apiLogin(request);
  const options = (await api(request, token, '/admin/commodity/options', { limit: 50 })).data as { value: number; sku_code: string }[];
  const plan = await api(request, token, '/admin/planning_task/create', {
    name: `导入明细计划${suffix}`,
    plan_type: 'regular',
    warehouse: 'sh_jiading',
    lines: [{ commodity_id: options[0].value, quantity: 5 }],
  });
  expect(plan.code, plan.message).toBe(200);
  const file = await workbookFile(
    ['SKU编码*', '计划数量*', '预算单价(元)', '需求日期', '备注'],
    [
      [options[30].sku_code, 10, '', new Date(Date.UTC(2027, 2, 1)), '日期单元格'],
      [options[31].sku_code, 20, '', serialOf(2027, 3, 2), '序列号日期'],
      [options[32].sku_code, 30, '', '2027年3月3日', '文字日期'],
      [options[33].sku_code, 0, '', '下周', '有误的行'],
    ],
    4,
  );
  await login(page);
  await page.goto(`/planningManagement/planningTaskDetail?id=${plan.data.id}`);
  await page.getByRole('button', { name: '导入明细' }).click();
  const dialog = page.getByRole('dialog', { name: '从Excel导入明细' });
  await dialog.locator('input[type=file]').setInputFiles({ name: '计划明细.xlsx', mimeType: XLSX, buffer: file });
  await dialog.getByRole('button', { name: /校\s*验/ }).click();
  await expect(dialog).toContainText('共 4 行，其中 1 行有误');
  const errors = dialog.locator('.import-errors');
  await expect(errors).toContainText('计划数量须大于0');
  await expect(errors).toContainText('需求日期须为日期');
  await expect(errors.locator('.ant-table-row')).toHaveCount(2);
  await expectFooterVisible(page, dialog);
  await screenshot(page, 'imports-plan-lines-checked');

  const rows = await downloadedRows(page, () => dialog.getByRole('button', { name: '下载错误报告' }).click());
  expect(rows).toHaveLength(2);
  expect(rows[1].slice(0, 2)).toEqual([5, '需求日期、计划数量']);
  expect(rows[1].slice(3)).toEqual([options[33].sku_code, '0', undefined, '下周', '有误的行']);

  await dialog.getByRole('button', { name: '仅导入有效行（3行）' }).click();
  await expect(dialog).toContainText('成功导入 3 行，跳过 1 行有误的数据');
  await expect(dialog.getByRole('button', { name: '开始导入' })).toBeDisabled();
  await screenshot(page, 'imports-plan-lines-done');
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  await expect(dialog).toBeHidden();

  const info = (await api(request, token, '/admin/planning_task/info', { id: plan.data.id })).data;
  const dates = Object.fromEntries(info.lines.map((l: { sku_code: string; required_by: string }) => [l.sku_code, l.required_by]));
  expect([30, 31, 32].map((i) => dates[options[i].sku_code])).toEqual(['2027-03-01', '2027-03-02', '2027-03-03']);
});

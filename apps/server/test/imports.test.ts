import { COMMODITY_EXCEL_COLUMNS, PLAN_LINE_EXCEL_COLUMNS, commodityApi, planningApi } from '@scm/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan } from './builders';
import { download, readWorkbook, zipBombXlsx } from './excel';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let goods: { id: number; skuCode: string }[];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
  goods = (await t.api(commodityApi.list, { pageSize: 20, status: 'enabled' }, admin)).data.list;
});
afterAll(() => t.close());

const commodityHeaders = COMMODITY_EXCEL_COLUMNS.map((c) => c.header);
const lineHeaders = PLAN_LINE_EXCEL_COLUMNS.map((c) => c.header);

async function xlsx(headers: string[], rows: unknown[][], shape?: (sheet: ExcelJS.Worksheet) => void) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  shape?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

const newPlan = () => createPlan(t, admin, { name: '导入测试计划', lines: [{ commodityId: goods[0].id, quantity: 1 }] });
const planVersion = async (id: number) => (await t.api(planningApi.info, { id }, admin)).data.version as number;
const importLines = async (id: number, body: Record<string, unknown>) =>
  t.call('/admin/planning_task/import', { id, version: await planVersion(id), ...body }, admin);

describe('uploads that try to exhaust the server', () => {
  it('answers three zip bombs sent at once with 400 while other requests keep being served', async () => {
    const bomb = (await zipBombXlsx(commodityHeaders, { strings: 1, megabytes: 2048 })).toString('base64');
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
    const started = Date.now();
    const bombs = [1, 2, 3].map(() =>
      t.api(commodityApi.import, { fileBase64: bomb }, admin).then((answer) => ({ answer, ms: Date.now() - started })),
    );
    const normalStart = Date.now();
    const normal = await t.api(commodityApi.list, { pageSize: 5 }, admin);
    const normalMs = Date.now() - normalStart;
    const answers = await Promise.all(bombs);
    expect(normal.code).toBe(200);
    expect(normalMs).toBeLessThan(2000);
    for (const { answer, ms } of answers) {
      expect(answer).toMatchObject({ code: 400, message: '文件解压后超过100MB，请删除多余内容或拆分后再导入' });
      expect(ms).toBeLessThan(15_000);
    }
  });

  it('turns a file that lies about its size into 400 文件无法解析 when the parse worker runs out of memory', async () => {
    const bomb = (await zipBombXlsx(lineHeaders, { strings: 600, megabytes: 1, lie: true })).toString('base64');
    const id = await newPlan();
    // The test process also holds the embedded database (PGlite, several hundred MB), so the bound is
    // on what the upload leaves behind, not on the whole process.
    const before = process.memoryUsage().rss;
    const answer = await importLines(id, { file_base64: bomb });
    expect(answer).toMatchObject({ code: 400, message: '文件无法解析' });
    expect((await t.api(commodityApi.list, { pageSize: 5 }, admin)).code).toBe(200);
    // The worker's heap (capped at 256 MB) is gone with it.
    const bound = before + 100 * 1024 * 1024;
    const deadline = Date.now() + 10_000;
    while (process.memoryUsage().rss >= bound && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(process.memoryUsage().rss).toBeLessThan(bound);
  });

  it('counts blank rows toward the row limit', async () => {
    const blankTail = await xlsx(commodityHeaders, [['SKU-1', '商品', 'C1', '', '', '件', '', '', '', 1]], (sheet) => {
      sheet.getRow(1_000_000).getCell(1).style = { font: { bold: true } };
    });
    const answer = await t.api(commodityApi.import, { fileBase64: blankTail }, admin);
    expect(answer).toMatchObject({ code: 400, message: '数据不能超过50000行（空行也计入），请拆分后再导入' });

    const id = await newPlan();
    const lines = await xlsx(lineHeaders, [[goods[1].skuCode, 1]], (sheet) => {
      sheet.getRow(1002).getCell(5).style = { font: { italic: true } };
    });
    expect(await importLines(id, { file_base64: lines })).toMatchObject({ code: 400, message: '数据不能超过1000行（空行也计入），请拆分后再导入' });
  });

  it('cuts every cell echoed in the report at 1,000 characters and reports the cell as too long', async () => {
    const id = await newPlan();
    const long = `X${'长'.repeat(400_000)}`;
    const file = await xlsx(lineHeaders, [[long, 1, '', '', long]]);
    const answer = await importLines(id, { file_base64: file, check_only: true });
    expect(answer.code).toBe(200);
    expect(JSON.stringify(answer.data).length).toBeLessThan(5000);
    expect(answer.data.errors).toEqual(
      expect.arrayContaining([
        { row: 2, column: 'SKU编码', message: '内容不能超过1000个字符' },
        { row: 2, column: '备注', message: '内容不能超过1000个字符' },
        { row: 2, column: 'SKU编码', message: `SKU编码“${long.slice(0, 1000)}”不存在` },
      ]),
    );
  });
});

describe('dates in imports', () => {
  it('reads real date cells, Excel serial numbers and typed dates in 需求日期', async () => {
    const id = await newPlan();
    const serial = (Date.UTC(2026, 2, 2) - Date.UTC(1899, 11, 30)) / 86_400_000;
    const file = await xlsx(lineHeaders, [
      [goods[1].skuCode, 1, '', new Date(Date.UTC(2026, 2, 1))],
      [goods[2].skuCode, 1, '', serial],
      [goods[3].skuCode, 1, '', '2026-03-03'],
      [goods[4].skuCode, 1, '', '2026/3/4'],
      [goods[5].skuCode, 1, '', '2026年3月5日'],
      [goods[6].skuCode, 1, '', '下周'],
    ]);
    const checked = await importLines(id, { file_base64: file, check_only: true });
    expect(checked.data).toMatchObject({ total_rows: 6, valid_rows: 5, imported: 0, error_count: 1 });
    expect(checked.data.errors).toEqual([{ row: 7, column: '需求日期', message: '需求日期须为日期，如 2026-03-01、2026/3/1 或 2026年3月1日' }]);

    const imported = await importLines(id, { file_base64: file, only_valid: true });
    expect(imported.data).toMatchObject({ imported: 5 });
    const plan = (await t.api(planningApi.info, { id }, admin)).data;
    const dates = Object.fromEntries(plan.lines.map((l) => [l.skuCode, l.requiredBy]));
    expect([1, 2, 3, 4, 5].map((i) => dates[goods[i].skuCode])).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);
  });

  it('offers a template whose date column is formatted as dates', async () => {
    const response = await download(t, '/admin/planning_task/import_template', {}, admin);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const cell = workbook.worksheets[0].getRow(2).getCell(4);
    expect(cell.value).toBeInstanceOf(Date);
    expect(cell.numFmt).toBe('yyyy-mm-dd');
  });
});

describe('checking and the error report', () => {
  it('checks without writing, and answers the error report with each bad row beside its reasons', async () => {
    const file = await xlsx(commodityHeaders, [
      ['CHK-OK-1', '校验正常', 'NO-CAT', '', '', '件', '', '', '', 1],
      ['CHK-BAD-2', '', 'NO-CAT', '', '', '件', '', '', '', 'abc'],
    ]);
    const checked = await t.api(commodityApi.import, { fileBase64: file, checkOnly: true, onlyValid: true }, admin);
    expect(checked.data).toMatchObject({ totalRows: 2, imported: 0 });
    expect((await t.api(commodityApi.list, { keyword: 'CHK-' }, admin)).data.total).toBe(0);

    const report = await download(t, '/admin/commodity/import_report', { file_base64: file }, admin);
    expect(report.headers['content-type']).toContain('spreadsheetml');
    const [rows] = [...(await readWorkbook(report.rawPayload)).values()];
    expect(rows[0].slice(0, 5)).toEqual(['行号', '列', '原因', 'SKU编码', '商品名称']);
    expect(rows).toHaveLength(3);
    expect(rows[2][0]).toBe(3);
    expect(String(rows[2][1]).split('、').sort()).toEqual(['分类编码', '参考价(元)', '商品名称'].sort());
    expect(rows[2][2]).toContain('分类编码“NO-CAT”不存在');
    expect(rows[2][3]).toBe('CHK-BAD-2');
    expect(rows[2][5]).toBe('NO-CAT');
  });
});

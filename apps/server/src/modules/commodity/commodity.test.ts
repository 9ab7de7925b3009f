import { categoryApi, commodityApi, ENABLED_STATUS_LABELS, ENABLED_STATUSES, ENABLEMENT_TRANSITIONS, IMPORT_MAX_ROWS } from '@scm/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { rowById, createTestApp, type TestApp, unique } from '../../../test/helpers';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';
import { commodities } from '../../db/schema';

let t: TestApp;
let admin: string;
let buyer: string;

// A tree of our own: root → (mid → leafA, leafB), root → leafC; other tests' rows never match it.
const tree = { root: 0, mid: 0, leafA: 0, leafB: 0, leafC: 0, codeA: '', codeMid: '' };

async function category(parentId: number | null, code = unique('C')) {
  const answer = await t.api(categoryApi.create, { parentId, name: unique('类'), code }, admin);
  expect(answer.code, answer.message).toBe(200);
  return answer.data.id;
}

type CommodityBody = Partial<z.input<typeof commodityApi.create.body>>;
async function createCommodity(body: CommodityBody = {}) {
  const answer = await t.api(
    commodityApi.create,
    { skuCode: unique('SKU'), name: '纯棉毛巾', categoryId: tree.leafA, unit: 'piece', referencePriceFen: 1990, ...body },
    admin,
  );
  expect(answer.code, answer.message).toBe(200);
  return answer.data.id;
}
type ListBody = z.input<typeof commodityApi.list.body>;
const list = async (body: ListBody, token = admin) => t.api(commodityApi.list, { pageSize: 200, ...body }, token);
const skus = async (body: ListBody) => (await list(body)).data.list.map((c) => c.skuCode);

async function xlsxBase64(rows: unknown[][], headers?: string[]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('商品');
  sheet.addRow(
    headers ?? ['SKU编码*', '商品名称*', '分类编码*', '品牌', '规格', '单位*', '条形码', '重量(克)', '体积(立方厘米)', '参考价(元)*', '状态', '备注'],
  );
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

async function download(path: string, body: unknown, token = admin) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify(body),
  });
  return response;
}
async function readSheet(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
  buyer = await t.login('buyer@jiaju.com');
  tree.root = await category(null);
  tree.codeMid = unique('M');
  tree.mid = await category(tree.root, tree.codeMid);
  tree.codeA = unique('A');
  tree.leafA = await category(tree.mid, tree.codeA);
  tree.leafB = await category(tree.mid);
  tree.leafC = await category(tree.root);
});
afterAll(() => t.close());

describe('commodity create and edit', () => {
  it('creates a commodity and reads it back in snake_case', async () => {
    const sku = unique('SKU');
    const id = await createCommodity({ skuCode: sku, brand: '洁丽雅', barcode: '6901234567892', weightG: 120, volumeCm3: 900 });
    const { code, data } = await t.call('/admin/commodity/info', { id }, admin);
    expect(code).toBe(200);
    expect(data).toMatchObject({
      sku_code: sku,
      name: '纯棉毛巾',
      category_id: tree.leafA,
      brand: '洁丽雅',
      unit: 'piece',
      barcode: '6901234567892',
      weight_g: 120,
      volume_cm3: 900,
      reference_price_fen: 1990,
      status: 'enabled',
      version: 0,
      price_template_id: null,
    });
    expect(typeof data.category_name).toBe('string');
  });

  it('checks the EAN-13 check digit, the leaf category and required fields', async () => {
    const bad = await t.call(
      '/admin/commodity/create',
      { sku_code: unique('S'), name: 'x', category_id: tree.leafA, unit: 'piece', reference_price_fen: 1, barcode: '6901234567891' },
      admin,
    );
    expect(bad.code).toBe(400);
    expect(bad.data.field_errors).toEqual([{ field: 'barcode', message: '条形码须为13位且校验位正确（EAN-13）' }]);
    const parent = await t.api(
      commodityApi.create,
      { skuCode: unique('S'), name: 'x', categoryId: tree.mid, unit: 'piece', referencePriceFen: 1 },
      admin,
    );
    expect(parent).toMatchObject({ code: 400, message: '请选择末级分类' });
    const missing = await t.call('/admin/commodity/create', {}, admin);
    expect(missing.data.field_errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'category_id',
      'name',
      'reference_price_fen',
      'sku_code',
      'unit',
    ]);
    const float = await t.call(
      '/admin/commodity/create',
      { sku_code: unique('S'), name: 'x', category_id: tree.leafA, unit: 'piece', reference_price_fen: 1.5 },
      admin,
    );
    expect(float.data.field_errors[0].field).toBe('reference_price_fen');
  });

  it('keeps SKU codes unique under concurrent creates', async () => {
    const sku = unique('RACE');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.api(commodityApi.create, { skuCode: sku, name: '并发', categoryId: tree.leafB, unit: 'piece', referencePriceFen: 1 }, admin),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409).every((a) => a.message === 'SKU编码已存在')).toBe(true);
    expect(answers.filter((a) => a.code === 409)).toHaveLength(9);
    expect(await skus({ keyword: sku })).toEqual([sku]);
  });

  it('answers 409 on a stale version and keeps the winner', async () => {
    const id = await createCommodity();
    const { data } = await t.api(commodityApi.info, { id }, admin);
    const readOnly = { categoryName: undefined, priceTemplateName: undefined, defaultSupplierCode: undefined, defaultSupplierName: undefined };
    const body = { ...data, ...readOnly, createdAt: undefined, updatedAt: undefined };
    const edit = (name: string) => t.api(commodityApi.update, { ...body, name }, admin);
    const results = await Promise.all([edit('赢家'), edit('输家一'), edit('输家二')]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 409, 409]);
    const winner = ['赢家', '输家一', '输家二'][results.findIndex((r) => r.code === 200)];
    const after = await t.api(commodityApi.info, { id }, admin);
    expect(after.data).toMatchObject({ name: winner, version: 1 });
    expect(results.find((r) => r.code === 409)?.message).toBe('数据已被他人修改，请刷新后重试');
  });

  it('enables and disables in batch, all or nothing', async () => {
    const a = await createCommodity({ categoryId: tree.leafC });
    const b = await createCommodity({ categoryId: tree.leafC });
    const disable = await t.api(
      commodityApi.disable,
      {
        items: [
          { id: a, version: 0 },
          { id: b, version: 0 },
        ],
      },
      admin,
    );
    expect(disable.code).toBe(200);
    const stale = await t.api(
      commodityApi.enable,
      {
        items: [
          { id: a, version: 1 },
          { id: b, version: 0 },
        ],
      },
      admin,
    );
    expect(stale.code).toBe(409);
    const rows = (await list({ categoryId: tree.leafC })).data.list.filter((c) => [a, b].includes(c.id));
    expect(rows.map((c) => c.status)).toEqual(['disabled', 'disabled']);
  });

  it('changes only the selected rows not already in the status, and refuses a selection with none to change', async () => {
    const on = await createCommodity({ categoryId: tree.leafC });
    const off = await createCommodity({ categoryId: tree.leafC, status: 'disabled' });
    const row = (id: number) => rowById(t, commodities, id);
    const mixed = await t.api(
      commodityApi.disable,
      {
        items: [
          { id: on, version: 0 },
          { id: off, version: 0 },
        ],
      },
      admin,
    );
    expect(mixed.code).toBe(200);
    expect(await row(on)).toMatchObject({ status: 'disabled', version: 1 });
    expect(await row(off)).toMatchObject({ status: 'disabled', version: 0 });
    const audit = await auditRowCount(t.database.db);
    const none = await t.api(
      commodityApi.disable,
      {
        items: [
          { id: on, version: 1 },
          { id: off, version: 0 },
        ],
      },
      admin,
    );
    expect(none).toMatchObject({ code: 409, message: '所选商品均已是停用状态' });
    expect([await row(on), await row(off)].map((c) => c.version)).toEqual([1, 0]);
    expect(await auditRowCount(t.database.db)).toBe(audit);
  });
});

describe('the 启用/停用 status machine of one commodity (a batch of one)', () => {
  const row = (id: number) => rowById(t, commodities, id);
  sweepStatusMachine({
    machine: ENABLEMENT_TRANSITIONS,
    statuses: ENABLED_STATUSES,
    build: async (status) => row(await createCommodity({ categoryId: tree.leafC, status })),
    act: (action, commodity) => t.api(commodityApi[action], { items: [{ id: commodity.id, version: commodity.version }] }, admin),
    snapshot: async (commodity) => ({ commodity: await row(commodity.id), audit: await auditRowCount(t.database.db) }),
    statusOf: async (commodity) => (await row(commodity.id)).status,
    refusal: (_action, status) => `商品已是${ENABLED_STATUS_LABELS[status]}状态`,
  });
});

describe('commodity list', () => {
  const made: Record<string, string> = {};
  beforeAll(async () => {
    made.a1 = unique('LA');
    made.a2 = unique('LA');
    made.b1 = unique('LB');
    made.c1 = unique('LC');
    await createCommodity({ skuCode: made.a1, name: '加厚浴巾', categoryId: tree.leafA, brand: '金号', referencePriceFen: 5990 });
    await createCommodity({
      skuCode: made.a2,
      name: '儿童毛巾',
      categoryId: tree.leafA,
      brand: '洁丽雅',
      referencePriceFen: 990,
      barcode: '6923450657713',
    });
    await createCommodity({
      skuCode: made.b1,
      name: '竹纤维浴巾',
      categoryId: tree.leafB,
      brand: '金号',
      referencePriceFen: 12900,
      status: 'disabled',
    });
    await createCommodity({ skuCode: made.c1, name: '方巾', categoryId: tree.leafC, brand: '孚日', referencePriceFen: 1290 });
  });
  const ours = async (body: ListBody) => (await skus({ categoryId: tree.root, ...body })).filter((s) => Object.values(made).includes(s)).sort();

  it('filters by a category node and its descendants', async () => {
    expect(await ours({})).toEqual([made.a1, made.a2, made.b1, made.c1].sort());
    expect(await ours({ categoryId: tree.mid })).toEqual([made.a1, made.a2, made.b1].sort());
    expect(await ours({ categoryId: tree.leafB })).toEqual([made.b1]);
  });

  it('follows a category moved under another parent, with and without a keyword', async () => {
    const [from, to] = [await category(null), await category(null)];
    const mid = await category(from);
    const sku = unique('MV');
    await createCommodity({ skuCode: sku, name: '搬家测试毛巾', categoryId: await category(mid) });
    const found = async (body: ListBody) => (await skus(body)).includes(sku);
    expect([await found({ categoryId: from }), await found({ categoryId: from, keyword: '毛巾' }), await found({ categoryId: to })]).toEqual([
      true,
      true,
      false,
    ]);
    const { version } = (await t.api(categoryApi.info, { id: mid }, admin)).data;
    expect((await t.api(categoryApi.move, { id: mid, version, parentId: to }, admin)).code).toBe(200);
    expect([
      await found({ categoryId: from }),
      await found({ categoryId: to, keyword: '毛巾' }),
      await found({ categoryId: to, keyword: '收纳' }),
    ]).toEqual([false, true, false]);
  });

  it('filters by keyword on code, name and barcode, brand, status and price range', async () => {
    expect(await ours({ keyword: '浴巾' })).toEqual([made.a1, made.b1].sort());
    expect(await ours({ keyword: made.c1.toLowerCase() })).toEqual([made.c1]);
    expect(await ours({ keyword: '6923450' })).toEqual([made.a2]);
    expect(await ours({ brand: '金号' })).toEqual([made.a1, made.b1].sort());
    expect(await ours({ status: 'disabled' })).toEqual([made.b1]);
    expect(await ours({ minPriceFen: 1000, maxPriceFen: 6000 })).toEqual([made.a1, made.c1].sort());
  });

  it('sorts only on whitelisted fields', async () => {
    const prices = (await list({ categoryId: tree.root, sortField: 'referencePriceFen', sortOrder: 'descend' })).data.list.map(
      (c) => c.referencePriceFen,
    );
    expect(prices).toEqual([...prices].sort((x, y) => y - x));
    const names = (await list({ categoryId: tree.mid, sortField: 'skuCode', sortOrder: 'ascend' })).data.list.map((c) => c.skuCode);
    expect(names).toEqual([...names].sort());
    const bad = await t.call('/admin/commodity/list', { page_size: 200, sort_field: 'remark; drop table commodities' }, admin);
    expect(bad.code).toBe(400);
    expect(bad.data.field_errors[0].field).toBe('sort_field');
  });

  it('pages with a total and treats SQL and LIKE meta-characters as text', async () => {
    const page = await list({ categoryId: tree.mid, page: 1, pageSize: 2, sortField: 'skuCode', sortOrder: 'ascend' });
    expect(page.data).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.data.list).toHaveLength(2);
    expect(page.data.total).toBeGreaterThanOrEqual(3);
    for (const keyword of ['%', '_', "' or 1=1 --", '\\']) {
      const answer = await list({ keyword, categoryId: tree.root });
      expect(answer.code).toBe(200);
      expect(answer.data.total).toBe(0);
    }
  });

  it('checks permission codes', async () => {
    expect((await list({}, buyer)).code).toBe(200);
    const create = await t.api(commodityApi.create, { skuCode: 'X1', name: 'x', categoryId: tree.leafA, unit: 'piece', referencePriceFen: 1 }, buyer);
    expect(create.code).toBe(403);
    expect((await t.api(commodityApi.disable, { items: [{ id: 1, version: 0 }] }, buyer)).code).toBe(403);
    expect((await t.api(commodityApi.import, { fileBase64: 'AA==' }, buyer)).code).toBe(403);
    expect((await t.api(commodityApi.export, {}, buyer)).code).toBe(403);
    expect((await t.api(commodityApi.options, { keyword: '毛巾' }, buyer)).code).toBe(200);
    expect((await t.api(commodityApi.list, {})).code).toBe(401);
  });
});

describe('commodity Excel import', () => {
  it('reports every kind of bad row and writes nothing unless asked for the valid rows', async () => {
    const existing = unique('EXIST');
    await createCommodity({ skuCode: existing });
    const good = [unique('IMP'), unique('IMP'), unique('IMP')];
    const dup = unique('DUP');
    const rows = [
      [good[0], '导入毛巾', tree.codeA, '洁丽雅', '34×76cm', '条', '6901234567892', 120, 900, 19.9, '启用', ''],
      [good[1], '导入浴巾', tree.codeA, '', '', '件', '', '', '', '59', '停用', '=cmd|calc'],
      [good[2], '导入方巾', tree.codeA, '金号', '', '件', '', '', '', 9.5, '', ''],
      ['', '缺SKU', tree.codeA, '', '', '件', '', '', '', 1, '', ''],
      [unique('IMP'), '', tree.codeA, '', '', '件', '', '', '', 1, '', ''],
      [unique('IMP'), '分类不存在', 'NO-SUCH', '', '', '件', '', '', '', 1, '', ''],
      [unique('IMP'), '非末级分类', tree.codeMid, '', '', '件', '', '', '', 1, '', ''],
      [unique('IMP'), '条码错', tree.codeA, '', '', '件', '6901234567891', '', '', 1, '', ''],
      [unique('IMP'), '价格错', tree.codeA, '', '', '件', '', '', '', '1.234', '', ''],
      [unique('IMP'), '重量错', tree.codeA, '', '', '件', '', '-3', '', 1, '', ''],
      [unique('IMP'), '状态错', tree.codeA, '', '', '件', '', '', '', 1, '作废', ''],
      [unique('IMP'), '缺单位', tree.codeA, '', '', '', '', '', '', 1, '', ''],
      [dup, '重复一', tree.codeA, '', '', '件', '', '', '', 1, '', ''],
      [dup, '重复二', tree.codeA, '', '', '件', '', '', '', 1, '', ''],
      [existing, '已存在', tree.codeA, '', '', '件', '', '', '', 1, '', ''],
    ];
    const file = await xlsxBase64(rows);
    const first = await t.api(commodityApi.import, { fileBase64: file, fileName: '商品.xlsx' }, admin);
    expect(first.code, first.message).toBe(200);
    expect(first.data).toMatchObject({ totalRows: 15, validRows: 4, imported: 0 });
    expect(first.data.errors).toEqual([
      { row: 5, column: 'SKU编码', message: '请输入SKU编码' },
      { row: 6, column: '商品名称', message: '请输入商品名称' },
      { row: 7, column: '分类编码', message: '分类编码“NO-SUCH”不存在' },
      { row: 8, column: '分类编码', message: '请填写末级分类的编码' },
      { row: 9, column: '条形码', message: '条形码须为13位且校验位正确（EAN-13）' },
      { row: 10, column: '参考价(元)', message: '参考价须为不超过两位小数的非负金额' },
      { row: 11, column: '重量(克)', message: '重量须为非负整数（克）' },
      { row: 12, column: '状态', message: '状态须为“启用”或“停用”' },
      { row: 13, column: '单位', message: '请输入单位' },
      { row: 15, column: 'SKU编码', message: `SKU编码与第14行重复` },
      { row: 16, column: 'SKU编码', message: 'SKU编码已存在' },
    ]);
    expect(await skus({ keyword: 'IMP', categoryId: tree.leafA })).toEqual([]);

    const second = await t.api(commodityApi.import, { fileBase64: file, onlyValid: true }, admin);
    expect(second.data).toMatchObject({ imported: 4, validRows: 4 });
    expect((await skus({ categoryId: tree.leafA })).filter((s) => good.includes(s)).sort()).toEqual([...good].sort());
    const imported = (await list({ keyword: good[1] })).data.list[0];
    expect(imported).toMatchObject({ referencePriceFen: 5900, status: 'disabled', remark: '=cmd|calc', brand: null });
    const first3 = (await list({ keyword: good[0] })).data.list[0];
    expect(first3).toMatchObject({ referencePriceFen: 1990, weightG: 120, volumeCm3: 900, unit: 'strip' });
  });

  it('refuses wrong headers, non-Excel files, oversize files and too many rows with a clear message', async () => {
    const wrongHeaders = await xlsxBase64([['a']], ['编号', '名称']);
    const headers = await t.api(commodityApi.import, { fileBase64: wrongHeaders }, admin);
    expect(headers.code).toBe(400);
    expect(headers.message).toMatch(/^模板表头不正确，缺少列：SKU编码/);
    const junk = await t.api(commodityApi.import, { fileBase64: Buffer.from('not an excel file').toString('base64') }, admin);
    expect(junk).toMatchObject({ code: 400, message: '无法读取文件，请上传 .xlsx 格式的Excel文件' });
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1).toString('base64');
    const tooBig = await t.api(commodityApi.import, { fileBase64: big }, admin);
    expect(tooBig).toMatchObject({ status: 200, code: 400, message: '文件不能超过10MB' });
    const many = await xlsxBase64(Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [`R${i}`, 'n', 'c', '', '', '件', '', '', '', 1]));
    const tooMany = await t.api(commodityApi.import, { fileBase64: many }, admin);
    expect(tooMany).toMatchObject({ code: 400, message: '数据不能超过50000行（空行也计入），请拆分后再导入' });
  });

  it('offers a template that the import reads', async () => {
    const response = await download('/admin/commodity/import_template', {});
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(response.rawPayload);
    expect(rows[0]).toContain('SKU编码*');
    expect(rows).toHaveLength(2);
  });
});

describe('commodity Excel export', () => {
  it('streams the current filter and escapes formula-like cells', async () => {
    const leaf = await category(tree.root);
    const formula = unique('FX');
    await createCommodity({ skuCode: formula, name: '=HYPERLINK("http://x","点我")', categoryId: leaf, brand: '+品牌', remark: '@SUM(A1)' });
    await createCommodity({ categoryId: leaf, name: '-减号开头', referencePriceFen: 12345 });
    await createCommodity({ categoryId: leaf, name: '普通商品' });
    const response = await download('/admin/commodity/export', { category_id: leaf });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const rows = await readSheet(response.rawPayload);
    expect(rows[0].slice(0, 3)).toEqual(['SKU编码', '商品名称', '分类编码']);
    expect(rows).toHaveLength(4);
    const row = rows.find((r) => r[0] === formula)!;
    expect(row[1]).toBe(`'=HYPERLINK("http://x","点我")`);
    expect(row[3]).toBe(`'+品牌`);
    expect(row[11]).toBe(`'@SUM(A1)`);
    expect(rows.find((r) => r[1] === `'-减号开头`)?.[9]).toBe('123.45');
    expect(rows.flat().some((v) => typeof v === 'object' && v !== null && 'formula' in v)).toBe(false);
  });

  // A file cannot carry U+FFFF or C0 controls at all (XML refuses them): the reader refuses such a file.
  it('refuses cells with noncharacters or bidi controls as row errors, and cleans the rest like a form', async () => {
    const sku = unique('TX');
    const rows = [
      [`${sku}-1`, '坏名称\ufdd0', tree.codeA, '', '', '件', '', '', '', 1, '', ''],
      [`${sku}-2`, '名称\u202efdp.exe', tree.codeA, '', '', '件', '', '', '', 1, '', ''],
      [`${sku}-3`, 'Cafe\u0301', tree.codeA, '', '', '件', '', '', '', 1, '', ''],
    ];
    const answer = await t.api(commodityApi.import, { fileBase64: await xlsxBase64(rows), onlyValid: true }, admin);
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data.errors).toEqual([
      { row: 2, column: '商品名称', message: '不能包含非字符码位（如U+FFFF）' },
      { row: 3, column: '商品名称', message: '不能包含文字方向控制字符' },
    ]);
    expect(answer.data.imported).toBe(1);
    expect((await list({ keyword: `${sku}-3` })).data.list[0].name).toBe('Caf\u00e9');
  });

  it('exports an edited file that imports back unchanged', async () => {
    const leaf = await category(tree.root);
    const sku = unique('RT');
    await createCommodity({ skuCode: sku, name: '=往返', categoryId: leaf });
    const exported = await download('/admin/commodity/export', { category_id: leaf });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    sheet.getRow(2).getCell(1).value = `${sku}-2`;
    const file = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const answer = await t.api(commodityApi.import, { fileBase64: file }, admin);
    expect(answer.data).toMatchObject({ imported: 1, errors: [] });
    expect((await list({ keyword: `${sku}-2` })).data.list[0].name).toBe('=往返');
  });
});

describe('totals kept by the count table', () => {
  it('agree with counting the rows after creates, imports, edits, batch status changes, moves and deletes', async () => {
    const a = await createCommodity({ categoryId: tree.leafB });
    const b = await createCommodity({ categoryId: tree.leafC });
    const info = async (id: number) => (await t.api(commodityApi.info, { id }, admin)).data;
    const disable = await t.api(commodityApi.disable, { items: [{ id: a, version: (await info(a)).version }] }, admin);
    expect(disable.code).toBe(200);
    const gone = await t.api(commodityApi.delete, { id: b, version: (await info(b)).version }, admin);
    expect(gone.code).toBe(200);

    const counted = async (where: string) => {
      const result = (await t.database.db.execute(sql.raw(`select count(*)::int as n from commodities ${where}`))) as unknown as {
        rows: { n: number }[];
      };
      return Number(result.rows[0].n);
    };
    const subtree = (id: number) =>
      `category_id in (select id from categories where id = ${id} or parent_id = ${id} or parent_id in (select id from categories where parent_id = ${id}))`;
    const cases: [ListBody, string][] = [
      [{}, ''],
      [{ status: 'disabled' }, `where status = 'disabled'`],
      [{ categoryId: tree.root }, `where ${subtree(tree.root)}`],
      [{ categoryId: tree.mid, status: 'enabled' }, `where ${subtree(tree.mid)} and status = 'enabled'`],
    ];
    for (const [filter, where] of cases) {
      expect((await list({ ...filter, pageSize: 1 })).data.total, JSON.stringify(filter)).toBe(await counted(where));
    }
    const categoryList = (await t.api(categoryApi.list, {}, admin)).data;
    expect(categoryList.find((c) => c.id === tree.root)?.commodityCount).toBe(await counted(`where ${subtree(tree.root)}`));
  });
});

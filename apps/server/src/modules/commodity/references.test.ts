import { readFile } from 'node:fs/promises';
import { categoryApi, commodityApi, DICT, dictTypeApi, priceTemplateApi, supplierApi, toSnakeCase } from '@scm/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { commodities, dictItems, dictTypes } from '../../db/schema';
import { createTestApp, type TestApp, unique } from '../../../test/helpers';
import { createWeightTemplate, supplierBody } from '../../../test/procurement-fixtures';

let t: TestApp;
let admin: string;
let leaf = 0;
let leafCode = '';

type CommodityBody = Partial<z.input<typeof commodityApi.create.body>>;
const body = (extra: CommodityBody = {}) => ({
  skuCode: unique('REF'),
  name: '引用测试商品',
  categoryId: leaf,
  unit: 'piece',
  referencePriceFen: 1990,
  ...extra,
});
/** A create refused with field errors: raw, as those name the wire's fields. */
const create = (extra: CommodityBody = {}) => t.call('/admin/commodity/create', toSnakeCase(body(extra)), admin);
async function created(extra: CommodityBody = {}) {
  const answer = await t.api(commodityApi.create, body(extra), admin);
  expect(answer.code, answer.message).toBe(200);
  return answer.data.id;
}
const info = async (id: number) => (await t.api(commodityApi.info, { id }, admin)).data;
/** The record as the edit form sends it back. */
const editBody = (record: z.output<typeof commodityApi.info.response>) => {
  const {
    categoryName: _c,
    priceTemplateName: _p,
    defaultSupplierCode: _sc,
    defaultSupplierName: _sn,
    createdAt: _ca,
    updatedAt: _ua,
    ...rest
  } = record;
  return rest;
};

async function supplier(name: string, status: 'enabled' | 'disabled' | 'blacklisted' = 'enabled') {
  const answer = await t.call('/admin/supplier/create', supplierBody(name), admin);
  expect(answer.code, answer.message).toBe(200);
  if (status !== 'enabled') expect((await t.api(supplierApi.status, { id: answer.data.id, version: 0, status }, admin)).code).toBe(200);
  return answer.data.id as number;
}

/** A unit item of our own, so switching it off leaves the other tests' units alone. */
async function unitItem(value: string, label: string) {
  const [type] = await t.database.db.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.code, DICT.unit));
  await t.database.db.insert(dictItems).values({ typeId: type.id, value, label, sort: 900 });
}
const setUnitStatus = (value: string, status: 'enabled' | 'disabled') =>
  t.database.db.update(dictItems).set({ status }).where(eq(dictItems.value, value));

const HEADERS = [
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
];
async function xlsxBase64(rows: unknown[][], headers = HEADERS) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('商品');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  leafCode = unique('L');
  const answer = await t.api(categoryApi.create, { parentId: null, name: '引用测试分类', code: leafCode }, admin);
  leaf = answer.data.id;
});
afterAll(() => t.close());

describe('commodity unit', () => {
  it('offers every unit the demo and scale data use in the built-in dictionary', async () => {
    const bundle = (await t.api(dictTypeApi.options, {}, admin)).data;
    const units = (bundle.types.find((type) => type.code === 'unit')?.items ?? []).map((i) => i.label);
    expect(units).toEqual(expect.arrayContaining(['个', '件', '包', '套', '张', '把', '条', '瓶', '箱', '袋', '千克']));
  });

  it('takes only enabled items of the unit dictionary (its value, not its label)', async () => {
    for (const unit of ['no_such_unit', '件']) {
      const answer = await create({ unit });
      expect(answer.code).toBe(400);
      expect(answer.data.field_errors).toEqual([{ field: 'unit', message: '计量单位不存在或已停用' }]);
    }
    const id = await created({ unit: 'strip' });
    expect(await info(id)).toMatchObject({ unit: 'strip' });
  });

  it('refuses a disabled unit for new records but keeps it on an old one', async () => {
    await unitItem('tub', '桶');
    const id = await created({ unit: 'tub' });
    await setUnitStatus('tub', 'disabled');
    try {
      const refused = await create({ unit: 'tub' });
      expect(refused.data.field_errors).toEqual([{ field: 'unit', message: '计量单位不存在或已停用' }]);
      const old = await info(id);
      const renamed = await t.api(commodityApi.update, { ...editBody(old), name: '改名后仍用桶' }, admin);
      expect(renamed.code, renamed.message).toBe(200);
      expect(await info(id)).toMatchObject({ name: '改名后仍用桶', unit: 'tub', version: 1 });
      const moved = await t.call('/admin/commodity/update', toSnakeCase({ ...editBody(await info(id)), unit: 'no_such_unit' }), admin);
      expect(moved.data.field_errors).toEqual([{ field: 'unit', message: '计量单位不存在或已停用' }]);
    } finally {
      await setUnitStatus('tub', 'enabled');
    }
  });

  it('imports units by label or value and reports unknown or disabled ones per row', async () => {
    await unitItem('crate', '筐');
    await setUnitStatus('crate', 'disabled');
    const skus = [unique('IU'), unique('IU'), unique('IU'), unique('IU')];
    const file = await xlsxBase64([
      [skus[0], '按名称', leafCode, '', '', '条', '', '', '', 1, '', ''],
      [skus[1], '按取值', leafCode, '', '', 'bottle', '', '', '', 1, '', ''],
      [skus[2], '未知单位', leafCode, '', '', '斤', '', '', '', 1, '', ''],
      [skus[3], '停用单位', leafCode, '', '', '筐', '', '', '', 1, '', ''],
    ]);
    const first = await t.api(commodityApi.import, { fileBase64: file }, admin);
    expect(first.data).toMatchObject({ totalRows: 4, validRows: 2, imported: 0 });
    expect(first.data.errors).toEqual([
      { row: 4, column: '单位', message: '计量单位不存在或已停用' },
      { row: 5, column: '单位', message: '计量单位不存在或已停用' },
    ]);
    const second = await t.api(commodityApi.import, { fileBase64: file, onlyValid: true }, admin);
    expect(second.data.imported).toBe(2);
    const rows = (await t.api(commodityApi.list, { categoryId: leaf, pageSize: 200 }, admin)).data.list;
    const unitOf = (sku: string) => rows.find((r) => r.skuCode === sku)?.unit;
    expect([unitOf(skus[0]), unitOf(skus[1]), unitOf(skus[2])]).toEqual(['strip', 'bottle', undefined]);
  });

  it('exports the unit label, which imports back as the value', async () => {
    const sku = unique('EXU');
    await created({ skuCode: sku, unit: 'handle' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/commodity/export',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      payload: JSON.stringify({ keyword: sku }),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getRow(2).getCell(6).value).toBe('把');
  });
});

describe('commodity price template and default supplier', () => {
  let templateId = 0;
  let supplierId = 0;
  beforeAll(async () => {
    templateId = await createWeightTemplate(t, admin, '引用测试-按重量');
    supplierId = await supplier('引用测试家居用品有限公司');
  });

  it('stores both and shows their names on the detail and the list', async () => {
    const sku = unique('PICK');
    const id = await created({ skuCode: sku, priceTemplateId: templateId, defaultSupplierId: supplierId });
    const { data: supplierInfo } = await t.api(supplierApi.info, { id: supplierId }, admin);
    const expected = {
      priceTemplateId: templateId,
      priceTemplateName: '引用测试-按重量',
      defaultSupplierId: supplierId,
      defaultSupplierCode: supplierInfo.code,
      defaultSupplierName: '引用测试家居用品有限公司',
    };
    expect(await info(id)).toMatchObject(expected);
    const listed = (await t.api(commodityApi.list, { keyword: sku }, admin)).data.list;
    expect(listed).toEqual([expect.objectContaining(expected)]);
    const bare = await info(await created());
    expect(bare).toMatchObject({ priceTemplateName: null, defaultSupplierName: null, defaultSupplierCode: null });
  });

  it('refuses unknown, disabled or blacklisted references with Chinese field errors', async () => {
    const disabledTemplate = await createWeightTemplate(t, admin, '引用测试-已停用');
    await t.api(priceTemplateApi.disable, { id: disabledTemplate, version: 0 }, admin);
    const cases: [CommodityBody, { field: string; message: string }][] = [
      [{ priceTemplateId: 999_999 }, { field: 'price_template_id', message: '配送模板不存在' }],
      [{ priceTemplateId: disabledTemplate }, { field: 'price_template_id', message: '配送模板已停用' }],
      [{ defaultSupplierId: 999_999 }, { field: 'default_supplier_id', message: '默认供应商不存在' }],
      [{ defaultSupplierId: await supplier('引用测试停用供应商', 'disabled') }, { field: 'default_supplier_id', message: '默认供应商已停用' }],
      [
        { defaultSupplierId: await supplier('引用测试黑名单供应商', 'blacklisted') },
        { field: 'default_supplier_id', message: '默认供应商已列入黑名单' },
      ],
    ];
    for (const [extra, error] of cases) {
      const answer = await create(extra);
      expect(answer.code).toBe(400);
      expect(answer.data.field_errors).toEqual([error]);
    }
  });

  it('keeps a template or supplier disabled since, but takes no new disabled one', async () => {
    const template = await createWeightTemplate(t, admin, '引用测试-后停用');
    const vendor = await supplier('引用测试后停用供应商');
    const id = await created({ priceTemplateId: template, defaultSupplierId: vendor });
    expect((await t.api(priceTemplateApi.disable, { id: template, version: 0 }, admin)).code).toBe(200);
    expect((await t.api(supplierApi.status, { id: vendor, version: 0, status: 'blacklisted' }, admin)).code).toBe(200);
    const kept = await t.api(commodityApi.update, { ...editBody(await info(id)), name: '引用已停用的旧商品' }, admin);
    expect(kept.code, kept.message).toBe(200);
    const other = await info(await created());
    const taken = await t.call(
      '/admin/commodity/update',
      toSnakeCase({ ...editBody(other), priceTemplateId: template, defaultSupplierId: vendor }),
      admin,
    );
    expect(taken.data.field_errors).toEqual([
      { field: 'price_template_id', message: '配送模板已停用' },
      { field: 'default_supplier_id', message: '默认供应商已列入黑名单' },
    ]);
  });

  it('searches the picker options on the server: enabled templates, invitable suppliers with their codes', async () => {
    const templates = (await t.api(priceTemplateApi.options, { keyword: '引用测试' }, admin)).data;
    expect(templates.map((o) => o.label).sort()).toEqual(['引用测试-按重量']);
    const suppliers = (await t.api(supplierApi.options, { keyword: '引用测试', invitable: true }, admin)).data;
    expect(suppliers.map((o) => o.label)).toEqual(['引用测试家居用品有限公司']);
    expect(suppliers[0].code).toMatch(/^GYS\d{12}$/);
    const byCode = (await t.api(supplierApi.options, { keyword: suppliers[0].code, invitable: true }, admin)).data;
    expect(byCode.map((o) => o.value)).toEqual([supplierId]);
  });

  it('refuses to delete a template or supplier that commodities use (409), and deletes them once unused', async () => {
    const template = await createWeightTemplate(t, admin, '引用测试-删除');
    const vendor = await supplier('引用测试删除供应商');
    const id = await created({ priceTemplateId: template, defaultSupplierId: vendor });
    const templateRefused = await t.api(priceTemplateApi.delete, { id: template, version: 0 }, admin);
    expect(templateRefused).toMatchObject({ code: 409, message: '该模板正被 1 个商品使用，不能删除' });
    const supplierRefused = await t.api(supplierApi.delete, { id: vendor, version: 0 }, admin);
    expect(supplierRefused).toMatchObject({ code: 409, message: '该供应商是 1 个商品的默认供应商，不能删除，可改为停用' });

    const cleared = await t.api(commodityApi.update, { ...editBody(await info(id)), priceTemplateId: null, defaultSupplierId: null }, admin);
    expect(cleared.code, cleared.message).toBe(200);
    expect((await t.api(priceTemplateApi.delete, { id: template, version: 0 }, admin)).code).toBe(200);
    expect((await t.api(supplierApi.delete, { id: vendor, version: 0 }, admin)).code).toBe(200);
  });

  it('imports the template by name and the supplier by code, checked like the form', async () => {
    const { data: vendor } = await t.api(supplierApi.info, { id: supplierId }, admin);
    const blacklisted = (await t.api(supplierApi.info, { id: await supplier('引用测试导入黑名单', 'blacklisted') }, admin)).data;
    const skus = [unique('IR'), unique('IR'), unique('IR'), unique('IR')];
    const row = (sku: string, template: string, supplierCode: string) => [
      sku,
      '导入引用',
      leafCode,
      '',
      '',
      '件',
      '',
      '',
      '',
      1,
      '',
      '',
      template,
      supplierCode,
    ];
    const file = await xlsxBase64(
      [
        row(skus[0], '引用测试-按重量', vendor.code),
        row(skus[1], '没有这个模板', ''),
        row(skus[2], '', 'GYS000000000000'),
        row(skus[3], '', blacklisted.code),
      ],
      [...HEADERS, '配送模板名称', '默认供应商编码'],
    );
    const answer = await t.api(commodityApi.import, { fileBase64: file, onlyValid: true }, admin);
    expect(answer.data.errors).toEqual([
      { row: 3, column: '配送模板名称', message: '配送模板“没有这个模板”不存在' },
      { row: 4, column: '默认供应商编码', message: '供应商编码“GYS000000000000”不存在' },
      { row: 5, column: '默认供应商编码', message: '默认供应商已列入黑名单' },
    ]);
    expect(answer.data.imported).toBe(1);
    const imported = (await t.api(commodityApi.list, { keyword: skus[0] }, admin)).data.list[0];
    expect(imported).toMatchObject({ priceTemplateId: templateId, defaultSupplierId: supplierId, unit: 'piece' });

    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/commodity/export',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      payload: JSON.stringify({ keyword: skus[0] }),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect([sheet.getRow(1).getCell(13).value, sheet.getRow(1).getCell(14).value]).toEqual(['配送模板名称', '默认供应商编码']);
    expect([sheet.getRow(2).getCell(13).value, sheet.getRow(2).getCell(14).value]).toEqual(['引用测试-按重量', vendor.code]);
  });

  it('has foreign keys behind the checks', async () => {
    const id = await created();
    const write = (set: Record<string, number>) => t.database.db.update(commodities).set(set).where(eq(commodities.id, id));
    await expect(write({ priceTemplateId: 999_999 })).rejects.toThrow();
    await expect(write({ defaultSupplierId: 999_999 })).rejects.toThrow();
  });
});

describe('migration 0002', () => {
  it('turns unit labels of old rows into dictionary values', async () => {
    await unitItem('jin', '斤');
    const insert = async (unit: string) => {
      const [row] = await t.database.db
        .insert(commodities)
        .values({ skuCode: unique('MIG'), name: '迁移', categoryId: leaf, unit, referencePriceFen: 1, nameGrams: [] })
        .returning({ id: commodities.id });
      return row.id;
    };
    const ids = [await insert('条'), await insert('斤'), await insert('piece'), await insert('未知')];
    const migration = await readFile(new URL('../../../drizzle/0002_commodity_refs.sql', import.meta.url), 'utf8');
    // The data statements only: the constraints and indexes exist already.
    for (const statement of migration.split('--> statement-breakpoint').filter((s) => /^\s*(--.*\n\s*)*UPDATE/.test(s))) {
      await t.database.db.execute(sql.raw(statement));
    }
    const units = await Promise.all(ids.map(async (id) => (await info(id)).unit));
    expect(units).toEqual(['strip', 'jin', 'piece', '未知']);
  });
});

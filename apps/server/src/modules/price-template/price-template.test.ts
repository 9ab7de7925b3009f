import { ENABLED_STATUS_LABELS, ENABLED_STATUSES, ENABLEMENT_TRANSITIONS, priceTemplateApi, regionApi, toCamelCase } from '@scm/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { download, readWorkbook } from '../../../test/excel';
import { rowById, createTestApp, type TestApp } from '../../../test/helpers';
import { loginWithCodes, seedCommodities } from '../../../test/procurement-fixtures';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';
import { commodities, priceTemplates, suppliers } from '../../db/schema';

let t: TestApp;
let admin: string;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
  buyer = await t.login('buyer@jiaju.com');
});
afterAll(() => t.close());

const weightTemplate = {
  name: '测试快递-按重量',
  charge_mode: 'weight',
  status: 'enabled',
  remark: '测试',
  charge_rows: [
    { region_codes: ['440300', '440100'], is_default: false, first_qty: 1000, first_fee_fen: 1000, additional_qty: 500, additional_fee_fen: 200 },
    { region_codes: ['320000'], is_default: false, first_qty: 1000, first_fee_fen: 1200, additional_qty: 1000, additional_fee_fen: 300 },
    { region_codes: [], is_default: true, first_qty: 1000, first_fee_fen: 1800, additional_qty: 1000, additional_fee_fen: 600 },
  ],
  free_rows: [{ region_codes: ['440300'], qty_limit: 2000, min_amount_fen: 10000, operator: 'and' }],
  no_delivery_codes: ['540000'],
};

type TemplateBody = z.input<typeof priceTemplateApi.create.body>;
/** The same template as the typed client takes it (the raw one above feeds the invalid variants). */
const weightInput = toCamelCase<TemplateBody>(weightTemplate);

const fields = (answer: { data: { field_errors: { field: string }[] } }) => answer.data.field_errors.map((e) => e.field);

describe('price templates', () => {
  let id: number;

  it('creates a template with the fixed contract and reads it back', async () => {
    const created = await t.api(priceTemplateApi.create, weightInput, admin);
    expect(created).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    id = created.data.id;
    const info = await t.api(priceTemplateApi.info, { id }, admin);
    expect(info.data).toMatchObject({
      name: '测试快递-按重量',
      chargeMode: 'weight',
      chargeRows: weightInput.chargeRows,
      freeRows: [{ regionCodes: ['440300'], qtyLimit: 2000, minAmountFen: 10000, operator: 'and' }],
      noDeliveryCodes: ['540000'],
      version: 0,
    });
  });

  it('validates the rows with field errors', async () => {
    const twoDefaults = { ...weightTemplate, name: 'x', charge_rows: [weightTemplate.charge_rows[2], weightTemplate.charge_rows[2]] };
    expect(await t.call('/admin/price_template/create', twoDefaults, admin)).toMatchObject({ code: 400, message: '只能有一条全国默认计费规则' });
    const noDefault = { ...weightTemplate, name: 'x', charge_rows: [weightTemplate.charge_rows[0]] };
    expect(fields(await t.call('/admin/price_template/create', noDefault, admin))).toEqual(['charge_rows']);
    const overlap = {
      ...weightTemplate,
      name: 'x',
      charge_rows: [weightTemplate.charge_rows[0], { ...weightTemplate.charge_rows[1], region_codes: ['440300'] }, weightTemplate.charge_rows[2]],
    };
    const overlapAnswer = await t.call('/admin/price_template/create', overlap, admin);
    expect(overlapAnswer.data.field_errors).toEqual([{ field: 'charge_rows.1.region_codes', message: '地区 440300 已在第1条计费规则中' }]);
    const zeroes = {
      ...weightTemplate,
      name: 'x',
      charge_rows: [{ ...weightTemplate.charge_rows[2], additional_qty: 0, first_fee_fen: -1, first_qty: 1.5 }],
    };
    expect(fields(await t.call('/admin/price_template/create', zeroes, admin)).sort()).toEqual([
      'charge_rows.0.additional_qty',
      'charge_rows.0.first_fee_fen',
      'charge_rows.0.first_qty',
    ]);
    const badFree = {
      ...weightTemplate,
      name: 'x',
      free_rows: [
        { region_codes: [], operator: 'and' },
        { region_codes: [], min_amount_fen: 100, operator: 'or' },
      ],
    };
    expect(fields(await t.call('/admin/price_template/create', badFree, admin)).sort()).toEqual([
      'free_rows.0.qty_limit',
      'free_rows.1.region_codes',
    ]);
    const unknownRegion = {
      ...weightTemplate,
      name: 'x',
      no_delivery_codes: ['999999'],
      charge_rows: [{ ...weightTemplate.charge_rows[0], region_codes: ['440399'] }, weightTemplate.charge_rows[2]],
    };
    const unknown = await t.call('/admin/price_template/create', unknownRegion, admin);
    expect(unknown.code).toBe(400);
    expect(fields(unknown)).toEqual(['charge_rows.0.region_codes', 'no_delivery_codes']);
    const badMode = await t.call('/admin/price_template/create', { ...weightTemplate, charge_mode: 'distance' }, admin);
    expect(fields(badMode)).toEqual(['charge_mode']);
  });

  it('refuses a duplicate name with 409', async () => {
    expect((await t.api(priceTemplateApi.create, weightInput, admin)).code).toBe(409);
  });

  it('updates with optimistic locking', async () => {
    const body = { ...weightInput, id, version: 0, name: '测试快递-按重量(改)', freeRows: [] };
    expect((await t.api(priceTemplateApi.update, body, admin)).code).toBe(200);
    expect(await t.api(priceTemplateApi.update, body, admin)).toMatchObject({ code: 409, message: '数据已被他人修改，请刷新后重试' });
    const info = (await t.api(priceTemplateApi.info, { id }, admin)).data;
    expect(info).toMatchObject({ version: 1, freeRows: [], name: '测试快递-按重量(改)' });
  });

  it('copies as a disabled template, enables and disables', async () => {
    const copy = await t.api(priceTemplateApi.copy, { id }, admin);
    const copied = (await t.api(priceTemplateApi.info, { id: copy.data.id }, admin)).data;
    expect(copied).toMatchObject({ name: '测试快递-按重量(改) 副本', status: 'disabled', chargeRows: weightInput.chargeRows });
    const again = await t.api(priceTemplateApi.copy, { id }, admin);
    expect((await t.api(priceTemplateApi.info, { id: again.data.id }, admin)).data.name).toBe('测试快递-按重量(改) 副本2');
    expect((await t.api(priceTemplateApi.enable, { id: copied.id, version: copied.version }, admin)).code).toBe(200);
    expect((await t.api(priceTemplateApi.disable, { id: copied.id, version: copied.version }, admin)).code).toBe(409);
    expect((await t.api(priceTemplateApi.disable, { id: copied.id, version: copied.version + 1 }, admin)).code).toBe(200);
  });

  it('lists with filters and offers enabled templates to any signed-in user', async () => {
    const list = await t.api(priceTemplateApi.list, { keyword: '测试快递', status: 'enabled' }, admin);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ chargeRowCount: 3, freeRowCount: 0, noDeliveryCount: 1, defaultRow: { firstFeeFen: 1800 } });
    const byMode = await t.api(priceTemplateApi.list, { chargeMode: 'volume' }, admin);
    expect(byMode.data.list.map((r) => r.name)).toEqual(['德邦大件-按体积']);
    const options = await t.api(priceTemplateApi.options, {}, buyer);
    expect(options.code).toBe(200);
    expect(options.data.every((o) => o.status === 'enabled')).toBe(true);
    expect(options.data.map((o) => o.label)).toContain('顺丰标准-按重量');
  });

  it('refuses to delete a template in use (409), then deletes it with the right version', async () => {
    const info = (await t.api(priceTemplateApi.info, { id }, admin)).data;
    const { ids } = await seedCommodities(t, [
      { sku: 'TPL-USE-1', name: '模板引用测试一', weightG: 100, priceFen: 100 },
      { sku: 'TPL-USE-2', name: '模板引用测试二', weightG: 100, priceFen: 100 },
    ]);
    await t.database.db.update(commodities).set({ priceTemplateId: id }).where(inArray(commodities.id, ids));
    const [supplier] = await t.database.db.select({ id: suppliers.id, templateId: suppliers.priceTemplateId }).from(suppliers).limit(1);
    await t.database.db.update(suppliers).set({ priceTemplateId: id }).where(eq(suppliers.id, supplier.id));
    const referenced = await t.api(priceTemplateApi.delete, { id, version: info.version }, admin);
    expect(referenced).toMatchObject({ code: 409, message: '该模板正被 2 个商品、1 个供应商使用，不能删除' });
    await t.database.db.update(commodities).set({ priceTemplateId: null }).where(inArray(commodities.id, ids));
    await t.database.db.update(suppliers).set({ priceTemplateId: supplier.templateId }).where(eq(suppliers.id, supplier.id));
    expect((await t.api(priceTemplateApi.delete, { id, version: info.version + 5 }, admin)).code).toBe(409);
    expect((await t.api(priceTemplateApi.delete, { id, version: info.version }, admin)).code).toBe(200);
    expect((await t.api(priceTemplateApi.info, { id }, admin)).code).toBe(404);
  });

  it('checks permission codes', async () => {
    expect((await t.api(priceTemplateApi.list, {}, buyer)).code).toBe(403);
    expect((await t.api(priceTemplateApi.create, weightInput, buyer)).code).toBe(403);
    expect((await t.api(priceTemplateApi.delete, { id: 1, version: 0 }, buyer)).code).toBe(403);
    expect((await t.api(priceTemplateApi.list, {}, null)).code).toBe(401);
  });
});

describe('regions', () => {
  it('serves the GB/T 2260 tree with 6-digit codes', async () => {
    const tree = (await t.api(regionApi.tree, {}, buyer)).data;
    const guangdong = tree.find((p) => p.code === '440000');
    const shenzhen = guangdong?.children?.find((c) => c.code === '440300');
    expect(shenzhen?.name).toBe('深圳市');
    expect(shenzhen?.children?.find((d) => d.code === '440305')?.name).toBe('南山区');
    const beijing = tree.find((p) => p.code === '110000');
    expect(beijing?.children?.[0]).toMatchObject({ code: '110100', name: '北京市' });
    const dongguan = guangdong?.children?.find((c) => c.code === '441900');
    expect(dongguan).toBeDefined();
    expect(dongguan?.children).toBeUndefined();
    expect(tree.length).toBe(34);
  });
});

describe('price template Excel export', () => {
  const name = `=导出模板${Date.now().toString(36)}`;

  beforeAll(async () => {
    const created = await t.api(
      priceTemplateApi.create,
      {
        ...weightInput,
        name,
        remark: '@备注',
        freeRows: [
          { regionCodes: ['440300'], qtyLimit: 2000, minAmountFen: 10000, operator: 'and' },
          { regionCodes: [], minAmountFen: 29900, operator: 'or' },
        ],
      },
      admin,
    );
    expect(created.code, created.message).toBe(200);
  });

  it('writes the filtered templates, their charge rows with region names and their free rows, escaped', async () => {
    const response = await download(t, '/admin/price_template/export', { keyword: name.slice(1) }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const sheets = await readWorkbook(response.rawPayload);
    expect([...sheets.keys()]).toEqual(['配送价格模板', '计费规则', '包邮规则']);
    const templates = sheets.get('配送价格模板')!;
    expect(templates[0].slice(0, 7)).toEqual(['模板名称', '计费方式', '状态', '默认首量', '默认首费(元)', '默认续量', '默认续费(元)']);
    expect(templates).toHaveLength(2);
    expect(templates[1].slice(0, 11)).toEqual([`'${name}`, '按重量', '启用', '1kg', '18.00', '1kg', '6.00', 3, 2, '西藏自治区', "'@备注"]);
    expect(sheets.get('计费规则')!.slice(1)).toEqual([
      [`'${name}`, '按重量', 1, '广东省 / 深圳市、广东省 / 广州市', '440300,440100', '1kg', '10.00', '0.5kg', '2.00'],
      [`'${name}`, '按重量', 2, '江苏省', '320000', '1kg', '12.00', '1kg', '3.00'],
      [`'${name}`, '按重量', 3, '全国默认', undefined, '1kg', '18.00', '1kg', '6.00'],
    ]);
    expect(sheets.get('包邮规则')!.slice(1)).toEqual([
      [`'${name}`, 1, '广东省 / 深圳市', '440300', '2kg以内', '满100.00元', '且'],
      [`'${name}`, 2, '全部地区', undefined, undefined, '满299.00元'],
    ]);
  });

  it('follows the list filter (charge mode, status)', async () => {
    const sheets = await readWorkbook((await download(t, '/admin/price_template/export', { charge_mode: 'volume' }, admin)).rawPayload);
    expect(
      sheets
        .get('配送价格模板')!
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['德邦大件-按体积']);
    expect(
      sheets
        .get('计费规则')!
        .slice(1)
        .map((r) => r[3]),
    ).toEqual(['上海市、江苏省、浙江省', '广东省', '全国默认']);
    expect(sheets.get('包邮规则')).toHaveLength(1);
    const disabled = await readWorkbook((await download(t, '/admin/price_template/export', { status: 'disabled' }, admin)).rawPayload);
    expect(
      disabled
        .get('配送价格模板')!
        .slice(1)
        .every((r) => r[2] === '停用'),
    ).toBe(true);
    expect(
      disabled
        .get('配送价格模板')!
        .slice(1)
        .map((r) => r[0]),
    ).toContain('中通经济-按重量');
  });

  it('needs priceModel:export', async () => {
    const reader = await loginWithCodes(t, ['priceModel'], 'template-reader@test.com');
    expect((await t.api(priceTemplateApi.list, {}, reader)).code).toBe(200);
    expect((await t.api(priceTemplateApi.export, {}, reader)).code).toBe(403);
    expect((await t.api(priceTemplateApi.export, {}, buyer)).code).toBe(403);
    const exporter = await loginWithCodes(t, ['priceModel:export'], 'template-exporter@test.com');
    expect((await download(t, '/admin/price_template/export', {}, exporter)).statusCode).toBe(200);
  });
});

describe('the 启用/停用 status machine', () => {
  let serial = 0;
  const row = (id: number) => rowById(t, priceTemplates, id);
  const defaultRow = { regionCodes: [], isDefault: true, firstQty: 1, firstFeeFen: 500, additionalQty: 1, additionalFeeFen: 100 };
  sweepStatusMachine({
    machine: ENABLEMENT_TRANSITIONS,
    statuses: ENABLED_STATUSES,
    build: async (status) => {
      serial += 1;
      const body = { name: `状态探针${serial}`, chargeMode: 'piece' as const, status, chargeRows: [defaultRow] };
      return row((await t.api(priceTemplateApi.create, body, admin)).data.id);
    },
    act: (action, template) => t.api(priceTemplateApi[action], { id: template.id, version: template.version }, admin),
    snapshot: async (template) => ({ template: await row(template.id), audit: await auditRowCount(t.database.db) }),
    statusOf: async (template) => (await row(template.id)).status,
    refusal: (_action, status) => `配送模板已是${ENABLED_STATUS_LABELS[status]}状态`,
  });
});

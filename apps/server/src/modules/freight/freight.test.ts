import { toSnakeCase, freightApi, priceTemplateApi } from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { categories, commodities } from '../../db/schema';
import { withGrams } from '../commodity/service';

let t: TestApp;
let admin: string;
let buyer: string;
let planner: string;
let a: number;
let b: number;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
  buyer = await t.login('buyer@jiaju.com');
  planner = await t.login('planner@jiaju.com');
  const create = async (body: z.input<typeof priceTemplateApi.create.body>) => (await t.api(priceTemplateApi.create, body, admin)).data.id;
  a = await create({
    name: '模板A',
    chargeMode: 'weight',
    status: 'enabled',
    chargeRows: [{ regionCodes: [], isDefault: true, firstQty: 1000, firstFeeFen: 800, additionalQty: 500, additionalFeeFen: 300 }],
    freeRows: [{ regionCodes: [], qtyLimit: 3000, minAmountFen: 20000, operator: 'and' }],
    noDeliveryCodes: ['540000'],
  });
  b = await create({
    name: '模板B',
    chargeMode: 'piece',
    status: 'enabled',
    chargeRows: [
      { regionCodes: ['440305'], isDefault: false, firstQty: 1, firstFeeFen: 500, additionalQty: 1, additionalFeeFen: 100 },
      { regionCodes: [], isDefault: true, firstQty: 1, firstFeeFen: 1000, additionalQty: 1, additionalFeeFen: 500 },
    ],
    freeRows: [],
    noDeliveryCodes: [],
  });
});
afterAll(() => t.close());

const cart = () => [
  { templateId: a, quantity: 2, weightG: 800, amountFen: 6000 },
  { templateId: a, quantity: 3, weightG: 350, amountFen: 6000 },
  { templateId: b, quantity: 3, amountFen: 9000 },
];

describe('freight/estimate', () => {
  it('prices the worked example of docs/rules/freight.md to the fen', async () => {
    const answer = await t.api(freightApi.estimate, { destination: '310101', items: cart() }, buyer);
    expect(answer.code).toBe(200);
    expect(answer.data.totalFen).toBe(4000);
    expect(answer.data.groups).toEqual([
      expect.objectContaining({
        templateId: a,
        templateName: '模板A',
        chargeMode: 'weight',
        matchedBy: 'default',
        q: 2650,
        free: false,
        feeFen: 2000,
        formula: expect.stringContaining('⌈(2.65kg − 1kg) ÷ 0.5kg⌉'),
        items: [
          { index: 0, feeFen: 1208 },
          { index: 1, feeFen: 792 },
        ],
      }),
      expect.objectContaining({ templateId: b, matchedBy: 'default', q: 3, feeFen: 2000, items: [{ index: 2, feeFen: 2000 }] }),
    ]);
    expect(answer.data.groups[0].error).toBeUndefined();
  });

  it('matches a district row and fails a no-delivery region without failing the answer', async () => {
    const answer = await t.api(freightApi.estimate, { destination: '540102', items: cart() }, buyer);
    expect(answer.code).toBe(200);
    expect(answer.data.groups[0]).toMatchObject({
      error: '该地区不配送',
      feeFen: 0,
      items: [
        { index: 0, feeFen: 0 },
        { index: 1, feeFen: 0 },
      ],
    });
    expect(answer.data.totalFen).toBe(2000);
    const district = await t.api(freightApi.estimate, { destination: '440305', items: [{ templateId: b, quantity: 2 }] }, buyer);
    expect(district.data.groups[0]).toMatchObject({ matchedBy: 'district', feeFen: 600 });
  });

  it('reports a missing weight and a disabled template per group', async () => {
    const missing = await t.api(freightApi.estimate, { destination: '310101', items: [{ templateId: a, quantity: 1 }] }, buyer);
    expect(missing.data.groups[0].error).toBe('第1项缺少重量，无法按重量计费');
    const info = (await t.api(priceTemplateApi.info, { id: b }, admin)).data;
    await t.api(priceTemplateApi.disable, { id: b, version: info.version }, admin);
    const disabled = await t.api(freightApi.estimate, { destination: '310101', items: cart() }, buyer);
    expect(disabled.data.groups[1]).toMatchObject({ error: '模板已停用', feeFen: 0 });
    expect(disabled.data.totalFen).toBe(2000);
    await t.api(priceTemplateApi.enable, { id: b, version: info.version + 1 }, admin);
  });

  it('answers 400 for an unknown or malformed destination and bad measures, 404 for an unknown template', async () => {
    const unknown = await t.call(freightApi.estimate, { destination: '999999', items: toSnakeCase(cart()) }, buyer);
    expect(unknown.code).toBe(400);
    expect(unknown.data.field_errors[0].field).toBe('destination');
    expect((await t.api(freightApi.estimate, { destination: '4403', items: cart() }, buyer)).code).toBe(400);
    const badMeasure = await t.call(
      '/admin/freight/estimate',
      { destination: '310101', items: [{ template_id: a, quantity: 1, weight_g: -5 }] },
      buyer,
    );
    expect(badMeasure.data.field_errors[0].field).toBe('items.0.weight_g');
    const nothing = await t.call('/admin/freight/estimate', { destination: '310101', items: [{ quantity: 1 }] }, buyer);
    expect(nothing.data.field_errors[0].field).toBe('items.0.template_id');
    expect((await t.api(freightApi.estimate, { destination: '310101', items: [{ templateId: 99999, quantity: 1 }] }, buyer)).code).toBe(404);
  });

  it('compares all enabled templates, cheapest first', async () => {
    const answer = await t.api(
      freightApi.compare,
      { destination: '310101', items: [{ quantity: 3, weightG: 350, volumeCm3: 20000, amountFen: 9000 }] },
      buyer,
    );
    expect(answer.code).toBe(200);
    const list = answer.data.list;
    const fees = list.filter((g) => !g.error).map((g) => g.feeFen);
    expect(fees).toEqual([...fees].sort((x, y) => x - y));
    expect(list.map((g) => g.templateName)).toEqual(expect.arrayContaining(['模板A', '模板B', '顺丰标准-按重量', '德邦大件-按体积']));
    expect(list.map((g) => g.templateName)).not.toContain('中通经济-按重量');
  });

  it('needs costCalculate', async () => {
    expect((await t.api(freightApi.estimate, { destination: '310101', items: cart() }, planner)).code).toBe(403);
    expect((await t.api(freightApi.compare, { destination: '310101', items: [{ quantity: 1 }] }, null)).code).toBe(401);
  });
});

describe('freight with commodity lines (the commodities table)', () => {
  const c = { light: 0, lighter: 0, perPiece: 0, noTemplate: 0, noWeight: 0, zeroWeight: 0 };

  beforeAll(async () => {
    const db = t.database.db;
    const [category] = await db.insert(categories).values({ name: '运费测试分类', code: 'FREIGHT-T', level: 1 }).returning({ id: categories.id });
    const commodity = (
      skuCode: string,
      fields: { priceTemplateId: number | null; weightG: number | null; volumeCm3?: number; referencePriceFen: number },
    ) => withGrams({ skuCode, name: `运费测试${skuCode}`, categoryId: category.id, unit: '件', ...fields });
    const rows = await db
      .insert(commodities)
      .values([
        commodity('FT-LIGHT', { priceTemplateId: a, weightG: 800, referencePriceFen: 3000 }),
        commodity('FT-LIGHTER', { priceTemplateId: a, weightG: 350, volumeCm3: 2000, referencePriceFen: 2000 }),
        commodity('FT-PIECE', { priceTemplateId: b, weightG: null, referencePriceFen: 3000 }),
        commodity('FT-NOTPL', { priceTemplateId: null, weightG: 500, volumeCm3: 20000, referencePriceFen: 1000 }),
        commodity('FT-NOWEIGHT', { priceTemplateId: a, weightG: null, referencePriceFen: 1000 }),
        commodity('FT-ZERO', { priceTemplateId: a, weightG: 0, referencePriceFen: 1000 }),
      ])
      .returning({ id: commodities.id });
    [c.light, c.lighter, c.perPiece, c.noTemplate, c.noWeight, c.zeroWeight] = rows.map((r) => r.id);
  });

  const estimate = (items: z.input<typeof freightApi.estimate.body>['items']) => t.api(freightApi.estimate, { destination: '310101', items }, buyer);

  it("lets an item's own weight and template win over its commodity's, and refuses an unknown commodity", async () => {
    expect((await estimate([{ commodityId: 2_000_000_000, quantity: 1 }])).code).toBe(404);
    const answer = await estimate([
      { commodityId: c.light, quantity: 2 },
      { commodityId: c.light, quantity: 3, weightG: 350 },
      { commodityId: c.light, templateId: b, quantity: 3 },
    ]);
    expect(answer.code).toBe(200);
    expect(answer.data.groups).toEqual([
      expect.objectContaining({ templateId: a, q: 2 * 800 + 3 * 350, amountFen: 5 * 3000, feeFen: 2000 }),
      expect.objectContaining({ templateId: b, chargeMode: 'piece', q: 3, feeFen: 2000, items: [{ index: 2, feeFen: 2000 }] }),
    ]);
    expect(answer.data.totalFen).toBe(4000);
  });

  it('groups commodity lines by their own template and charges quantity × the commodity weight', async () => {
    const answer = await estimate([
      { commodityId: c.light, quantity: 2 },
      { commodityId: c.lighter, quantity: 3 },
      { commodityId: c.perPiece, quantity: 3 },
    ]);
    expect(answer.code).toBe(200);
    expect(answer.data.totalFen).toBe(4000);
    expect(answer.data.groups).toEqual([
      expect.objectContaining({
        templateId: a,
        q: 2 * 800 + 3 * 350,
        amountFen: 2 * 3000 + 3 * 2000,
        free: false,
        feeFen: 2000,
        items: [
          { index: 0, feeFen: 1208 },
          { index: 1, feeFen: 792 },
        ],
      }),
      expect.objectContaining({ templateId: b, chargeMode: 'piece', q: 3, feeFen: 2000, items: [{ index: 2, feeFen: 2000 }] }),
    ]);
  });

  it('refuses a commodity without a template with a field error on its line', async () => {
    const answer = await t.call(
      '/admin/freight/estimate',
      {
        destination: '310101',
        items: [
          { commodity_id: c.light, quantity: 1 },
          { commodity_id: c.noTemplate, quantity: 1 },
        ],
      },
      buyer,
    );
    expect(answer.code).toBe(400);
    expect(answer.data.field_errors).toEqual([{ field: 'items.1.template_id', message: '第2项的商品未设置配送模板，请先在商品资料中设置' }]);
  });

  it('fails only the group of a commodity without weight (none recorded, or 0 g)', async () => {
    const none = await estimate([
      { commodityId: c.perPiece, quantity: 1 },
      { commodityId: c.noWeight, quantity: 2 },
    ]);
    expect(none.code).toBe(200);
    expect(none.data.groups[1]).toMatchObject({
      templateId: a,
      error: '第2项缺少重量，无法按重量计费',
      feeFen: 0,
      items: [{ index: 1, feeFen: 0 }],
    });
    expect(none.data.totalFen).toBe(1000);
    const zero = await estimate([
      { commodityId: c.light, quantity: 1 },
      { commodityId: c.zeroWeight, quantity: 1 },
    ]);
    expect(zero.code).toBe(200);
    expect(zero.data.groups[0]).toMatchObject({ error: '第2项缺少重量，无法按重量计费', feeFen: 0 });
    expect(zero.data.totalFen).toBe(0);
  });

  it('compares every enabled template for commodity lines, with or without a template of their own', async () => {
    const answer = await t.api(
      freightApi.compare,
      {
        destination: '310101',
        items: [
          { commodityId: c.light, quantity: 2 },
          { commodityId: c.noTemplate, quantity: 3 },
        ],
      },
      buyer,
    );
    expect(answer.code).toBe(200);
    const list = answer.data.list;
    expect(list.find((g) => g.templateId === a)).toMatchObject({ q: 2 * 800 + 3 * 500, amountFen: 2 * 3000 + 3 * 1000, feeFen: 800 + 5 * 300 });
    expect(list.find((g) => g.templateId === b)).toMatchObject({ q: 5, feeFen: 1000 + 4 * 500 });
    expect(list.find((g) => g.templateName === '德邦大件-按体积')).toMatchObject({ error: '第1项缺少体积，无法按体积计费' });
    const fees = list.filter((g) => !g.error).map((g) => g.feeFen);
    expect(fees).toEqual([...fees].sort((x, y) => x - y));
    expect(list.findIndex((g) => g.error)).toBeGreaterThanOrEqual(fees.length);
  });
});

import { creditCodeWithCheck, portalApi } from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { AnyRoute } from '../src/lib/http/route';
import { allRoutes } from '../src/modules';
import { type ApiPath, createTestApp, type TestApp, unique } from './helpers';
import { enumOptions, optionalFields } from './junk';
import { PORTAL_PASSWORD, portalSupplier } from './portal-fixtures';
import { loginWithCodes, supplierBody } from './procurement-fixtures';

/*
 * docs/rules/quality-bars.md "Field-level authorization", generated from the route registry: for
 * every update route, a body that leaves out one optional field leaves that field (and everything
 * else) as it was; a field the route guards with another action's code, sent by a role without that
 * code, changes nothing. Every update route needs a fixture here, so a new one cannot slip by.
 */

type Row = Record<string, unknown>;
interface Fixture {
  /** Creates the record (or picks one) and answers its id. */
  create(): Promise<number>;
  /** The record as its read route answers it (snake_case). */
  read(id: number): Promise<Row>;
  /** A full update body (without id and version) giving every optional field a value that is not its default. */
  body(record: Row): Row;
  /** Lists the update replaces as a whole (new row ids each time): compared without their ids. */
  replacedWhole?: string[];
}

let t: TestApp;
let admin: string;
let leafCategoryId: number;
let commodityIds: number[];
let templateId: number;
let supplierId: number;
let roleId: number;

const ok = async (path: ApiPath, body: unknown, token = admin) => {
  const answer = await t.call(path, body, token);
  expect(answer.code, `${path}: ${answer.message} ${JSON.stringify(answer.data?.field_errors ?? '')}`).toBe(200);
  return answer.data;
};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
  const commodities = (await ok('/admin/commodity/list', { page_size: 3, status: 'enabled' })).list;
  commodityIds = commodities.map((c: { id: number }) => c.id);
  leafCategoryId = commodities[0].category_id;
  templateId = (await ok('/admin/price_template/list', { page_size: 1, status: 'enabled' })).list[0].id;
  supplierId = (await ok('/admin/supplier/create', supplierBody(`字段测试供应商${unique('')}`))).id;
  roleId = (await ok('/admin/role/create', { name: '字段测试角色', code: 'field_probe', permission_codes: ['basic'] })).id;
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
let dictTypeCode = '';

const fixtures: Record<string, Fixture> = {
  '/admin/supplier/update': {
    create: async () => (await ok('/admin/supplier/create', supplierBody(`字段供应商${unique('')}`))).id,
    read: (id) => ok('/admin/supplier/info', { id }),
    body: (r) => ({
      ...supplierBody(r.name as string, { credit_code: r.credit_code }),
      short_name: '字段简称',
      address: '余杭区文一西路1号',
      category_ids: [leafCategoryId],
      bank_name: '工商银行杭州分行',
      bank_account: '6222020200112233',
      price_template_id: templateId,
      status: 'enabled',
      remark: '字段测试备注',
    }),
  },
  '/admin/commodity/update': {
    create: async () =>
      (
        await ok('/admin/commodity/create', {
          sku_code: unique('FL'),
          name: '字段测试商品',
          category_id: leafCategoryId,
          unit: 'piece',
          reference_price_fen: 1000,
        })
      ).id,
    read: (id) => ok('/admin/commodity/info', { id }),
    body: (r) => ({
      sku_code: r.sku_code,
      name: '字段测试商品',
      category_id: leafCategoryId,
      brand: '悦居',
      spec: '60×120cm',
      unit: 'piece',
      barcode: '6901234567892',
      weight_g: 600,
      volume_cm3: 3000,
      reference_price_fen: 1200,
      price_template_id: templateId,
      default_supplier_id: supplierId,
      status: 'enabled',
      remark: '字段测试备注',
    }),
  },
  '/admin/role/update': {
    create: async () => (await ok('/admin/role/create', { name: `字段角色${unique('')}`, code: unique('fr').toLowerCase() })).id,
    read: (id) => ok('/admin/role/detail', { id }),
    body: (r) => ({ name: r.name, code: r.code, description: '字段测试描述', sort: 7, status: 'enabled', data_scope: 'own' }),
  },
  '/admin/category/update': {
    create: async () => (await ok('/admin/category/create', { name: `字段分类${unique('')}`, code: unique('FC'), parent_id: null })).id,
    read: (id) => ok('/admin/category/info', { id }),
    body: (r) => ({ name: r.name, code: r.code, sort: 9, status: 'enabled', remark: '字段测试备注' }),
  },
  '/admin/dict_type/update': {
    create: async () => {
      dictTypeCode = `field_${unique('').toLowerCase()}`;
      return (await ok('/admin/dict_type/create', { code: dictTypeCode, name: '字段测试字典', status: 'enabled' })).id;
    },
    read: () => ok('/admin/dict_type/info', { code: dictTypeCode }),
    body: (r) => ({ code: r.code, name: r.name, status: 'enabled', remark: '字段测试备注' }),
  },
  '/admin/dict_item/update': {
    create: async () => {
      const code = `field_item_${unique('').toLowerCase()}`;
      const typeId = (await ok('/admin/dict_type/create', { code, name: '字段测试项字典', status: 'enabled' })).id;
      return (await ok('/admin/dict_item/create', { type_id: typeId, label: '字段项', value: 'field_item', status: 'enabled' })).id;
    },
    read: (id) => ok('/admin/dict_item/info', { id }),
    body: (r) => ({ label: r.label, value: r.value, sort: 6, tag_color: 'processing', is_default: true, status: 'enabled', remark: '字段测试备注' }),
  },
  '/admin/menu/update': {
    create: async () => (await ok('/admin/menu/list', {})).find((m: { key: string }) => m.key === 'dataBoard').id,
    read: async (id) => (await ok('/admin/menu/list', {})).find((m: { id: number }) => m.id === id),
    body: (r) => ({ label: r.label, icon: 'BarChartOutlined', sort: r.sort, is_menu: true, status: 'enabled' }),
  },
  '/admin/back_user/update': {
    create: async () =>
      (await ok('/admin/back_user/create', { email: `${unique('f').toLowerCase()}@field.test`, username: '字段用户', role_id: roleId })).id,
    // The list row carries the version the edit form sends.
    read: async (id) => (await ok('/admin/back_user/list', { page_size: 200 })).list.find((u: { id: number }) => u.id === id),
    body: (r) => ({ email: r.email, username: r.username, phone: '13900139000', role_id: roleId }),
  },
  '/admin/price_template/update': {
    create: async () =>
      (
        await ok('/admin/price_template/create', {
          name: `字段模板${unique('')}`,
          charge_mode: 'piece',
          status: 'enabled',
          charge_rows: [{ region_codes: [], is_default: true, first_qty: 1, first_fee_fen: 500, additional_qty: 1, additional_fee_fen: 100 }],
        })
      ).id,
    read: (id) => ok('/admin/price_template/info', { id }),
    body: (r) => ({
      name: r.name,
      charge_mode: 'piece',
      status: 'enabled',
      remark: '字段测试备注',
      charge_rows: [{ region_codes: [], is_default: true, first_qty: 1, first_fee_fen: 500, additional_qty: 1, additional_fee_fen: 100 }],
      free_rows: [{ region_codes: ['440000'], qty_limit: 10, operator: 'and' }],
      no_delivery_codes: ['650000'],
    }),
  },
  '/admin/planning_task/update': {
    create: async () =>
      (
        await ok('/admin/planning_task/create', {
          name: '字段测试计划',
          plan_type: 'regular',
          warehouse: 'sh_jiading',
          lines: [{ commodity_id: commodityIds[0], quantity: 5 }],
        })
      ).id,
    read: (id) => ok('/admin/planning_task/info', { id }),
    body: (r) => ({
      name: r.name,
      plan_type: 'regular',
      warehouse: 'sh_jiading',
      period_start: '2026-12-01',
      period_end: '2026-12-31',
      required_by: '2026-12-20',
      owner_id: (r.owner as { id: number }).id,
      remark: '字段测试备注',
      lines: (r.lines as { id: number; commodity_id: number; quantity: number }[]).map((l) => ({
        id: l.id,
        commodity_id: l.commodity_id,
        quantity: l.quantity,
      })),
    }),
  },
  '/admin/warehouse/update': {
    create: async () =>
      (
        await ok('/admin/warehouse/create', {
          code: unique('WH').replace(/[^A-Za-z0-9_]/g, '_'),
          name: `字段仓库${unique('')}`,
          region_code: '310114',
          address: '嘉定区字段路1号',
          consignee: '字段收货人',
          phone: '13800000000',
        })
      ).id,
    read: (id) => ok('/admin/warehouse/info', { id }),
    body: (r) => ({
      code: r.code,
      name: r.name,
      region_code: r.region_code,
      address: r.address,
      consignee: r.consignee,
      phone: r.phone,
      receiving_hours: '周一至周六 8:00-17:00',
      status: 'enabled',
      remark: '字段测试备注',
    }),
  },
  '/admin/company_info/update': {
    create: async () => 1,
    read: () => ok('/admin/company_info/info', {}),
    body: () => ({
      name: '字段测试家居有限公司',
      credit_code: creditCodeWithCheck('91310114MA1GT5Y8X'),
      address: '上海市嘉定区字段路2号',
      phone: '021-59990000',
      bank_name: '招商银行上海分行',
      bank_account: '6214830212345678',
    }),
  },
  '/admin/purchase_return/update': {
    // A return of 1 more on the demo order that already has one waiting for its supplier.
    create: async () => {
      const [pending] = (await ok('/admin/purchase_return/list', { status: 'pending', page_size: 1 })).list;
      const order = await ok('/admin/purchase_order/info', { id: pending.order_id });
      const line = (order.lines as { id: number; returnable_quantity: number }[]).find((l) => l.returnable_quantity > 0);
      const body = { order_id: order.id, reason_type: 'quality', replacement: true, lines: [{ order_line_id: line?.id, quantity: 1 }] };
      return (await ok('/admin/purchase_return/create', body)).id;
    },
    read: (id) => ok('/admin/purchase_return/info', { id }),
    replacedWhole: ['lines'],
    body: (r) => ({
      remark: '字段测试备注',
      lines: (r.lines as { order_line_id: number; quantity: number }[]).map((l) => ({
        order_line_id: l.order_line_id,
        quantity: l.quantity,
        reason: '破损',
      })),
    }),
  },
  '/admin/procurement_task/update': {
    create: async () =>
      (
        await ok('/admin/procurement_task/create', {
          name: '字段测试任务',
          buyer_id: 1,
          quote_deadline: new Date(t.clock.now.getTime() + 3 * DAY).toISOString(),
          delivery_region_code: '440305',
          lines: [{ commodity_id: commodityIds[0], quantity: 10 }],
          supplier_ids: [],
        })
      ).id,
    read: (id) => ok('/admin/procurement_task/info', { id }),
    replacedWhole: ['lines'],
    body: (r) => ({
      name: r.name,
      plan_id: null,
      buyer_id: 1,
      quote_deadline: r.quote_deadline,
      delivery_region_code: '440305',
      warehouse_code: 'sh_jiading',
      required_by: '2026-12-20',
      remark: '字段测试备注',
      lines: [{ commodity_id: commodityIds[0], quantity: 10 }],
      supplier_ids: [supplierId],
      sealed: false,
    }),
  },
};

/** What an update may change besides the fields sent: its version and who changed it when. */
const VOLATILE = new Set(['version', 'updated_at', 'updated_by', 'updated_by_name', 'allowed_actions', 'timeline']);
const withoutIds = (rows: unknown) => (rows as Row[]).map(({ id: _id, ...rest }) => rest);
const stable = (row: Row, replacedWhole: string[] = []) =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !VOLATILE.has(key))
      .map(([key, value]) => [key, replacedWhole.includes(key) ? withoutIds(value) : value]),
  );

const updateRoutes = allRoutes.filter((route) => route.endpoint.path.startsWith('/admin/') && route.endpoint.path.endsWith('/update'));
const schemaOf = (route: AnyRoute) => route.endpoint.body as z.ZodObject;
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

it('every update route has a fixture that gives every optional field a value', () => {
  expect(updateRoutes.length).toBeGreaterThan(5);
  for (const route of updateRoutes) {
    const fixture = fixtures[route.endpoint.path];
    expect(fixture, `no fixture for ${route.endpoint.path}`).toBeDefined();
  }
});

describe.each(updateRoutes.map((route) => [route.endpoint.path, route] as const))('%s', (path, route) => {
  const fixture = fixtures[path];
  const optional = optionalFields(schemaOf(route)).map(snake);
  // A record of its own has an id; a single settings row (公司信息) is named by its version alone.
  const target = (id: number, version: unknown) => ('id' in schemaOf(route).shape ? { id, version } : { version });

  it('leaves each optional field unchanged when the body leaves it out', async () => {
    const id = await fixture.create();
    let record = await fixture.read(id);
    const body = fixture.body(record);
    for (const key of optional) expect(Object.keys(body), `${path}: the fixture leaves out ${key}`).toContain(key);
    // The full body first, so the record holds a value that is not the default in every field.
    await ok(path as ApiPath, { ...body, ...target(id, record.version) });
    record = await fixture.read(id);
    for (const key of optional) {
      const { [key]: _left, ...rest } = body;
      const answer = await t.call(path as ApiPath, { ...rest, ...target(id, record.version) }, admin);
      expect(answer.code, `${path} without ${key}: ${answer.message}`).toBe(200);
      const after = await fixture.read(id);
      expect(stable(after, fixture.replacedWhole), `${path}: leaving out ${key} changed the record`).toEqual(stable(record, fixture.replacedWhole));
      record = after;
    }
  });

  const guards = Object.entries(route.guards ?? {}) as [string, string][];
  if (guards.length === 0) return;
  it('changes nothing when a role without the guarding code sends a guarded field', async () => {
    for (const [field, code] of guards) {
      const key = snake(field);
      const holder = await loginWithCodes(
        t,
        [route.permission as string, route.permission.split(':')[0]].filter((c) => c !== code),
        `${unique('g').toLowerCase()}@field.test`,
      );
      const id = await fixture.create();
      const record = await fixture.read(id);
      const body = fixture.body(record);
      await ok(path as ApiPath, { ...body, ...target(id, record.version) });
      const before = await fixture.read(id);
      const other = enumOptions(schemaOf(route).shape[field]).find((value) => value !== before[key]);
      expect(other, `${path}: no other value of ${key}`).toBeDefined();
      const answer = await t.call(path as ApiPath, { ...body, [key]: other, ...target(id, before.version) }, holder);
      expect([200, 403], `${path} ${key}: ${answer.message}`).toContain(answer.code);
      expect(stable(await fixture.read(id), fixture.replacedWhole), `${path}: ${key} was written without ${code}`).toEqual(
        stable(before, fixture.replacedWhole),
      );
      // The same body from a caller holding the code does change it: the guard, not the fixture, held.
      const current = await fixture.read(id);
      await ok(path as ApiPath, { ...body, [key]: other, ...target(id, current.version) });
      expect((await fixture.read(id))[key]).toBe(other);
    }
  });
});

it('supplier/update with only a remark does not lift a blacklist, and the portal stays shut', async () => {
  const { supplierId: id, email } = await portalSupplier(t, admin, `黑名单测试供应商${unique('')}`, `${unique('bl').toLowerCase()}@portal.test`);
  const record = await fixtures['/admin/supplier/update'].read(id);
  await ok('/admin/supplier/status', { id, version: record.version, status: 'blacklisted' });
  const editor = await loginWithCodes(t, ['supplierManagement', 'supplierManagement:edit'], `${unique('e').toLowerCase()}@field.test`);
  const blacklisted = await fixtures['/admin/supplier/update'].read(id);
  const { status: _status, ...withoutStatus } = fixtures['/admin/supplier/update'].body(blacklisted);
  const answer = await t.call('/admin/supplier/update', { ...withoutStatus, remark: '只改备注', id, version: blacklisted.version }, editor);
  expect(answer.code, answer.message).toBe(200);
  const after = await fixtures['/admin/supplier/update'].read(id);
  expect(after.status).toBe('blacklisted');
  expect(after.remark).toBe('只改备注');
  expect((await t.api(portalApi.login, { email, password: PORTAL_PASSWORD })).code).toBe(400);
});

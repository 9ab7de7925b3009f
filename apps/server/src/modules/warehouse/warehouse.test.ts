import {
  companyInfoApi,
  creditCodeWithCheck,
  ENABLED_STATUS_LABELS,
  ENABLED_STATUSES,
  ENABLEMENT_TRANSITIONS,
  type Endpoint,
  procurementTaskApi,
  purchaseOrderApi,
  toSnakeCase,
  warehouseApi,
} from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { rowById, createTestApp, type TestApp } from '../../../test/helpers';
import { awardedTask } from '../../../test/order-fixtures';
import { loginWithCodes, seedDictionaries } from '../../../test/procurement-fixtures';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';
import { warehouses } from '../../db/schema';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await seedDictionaries(t);
});
afterAll(() => t.close());

async function ok<E extends Endpoint>(endpoint: E, body: z.input<E['body']>, as = admin): Promise<z.output<E['response']>> {
  const answer = await t.api(endpoint, body, as);
  expect(answer.code, `${endpoint.path}: ${answer.message}`).toBe(200);
  return answer.data;
}

type WarehouseBody = z.input<typeof warehouseApi.create.body>;
const body = (code: string, name: string, extra: Partial<WarehouseBody> = {}): WarehouseBody => ({
  code,
  name,
  regionCode: '320505',
  address: '苏州市虎丘区浒关工业园青花路8号',
  consignee: '孙志远',
  phone: '0512-66881234',
  receivingHours: '周一至周六 9:00–17:00',
  ...extra,
});

describe('收货仓库', () => {
  it('creates, lists, edits and answers options of enabled warehouses', async () => {
    const { id } = await ok(warehouseApi.create, body('sz_huqiu', '苏州虎丘仓'));
    const list = await ok(warehouseApi.list, { keyword: '虎丘' });
    expect(list.list).toEqual([
      {
        id,
        code: 'sz_huqiu',
        name: '苏州虎丘仓',
        regionCode: '320505',
        regionName: expect.stringContaining('苏州市'),
        address: '苏州市虎丘区浒关工业园青花路8号',
        consignee: '孙志远',
        phone: '0512-66881234',
        receivingHours: '周一至周六 9:00–17:00',
        status: 'enabled',
        remark: null,
        version: 0,
      },
    ]);
    expect(await ok(warehouseApi.options, {})).toContainEqual({ code: 'sz_huqiu', name: '苏州虎丘仓', regionCode: '320505' });
    await ok(warehouseApi.update, { id, version: 0, ...body('sz_huqiu', '苏州虎丘仓', { consignee: '钱多多' }) });
    expect(await t.api(warehouseApi.update, { id, version: 0, ...body('sz_huqiu', '苏州虎丘仓') }, admin)).toMatchObject({ code: 409 });
    expect((await ok(warehouseApi.info, { id })).consignee).toBe('钱多多');
    await ok(warehouseApi.disable, { id, version: 1 });
    expect((await ok(warehouseApi.options, {})).map((o) => o.code)).not.toContain('sz_huqiu');
    expect((await ok(warehouseApi.list, { status: 'disabled' })).list.map((w) => w.code)).toContain('sz_huqiu');
    await ok(warehouseApi.enable, { id, version: 2 });
  });

  it('refuses a duplicate code or name (409), a changed code, a bad phone or code', async () => {
    await ok(warehouseApi.create, body('dup_a', '重复测试仓'));
    expect(await t.api(warehouseApi.create, body('dup_a', '另一个仓'), admin)).toMatchObject({ code: 409 });
    expect(await t.api(warehouseApi.create, body('dup_b', '重复测试仓'), admin)).toMatchObject({ code: 409 });
    const bad = await t.call('/admin/warehouse/create', toSnakeCase(body('bad code', '坏编码仓', { phone: '12345' })), admin);
    expect(bad.code).toBe(400);
    expect(bad.data.field_errors.map((e: { field: string }) => e.field).sort()).toEqual(['code', 'phone']);
    const [w] = (await ok(warehouseApi.list, { keyword: 'dup_a' })).list;
    const renamed = await t.api(warehouseApi.update, { id: w.id, version: w.version, ...body('dup_z', '重复测试仓') }, admin);
    expect(renamed).toMatchObject({ code: 400, data: { fieldErrors: [{ field: 'code' }] } });
    // 启用 / 停用 is its own action: an update cannot switch the status.
    const status = await t.api(warehouseApi.update, { id: w.id, version: w.version, ...body('dup_a', '重复测试仓', { status: 'disabled' }) }, admin);
    expect(status).toMatchObject({ code: 400, data: { fieldErrors: [{ field: 'status' }] } });
  });

  it('needs the page code to read and each action code to write', async () => {
    const reader = await loginWithCodes(t, ['warehouse'], 'wh-reader@example.com');
    expect((await t.api(warehouseApi.list, {}, reader)).code).toBe(200);
    expect((await t.api(warehouseApi.create, body('nope', '无权仓'), reader)).code).toBe(403);
    const other = await loginWithCodes(t, [], 'wh-none@example.com');
    expect((await t.api(warehouseApi.list, {}, other)).code).toBe(403);
    expect((await t.api(warehouseApi.options, {}, other)).code).toBe(200);
  });

  it('keeps a warehouse a plan or task names from deletion; a free one is deleted', async () => {
    const free = await ok(warehouseApi.create, body('free_wh', '空闲仓'));
    await ok(warehouseApi.delete, { id: free.id, version: 0 });
    const [sh] = (await ok(warehouseApi.list, { keyword: 'sh_jiading' })).list;
    const task = await awardedTask(t, admin, { warehouseCode: 'sh_jiading' });
    expect(task.orders).toHaveLength(2);
    expect(await t.api(warehouseApi.delete, { id: sh.id, version: sh.version }, admin)).toMatchObject({ code: 409 });
  });
});

describe('warehouses on tasks and orders', () => {
  it('a task keeps its warehouse code and answers its name; a disabled warehouse cannot be picked', async () => {
    const task = await awardedTask(t, admin, { warehouseCode: 'gz_baiyun' });
    const info = await ok(procurementTaskApi.info, { id: task.taskId });
    expect(info).toMatchObject({ warehouseCode: 'gz_baiyun', warehouseName: '广州白云中心仓' });
    const listed = (await ok(procurementTaskApi.list, { keyword: info.code })).list[0];
    expect(listed).toMatchObject({ warehouseCode: 'gz_baiyun', warehouseName: '广州白云中心仓' });
    const off = await ok(warehouseApi.create, body('off_wh', '停用测试仓'));
    await ok(warehouseApi.disable, { id: off.id, version: 0 });
    await expect(awardedTask(t, admin, { warehouseCode: 'off_wh' })).rejects.toThrow('该仓库已停用');
    await expect(awardedTask(t, admin, { warehouseCode: 'no_such' })).rejects.toThrow('仓库不存在');
  });

  it('each order keeps the delivery address it was made with; editing the warehouse later changes no order', async () => {
    const wh = await ok(warehouseApi.create, body('snap_wh', '快照测试仓', { regionCode: '440305', address: '深圳市南山区科技园南区高新南七道1号' }));
    const task = await awardedTask(t, admin, { warehouseCode: 'snap_wh' });
    const address = {
      warehouseCode: 'snap_wh',
      warehouseName: '快照测试仓',
      regionCode: '440305',
      regionName: expect.stringContaining('南山区'),
      address: '深圳市南山区科技园南区高新南七道1号',
      consignee: '孙志远',
      phone: '0512-66881234',
      receivingHours: '周一至周六 9:00–17:00',
    };
    expect((await ok(purchaseOrderApi.info, { id: task.orders[0].id })).deliveryAddress).toEqual(address);
    await ok(warehouseApi.update, {
      id: wh.id,
      version: 0,
      ...body('snap_wh', '快照测试仓（新址）', { regionCode: '440305', address: '深圳市南山区粤海街道新址9号', consignee: '新收货人' }),
    });
    expect((await ok(purchaseOrderApi.info, { id: task.orders[0].id })).deliveryAddress).toEqual(address);
    expect((await ok(purchaseOrderApi.info, { id: task.orders[1].id })).deliveryAddress).toEqual(address);
  });

  it('an order from a task without a warehouse has no delivery address', async () => {
    const task = await awardedTask(t, admin);
    expect((await ok(purchaseOrderApi.info, { id: task.orders[0].id })).deliveryAddress).toBeNull();
  });
});

describe('公司信息', () => {
  const company = {
    name: '上海优家供应链管理有限公司',
    creditCode: creditCodeWithCheck('91310114MA1GT5Y8X'),
    address: '上海市嘉定区安亭镇墨玉南路888号',
    phone: '021-59560000',
    bankName: '招商银行上海嘉定支行',
    bankAccount: '121912345610801',
  };

  it('starts empty, is updated with its version and read by any signed-in user', async () => {
    const before = await ok(companyInfoApi.info, {});
    expect(before).toMatchObject({ name: '', creditCode: '' });
    await ok(companyInfoApi.update, { ...company, version: before.version });
    expect(await t.api(companyInfoApi.update, { ...company, version: before.version }, admin)).toMatchObject({ code: 409 });
    const reader = await loginWithCodes(t, [], 'company-reader@example.com');
    expect(await ok(companyInfoApi.info, {}, reader)).toEqual({ ...company, version: before.version + 1 });
    expect((await t.api(companyInfoApi.update, { ...company, version: before.version + 1 }, reader)).code).toBe(403);
  });

  it('checks the credit code and the phone', async () => {
    const answer = await t.call(
      '/admin/company_info/update',
      toSnakeCase({ ...company, creditCode: '91310114MA1GT5Y8X0', phone: 'abc', version: 0 }),
      admin,
    );
    expect(answer.code).toBe(400);
    expect(answer.data.field_errors.map((e: { field: string }) => e.field).sort()).toEqual(['credit_code', 'phone']);
  });
});

describe('the 启用/停用 status machine', () => {
  let serial = 0;
  const row = (id: number) => rowById(t, warehouses, id);
  sweepStatusMachine({
    machine: ENABLEMENT_TRANSITIONS,
    statuses: ENABLED_STATUSES,
    build: async (status) => {
      serial += 1;
      const created = await t.api(warehouseApi.create, body(`sweep_${serial}`, `状态探针仓${serial}`, { status }), admin);
      return row(created.data.id);
    },
    act: (action, warehouse) => t.api(warehouseApi[action], { id: warehouse.id, version: warehouse.version }, admin),
    snapshot: async (warehouse) => ({ warehouse: await row(warehouse.id), audit: await auditRowCount(t.database.db) }),
    statusOf: async (warehouse) => (await row(warehouse.id)).status,
    refusal: (_action, status) => `仓库已是${ENABLED_STATUS_LABELS[status]}状态`,
  });
});

import { creditCodeWithCheck, ENABLED_STATUS_LABELS, ENABLED_STATUSES, ENABLEMENT_TRANSITIONS, warehouseApi } from '@scm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiPath, createTestApp, type TestApp } from '../../../test/helpers';
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

async function ok(path: ApiPath, body: unknown, as = admin) {
  const answer = await t.call(path, body, as);
  expect(answer.code, `${path}: ${answer.message}`).toBe(200);
  return answer.data;
}

const body = (code: string, name: string, extra: Record<string, unknown> = {}) => ({
  code,
  name,
  region_code: '320505',
  address: '苏州市虎丘区浒关工业园青花路8号',
  consignee: '孙志远',
  phone: '0512-66881234',
  receiving_hours: '周一至周六 9:00–17:00',
  ...extra,
});

describe('收货仓库', () => {
  it('creates, lists, edits and answers options of enabled warehouses', async () => {
    const { id } = await ok('/admin/warehouse/create', body('sz_huqiu', '苏州虎丘仓'));
    const list = await ok('/admin/warehouse/list', { keyword: '虎丘' });
    expect(list.list).toEqual([
      {
        id,
        code: 'sz_huqiu',
        name: '苏州虎丘仓',
        region_code: '320505',
        region_name: expect.stringContaining('苏州市'),
        address: '苏州市虎丘区浒关工业园青花路8号',
        consignee: '孙志远',
        phone: '0512-66881234',
        receiving_hours: '周一至周六 9:00–17:00',
        status: 'enabled',
        remark: null,
        version: 0,
      },
    ]);
    expect(await ok('/admin/warehouse/options', {})).toContainEqual({ code: 'sz_huqiu', name: '苏州虎丘仓', region_code: '320505' });
    await ok('/admin/warehouse/update', { id, version: 0, ...body('sz_huqiu', '苏州虎丘仓', { consignee: '钱多多' }) });
    expect(await t.call('/admin/warehouse/update', { id, version: 0, ...body('sz_huqiu', '苏州虎丘仓') }, admin)).toMatchObject({ code: 409 });
    expect((await ok('/admin/warehouse/info', { id })).consignee).toBe('钱多多');
    await ok('/admin/warehouse/disable', { id, version: 1 });
    expect((await ok('/admin/warehouse/options', {})).map((o: { code: string }) => o.code)).not.toContain('sz_huqiu');
    expect((await ok('/admin/warehouse/list', { status: 'disabled' })).list.map((w: { code: string }) => w.code)).toContain('sz_huqiu');
    await ok('/admin/warehouse/enable', { id, version: 2 });
  });

  it('refuses a duplicate code or name (409), a changed code, a bad phone or code', async () => {
    await ok('/admin/warehouse/create', body('dup_a', '重复测试仓'));
    expect(await t.call('/admin/warehouse/create', body('dup_a', '另一个仓'), admin)).toMatchObject({ code: 409 });
    expect(await t.call('/admin/warehouse/create', body('dup_b', '重复测试仓'), admin)).toMatchObject({ code: 409 });
    const bad = await t.call('/admin/warehouse/create', body('bad code', '坏编码仓', { phone: '12345' }), admin);
    expect(bad.code).toBe(400);
    expect(bad.data.field_errors.map((e: { field: string }) => e.field).sort()).toEqual(['code', 'phone']);
    const [w] = (await ok('/admin/warehouse/list', { keyword: 'dup_a' })).list;
    const renamed = await t.call('/admin/warehouse/update', { id: w.id, version: w.version, ...body('dup_z', '重复测试仓') }, admin);
    expect(renamed).toMatchObject({ code: 400, data: { field_errors: [{ field: 'code' }] } });
    // 启用 / 停用 is its own action: an update cannot switch the status.
    const status = await t.call(
      '/admin/warehouse/update',
      { id: w.id, version: w.version, ...body('dup_a', '重复测试仓', { status: 'disabled' }) },
      admin,
    );
    expect(status).toMatchObject({ code: 400, data: { field_errors: [{ field: 'status' }] } });
  });

  it('needs the page code to read and each action code to write', async () => {
    const reader = await loginWithCodes(t, ['warehouse'], 'wh-reader@example.com');
    expect((await t.api(warehouseApi.list, {}, reader)).code).toBe(200);
    expect((await t.call('/admin/warehouse/create', body('nope', '无权仓'), reader)).code).toBe(403);
    const other = await loginWithCodes(t, [], 'wh-none@example.com');
    expect((await t.api(warehouseApi.list, {}, other)).code).toBe(403);
    expect((await t.api(warehouseApi.options, {}, other)).code).toBe(200);
  });

  it('keeps a warehouse a plan or task names from deletion; a free one is deleted', async () => {
    const free = await ok('/admin/warehouse/create', body('free_wh', '空闲仓'));
    await ok('/admin/warehouse/delete', { id: free.id, version: 0 });
    const [sh] = (await ok('/admin/warehouse/list', { keyword: 'sh_jiading' })).list;
    const task = await awardedTask(t, admin, { warehouseCode: 'sh_jiading' });
    expect(task.orders).toHaveLength(2);
    expect(await t.api(warehouseApi.delete, { id: sh.id, version: sh.version }, admin)).toMatchObject({ code: 409 });
  });
});

describe('warehouses on tasks and orders', () => {
  it('a task keeps its warehouse code and answers its name; a disabled warehouse cannot be picked', async () => {
    const task = await awardedTask(t, admin, { warehouseCode: 'gz_baiyun' });
    const info = await ok('/admin/procurement_task/info', { id: task.taskId });
    expect(info).toMatchObject({ warehouse_code: 'gz_baiyun', warehouse_name: '广州白云中心仓' });
    const listed = (await ok('/admin/procurement_task/list', { keyword: info.code })).list[0];
    expect(listed).toMatchObject({ warehouse_code: 'gz_baiyun', warehouse_name: '广州白云中心仓' });
    const off = await ok('/admin/warehouse/create', body('off_wh', '停用测试仓'));
    await ok('/admin/warehouse/disable', { id: off.id, version: 0 });
    await expect(awardedTask(t, admin, { warehouseCode: 'off_wh' })).rejects.toThrow('该仓库已停用');
    await expect(awardedTask(t, admin, { warehouseCode: 'no_such' })).rejects.toThrow('仓库不存在');
  });

  it('each order keeps the delivery address it was made with; editing the warehouse later changes no order', async () => {
    const wh = await ok(
      '/admin/warehouse/create',
      body('snap_wh', '快照测试仓', { region_code: '440305', address: '深圳市南山区科技园南区高新南七道1号' }),
    );
    const task = await awardedTask(t, admin, { warehouseCode: 'snap_wh' });
    const address = {
      warehouse_code: 'snap_wh',
      warehouse_name: '快照测试仓',
      region_code: '440305',
      region_name: expect.stringContaining('南山区'),
      address: '深圳市南山区科技园南区高新南七道1号',
      consignee: '孙志远',
      phone: '0512-66881234',
      receiving_hours: '周一至周六 9:00–17:00',
    };
    expect((await ok('/admin/purchase_order/info', { id: task.orders[0].id })).delivery_address).toEqual(address);
    await ok('/admin/warehouse/update', {
      id: wh.id,
      version: 0,
      ...body('snap_wh', '快照测试仓（新址）', { region_code: '440305', address: '深圳市南山区粤海街道新址9号', consignee: '新收货人' }),
    });
    expect((await ok('/admin/purchase_order/info', { id: task.orders[0].id })).delivery_address).toEqual(address);
    expect((await ok('/admin/purchase_order/info', { id: task.orders[1].id })).delivery_address).toEqual(address);
  });

  it('an order from a task without a warehouse has no delivery address', async () => {
    const task = await awardedTask(t, admin);
    expect((await ok('/admin/purchase_order/info', { id: task.orders[0].id })).delivery_address).toBeNull();
  });
});

describe('公司信息', () => {
  const company = {
    name: '上海优家供应链管理有限公司',
    credit_code: creditCodeWithCheck('91310114MA1GT5Y8X'),
    address: '上海市嘉定区安亭镇墨玉南路888号',
    phone: '021-59560000',
    bank_name: '招商银行上海嘉定支行',
    bank_account: '121912345610801',
  };

  it('starts empty, is updated with its version and read by any signed-in user', async () => {
    const before = await ok('/admin/company_info/info', {});
    expect(before).toMatchObject({ name: '', credit_code: '' });
    await ok('/admin/company_info/update', { ...company, version: before.version });
    expect(await t.call('/admin/company_info/update', { ...company, version: before.version }, admin)).toMatchObject({ code: 409 });
    const reader = await loginWithCodes(t, [], 'company-reader@example.com');
    expect(await ok('/admin/company_info/info', {}, reader)).toEqual({ ...company, version: before.version + 1 });
    expect((await t.call('/admin/company_info/update', { ...company, version: before.version + 1 }, reader)).code).toBe(403);
  });

  it('checks the credit code and the phone', async () => {
    const answer = await t.call('/admin/company_info/update', { ...company, credit_code: '91310114MA1GT5Y8X0', phone: 'abc', version: 0 }, admin);
    expect(answer.code).toBe(400);
    expect(answer.data.field_errors.map((e: { field: string }) => e.field).sort()).toEqual(['credit_code', 'phone']);
  });
});

describe('the 启用/停用 status machine', () => {
  let serial = 0;
  const row = async (id: number) => (await t.database.db.select().from(warehouses).where(eq(warehouses.id, id)))[0];
  sweepStatusMachine({
    machine: ENABLEMENT_TRANSITIONS,
    statuses: ENABLED_STATUSES,
    build: async (status) => {
      serial += 1;
      const created = await t.api(
        warehouseApi.create,
        {
          code: `sweep_${serial}`,
          name: `状态探针仓${serial}`,
          regionCode: '320505',
          address: '苏州市虎丘区青花路8号',
          consignee: '孙志远',
          phone: '0512-66881234',
          status,
        },
        admin,
      );
      return row(created.data.id);
    },
    act: (action, warehouse) => t.api(warehouseApi[action], { id: warehouse.id, version: warehouse.version }, admin),
    snapshot: async (warehouse) => ({ warehouse: await row(warehouse.id), audit: await auditRowCount(t.database.db) }),
    statusOf: async (warehouse) => (await row(warehouse.id)).status,
    refusal: (_action, status) => `仓库已是${ENABLED_STATUS_LABELS[status]}状态`,
  });
});

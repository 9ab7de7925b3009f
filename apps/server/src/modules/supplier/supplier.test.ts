import { isValidCreditCode, SUPPLIER_STATUS_LABELS, SUPPLIER_STATUS_TRANSITIONS, SUPPLIER_STATUSES, supplierApi, toCamelCase } from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { download, readWorkbook } from '../../../test/excel';
import { rowById, createTestApp, type TestApp } from '../../../test/helpers';
import {
  createWeightTemplate,
  creditCode,
  loginWithCodes,
  seedCommodities,
  seedDictionaries,
  supplierBody,
} from '../../../test/procurement-fixtures';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';
import { suppliers } from '../../db/schema';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDictionaries(t);
});
afterAll(() => t.close());

type SupplierCreateBody = z.input<typeof supplierApi.create.body>;
/** The fixture's valid supplier as the typed client takes it. */
const supplierInput = (name: string, extra: Partial<SupplierCreateBody> = {}): SupplierCreateBody => ({
  ...toCamelCase<SupplierCreateBody>(supplierBody(name)),
  ...extra,
});

describe('unified social credit code', () => {
  it('accepts a code with a correct check character and rejects a wrong one', () => {
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y4')).toBe(false);
    expect(isValidCreditCode(creditCode('91330100MA2000001'))).toBe(true);
  });
});

describe('supplier', () => {
  it('creates a supplier with a GYS code, categories, template and zero statistics', async () => {
    const { categoryId } = await seedCommodities(t, [{ sku: 'SUP-1', name: '玻璃杯', weightG: 300, priceFen: 1000 }]);
    const templateId = await createWeightTemplate(t, token, '供应商测试模板');
    const created = await t.api(
      supplierApi.create,
      supplierInput('杭州美家日用品有限公司', { categoryIds: [categoryId], priceTemplateId: templateId }),
      token,
    );
    expect(created.code).toBe(200);
    const info = await t.api(supplierApi.info, { id: created.data.id }, token);
    expect(info.data).toMatchObject({
      name: '杭州美家日用品有限公司',
      categoryIds: [categoryId],
      priceTemplateId: templateId,
      priceTemplateName: '供应商测试模板',
      regionName: '浙江省 / 杭州市',
      status: 'enabled',
      tasksInvited: 0,
      quotesSubmitted: 0,
      awardsWon: 0,
      winRateBp: null,
      version: 0,
    });
    expect(info.data.code).toMatch(/^GYS\d{8}\d{4}$/);
  });

  it('validates phone, credit code, email, region and dictionary values with Chinese field errors', async () => {
    const bad = await t.call(
      '/admin/supplier/create',
      supplierBody('校验测试', { phone: '12345', credit_code: '91350100M000100Y44', email: 'not-mail' }),
      token,
    );
    expect(bad.code).toBe(400);
    const fields = bad.data.field_errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['credit_code', 'email', 'phone']);
    expect(bad.data.field_errors.find((e: { field: string }) => e.field === 'credit_code').message).toContain('统一社会信用代码');

    expect((await t.call('/admin/supplier/create', supplierBody('地区测试', { region_code: '12345' }), token)).code).toBe(400);
    const unknownRegion = await t.api(supplierApi.create, supplierInput('地区测试', { regionCode: '999999' }), token);
    expect(unknownRegion).toMatchObject({ code: 400, data: { fieldErrors: [{ field: 'region_code' }] } });
    const grade = await t.api(supplierApi.create, supplierInput('等级测试', { grade: 'Z' }), token);
    expect(grade).toMatchObject({ code: 400, data: { fieldErrors: [{ field: 'grade', message: '请选择有效的供应商等级' }] } });
    const landline = await t.api(supplierApi.create, supplierInput('固话供应商', { phone: '0571-88886666' }), token);
    expect(landline.code).toBe(200);
  });

  it('refuses a duplicate name or credit code with 409', async () => {
    const first = supplierInput('重名供应商有限公司');
    expect((await t.api(supplierApi.create, first, token)).code).toBe(200);
    expect((await t.api(supplierApi.create, supplierInput('重名供应商有限公司'), token)).code).toBe(409);
    const sameCode = await t.api(supplierApi.create, supplierInput('另一家公司', { creditCode: first.creditCode }), token);
    expect(sameCode.code).toBe(409);
  });

  it('updates with optimistic locking: a stale version gets 409 and changes nothing', async () => {
    const { data } = await t.api(supplierApi.create, supplierInput('宁波锁定测试有限公司'), token);
    const body = { ...supplierInput('宁波锁定测试有限公司'), id: data.id, version: 0, contactPerson: '李四' };
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => t.api(supplierApi.update, { ...body, contactPerson: `联系人${i}` }, token)),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === 409)).toHaveLength(4);
    const stale = await t.api(supplierApi.update, body, token);
    expect(stale.code).toBe(409);
    expect(stale.message).toBe('数据已被他人修改，请刷新后重试');
    const info = await t.api(supplierApi.info, { id: data.id }, token);
    expect(info.data.version).toBe(1);
    expect(info.data.contactPerson).toMatch(/^联系人\d$/);
  });

  it('changes status (enabled / disabled / blacklisted), filters by it and offers only enabled ones to invite', async () => {
    const { data } = await t.api(supplierApi.create, supplierInput('黑名单测试有限公司'), token);
    expect((await t.api(supplierApi.status, { id: data.id, version: 0, status: 'blacklisted' }, token)).code).toBe(200);
    const list = await t.api(supplierApi.list, { status: 'blacklisted' }, token);
    expect(list.data.list.map((s) => s.name)).toEqual(['黑名单测试有限公司']);
    const options = await t.api(supplierApi.options, { invitable: true }, token);
    expect(options.data.some((o) => o.label === '黑名单测试有限公司')).toBe(false);
    const keyword = await t.api(supplierApi.list, { keyword: '锁定' }, token);
    expect(keyword.data.total).toBe(1);
  });

  it('deletes an uninvited supplier; exports Excel', async () => {
    const { data } = await t.api(supplierApi.create, supplierInput('待删除供应商'), token);
    expect((await t.api(supplierApi.delete, { id: data.id, version: 0 }, token)).code).toBe(200);
    expect((await t.api(supplierApi.info, { id: data.id }, token)).code).toBe(404);
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/admin/supplier/export',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: '{}',
    });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('exports only the selected suppliers when the filter names their ids (导出选中)', async () => {
    const first = await t.api(supplierApi.create, supplierInput('选中导出甲有限公司'), token);
    const second = await t.api(supplierApi.create, supplierInput('选中导出乙有限公司'), token);
    await t.api(supplierApi.create, supplierInput('未选中导出丙有限公司'), token);
    const file = await download(t, '/admin/supplier/export', { ids: [first.data.id, second.data.id] }, token);
    const rows = [...(await readWorkbook(file.rawPayload)).values()][0].slice(1);
    expect(rows.map((row) => row[1]).sort()).toEqual(['选中导出乙有限公司', '选中导出甲有限公司'].sort());
    expect((await t.api(supplierApi.export, { ids: [] }, token)).code).toBe(400);
  });

  it('checks permission codes on every action', async () => {
    const reader = await loginWithCodes(t, ['supplierManagement'], 'supplier-reader@test.com');
    expect((await t.api(supplierApi.list, {}, reader)).code).toBe(200);
    expect((await t.api(supplierApi.create, supplierInput('无权限供应商'), reader)).code).toBe(403);
    expect((await t.api(supplierApi.export, {}, reader)).code).toBe(403);
    const nobody = await loginWithCodes(t, [], 'supplier-nobody@test.com');
    expect((await t.api(supplierApi.list, {}, nobody)).code).toBe(403);
    expect((await t.api(supplierApi.options, {}, nobody)).code).toBe(200);
  });
});

describe('the status machine (变更状态)', () => {
  let serial = 0;
  const row = (id: number) => rowById(t, suppliers, id);
  sweepStatusMachine({
    machine: SUPPLIER_STATUS_TRANSITIONS,
    statuses: SUPPLIER_STATUSES,
    build: async (status) => {
      serial += 1;
      const created = await t.api(supplierApi.create, supplierInput(`状态探针供应商${serial}有限公司`, { status }), token);
      return row(created.data.id);
    },
    act: (status, supplier) => t.api(supplierApi.status, { id: supplier.id, version: supplier.version, status }, token),
    snapshot: async (supplier) => ({ supplier: await row(supplier.id), audit: await auditRowCount(t.database.db) }),
    statusOf: async (supplier) => (await row(supplier.id)).status,
    refusal: (_target, status) => `供应商已是${SUPPLIER_STATUS_LABELS[status]}状态`,
  });

  it('lets 编辑 keep the status as it is, and moves it through the table when the form changes it', async () => {
    const created = await t.api(supplierApi.create, supplierInput('编辑状态测试有限公司'), token);
    const { id } = created.data;
    const edit = (version: number, extra: Partial<SupplierCreateBody>) =>
      t.api(supplierApi.update, { ...supplierInput('编辑状态测试有限公司', extra), id, version }, token);
    expect((await edit(0, { contactPerson: '赵六' })).code).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'enabled', contactPerson: '赵六', version: 1 });
    expect((await edit(1, { status: 'blacklisted' })).code).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'blacklisted', version: 2 });
  });
});

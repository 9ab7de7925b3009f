import {
  dictItemApi,
  dictTypeApi,
  ENABLED_STATUS_LABELS,
  ENABLED_STATUSES,
  ENABLEMENT_TRANSITIONS,
  PLAN_STATUSES,
  STATUS_DICTIONARIES,
  STATUS_DICTIONARY_READ_ONLY,
  warehouseApi,
} from '@scm/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { download, readWorkbook } from '../../../test/excel';
import { createTestApp, queryRows, type TestApp } from '../../../test/helpers';
import { dictItems, dictTypes } from '../../db/schema';
import { seedBuiltInDictionaries } from '../../db/seed/dictionary';
import { loginWithCodes } from '../../../test/procurement-fixtures';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';

let t: TestApp;
let admin: string;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
  buyer = await t.login('buyer@jiaju.com');
});
afterAll(() => t.close());

const fieldsOf = (answer: { data: { field_errors: { field: string }[] } }) => answer.data.field_errors.map((e) => e.field);

describe('built-in dictionaries', () => {
  it('seeds every built-in type with the labels of docs/rules/base-data.md', async () => {
    const bundle = await t.api(dictTypeApi.options, {}, buyer);
    expect(bundle.code).toBe(200);
    const labels = (code: string) => (bundle.data.types.find((type) => type.code === code)?.items ?? []).map((i) => i.label);
    expect(labels('plan_status')).toEqual(['草稿', '待审核', '已审核', '采购中', '已完成', '已驳回', '已作废']);
    expect(labels('procurement_status')).toEqual(['草稿', '报价中', '待定标', '定标待审批', '已定标', '已完成', '已取消']);
    expect(labels('quote_status')).toEqual(['待报价', '已报价', '已放弃']);
    expect(labels('plan_type')).toEqual(['常规补货', '促销备货', '新品首采', '季节备货']);
    expect(labels('settlement_type')).toEqual(['月结', '现结', '预付']);
    expect(labels('charge_mode')).toEqual(['按件数', '按重量', '按体积']);
    expect(labels('unit')).toEqual(expect.arrayContaining(['件', '箱', '袋', '瓶', '套', '千克']));
    expect(labels('supplier_grade')).toHaveLength(4);
    expect(labels('warehouse').length).toBeGreaterThan(0);
    const draft = bundle.data.types.find((type) => type.code === 'plan_status')?.items[0];
    expect(draft).toMatchObject({ value: 'draft', tagColor: expect.any(String), isDefault: true, status: 'enabled' });
  });

  it('refuses to delete a built-in type or change its code', async () => {
    const type = (await t.api(dictTypeApi.info, { code: 'plan_status' }, admin)).data;
    expect(type).toMatchObject({ builtIn: true, itemCount: 7 });
    const del = await t.api(dictTypeApi.delete, { id: type.id, version: type.version }, admin);
    expect(del).toMatchObject({ code: 409, message: '内置字典不能删除' });
    const rename = await t.call(
      '/admin/dict_type/update',
      { id: type.id, version: type.version, code: 'plan_state', name: '计划状态', status: 'enabled' },
      admin,
    );
    expect(rename.code).toBe(400);
    expect(fieldsOf(rename)).toEqual(['code']);
  });
});

describe('dictionary types and items', () => {
  it('creates a type, adds items, keeps values unique within the type and one default', async () => {
    const created = await t.api(dictTypeApi.create, { code: 'pack_style', name: '包装方式', status: 'enabled', remark: '测试' }, admin);
    expect(created.code).toBe(200);
    const typeId = created.data.id;
    const duplicateType = await t.api(dictTypeApi.create, { code: 'pack_style', name: '重复', status: 'enabled' }, admin);
    expect(duplicateType.code).toBe(409);

    const a = await t.api(
      dictItemApi.create,
      { typeId, label: '纸箱', value: 'carton', sort: 1, tagColor: 'blue', isDefault: true, status: 'enabled' },
      admin,
    );
    const b = await t.api(
      dictItemApi.create,
      { typeId, label: '木架', value: 'crate', sort: 2, tagColor: 'orange', isDefault: true, status: 'enabled' },
      admin,
    );
    expect([a.code, b.code]).toEqual([200, 200]);
    const dup = await t.api(dictItemApi.create, { typeId, label: '纸箱2', value: 'carton', status: 'enabled' }, admin);
    expect(dup).toMatchObject({ code: 409, message: '字典值 carton 已存在' });
    // The same value in another type is fine.
    const other = await t.api(dictItemApi.create, { typeId: 1, label: '纸箱', value: 'carton', status: 'enabled' }, admin);
    expect(other.code).toBe(200);

    const list = await t.api(dictItemApi.list, { typeCode: 'pack_style' }, admin);
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((i) => [i.value, i.isDefault])).toEqual([
      ['carton', false],
      ['crate', true],
    ]);
    const types = await t.api(dictTypeApi.list, { keyword: 'pack' }, admin);
    expect(types.data.list).toEqual([expect.objectContaining({ code: 'pack_style', itemCount: 2, builtIn: false })]);
  });

  it('validates with Chinese field errors', async () => {
    const bad = await t.call('/admin/dict_type/create', { code: 'Bad Code', name: '', status: 'maybe' }, admin);
    expect(bad.code).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['code', 'name', 'status']);
    expect(bad.data.field_errors.find((e: { field: string }) => e.field === 'code').message).toContain('snake_case');
    const badItem = await t.call(
      '/admin/dict_item/create',
      { type_id: 1, label: 'x', value: 'a b', tag_color: 'pink', status: 'enabled', extra: 1 },
      admin,
    );
    expect(fieldsOf(badItem).sort()).toEqual(['extra', 'tag_color', 'value']);
  });

  it('refuses to delete a type with items, then deletes it once empty', async () => {
    const type = (await t.api(dictTypeApi.info, { code: 'pack_style' }, admin)).data;
    const refused = await t.api(dictTypeApi.delete, { id: type.id, version: type.version }, admin);
    expect(refused.code).toBe(409);
    expect(refused.message).toContain('字典项');
    const items = (await t.api(dictItemApi.list, { typeCode: 'pack_style' }, admin)).data.list;
    for (const item of items) expect((await t.api(dictItemApi.delete, { id: item.id, version: item.version }, admin)).code).toBe(200);
    const fresh = (await t.api(dictTypeApi.info, { code: 'pack_style' }, admin)).data;
    expect((await t.api(dictTypeApi.delete, { id: fresh.id, version: fresh.version }, admin)).code).toBe(200);
    expect((await t.api(dictTypeApi.info, { code: 'pack_style' }, admin)).code).toBe(404);
  });

  it('answers 409 on a stale version and bumps the dictionary version on every write', async () => {
    const before = (await t.api(dictTypeApi.version, {}, buyer)).data.version;
    const type = (await t.api(dictTypeApi.info, { code: 'unit' }, admin)).data;
    const body = { id: type.id, version: type.version, code: 'unit', name: '计量单位', status: 'enabled' as const };
    expect((await t.api(dictTypeApi.update, body, admin)).code).toBe(200);
    expect(await t.api(dictTypeApi.update, body, admin)).toMatchObject({ code: 409, message: '数据已被他人修改，请刷新后重试' });
    const item = (await t.api(dictItemApi.list, { typeCode: 'unit' }, admin)).data.list[0];
    expect((await t.api(dictItemApi.disable, { id: item.id, version: item.version }, admin)).code).toBe(200);
    expect((await t.api(dictItemApi.enable, { id: item.id, version: item.version }, admin)).code).toBe(409);
    const after = (await t.api(dictTypeApi.version, {}, buyer)).data.version;
    expect(after).toBe(before + 2);
    // A disabled item is still in the bundle (old records render it), marked disabled.
    const bundle = (await t.api(dictTypeApi.options, {}, buyer)).data;
    const unit = bundle.types.find((x) => x.code === 'unit');
    expect(unit?.items.find((i) => i.value === item.value)?.status).toBe('disabled');
  });

  it('answers the warehouse type from 收货仓库: enabled warehouses as items, read-only here', async () => {
    const items = async () => {
      const warehouse = (await t.api(dictTypeApi.options, {}, buyer)).data.types.find((x) => x.code === 'warehouse');
      expect(warehouse).toBeDefined();
      return warehouse?.items ?? [];
    };
    expect((await items()).map((i) => [i.value, i.label])).toContainEqual(['sh_jiading', '上海嘉定中心仓']);
    const before = (await t.api(dictTypeApi.version, {}, buyer)).data.version;
    const created = await t.api(
      warehouseApi.create,
      { code: 'dict_wh', name: '字典测试仓', regionCode: '310114', address: '嘉定区测试路1号', consignee: '王五', phone: '13800138000' },
      admin,
    );
    expect(created.code).toBe(200);
    expect((await t.api(dictTypeApi.version, {}, buyer)).data.version).toBeGreaterThan(before);
    expect((await items()).map((i) => i.value)).toContain('dict_wh');
    const info = (await t.api(warehouseApi.info, { id: created.data.id }, admin)).data;
    expect((await t.api(warehouseApi.disable, { id: info.id, version: info.version }, admin)).code).toBe(200);
    expect((await items()).map((i: { value: string }) => i.value)).not.toContain('dict_wh');
    // The type's item list shows every warehouse; adding an item there is refused.
    const listed = (await t.api(dictItemApi.list, { typeCode: 'warehouse', pageSize: 200 }, admin)).data.list;
    expect(listed.find((i) => i.value === 'dict_wh')).toMatchObject({ label: '字典测试仓', status: 'disabled' });
    const type = (await t.api(dictTypeApi.info, { code: 'warehouse' }, admin)).data;
    const add = await t.api(dictItemApi.create, { typeId: type.id, label: '新仓', value: 'new_wh', status: 'enabled' }, admin);
    expect(add.code).toBe(409);
  });

  it('writes an audit row per write', async () => {
    const [{ n }] = await queryRows<{ n: number }>(t, sql`select count(*)::int as n from audit_logs where module in ('dict_type', 'dict_item')`);
    expect(n).toBeGreaterThanOrEqual(8);
  });

  it('checks permission codes: reading needs the page code, writing the action code', async () => {
    expect((await t.api(dictTypeApi.list, {}, buyer)).code).toBe(403);
    expect((await t.api(dictItemApi.list, { typeCode: 'unit' }, buyer)).code).toBe(403);
    expect((await t.api(dictTypeApi.create, { code: 'x_y', name: 'x', status: 'enabled' }, buyer)).code).toBe(403);
    expect((await t.api(dictItemApi.create, { typeId: 1, label: 'x', value: 'x', status: 'enabled' }, buyer)).code).toBe(403);
    expect((await t.api(dictTypeApi.options, {}, null)).code).toBe(401);
    const types = (await t.api(dictTypeApi.list, { pageSize: 1 }, buyer)).code;
    expect(types).toBe(403);
  });
});

describe('dictionary Excel export', () => {
  let code: string;

  beforeAll(async () => {
    code = `export_probe_${Date.now().toString(36)}`;
    const type = await t.api(dictTypeApi.create, { code, name: '=导出测试', status: 'enabled', remark: '+备注' }, admin);
    expect(type.code, type.message).toBe(200);
    const item = async (body: Omit<z.input<typeof dictItemApi.create.body>, 'typeId' | 'status'>) => {
      const answer = await t.api(dictItemApi.create, { typeId: type.data.id, status: 'enabled', ...body }, admin);
      expect(answer.code, answer.message).toBe(200);
    };
    await item({ label: '-负号开头', value: 'minus', sort: 2, tagColor: 'red', remark: '=SUM(A1)' });
    await item({ label: '@艾特', value: 'at', sort: 1, isDefault: true });
  });

  it('writes the filtered types and their items on two sheets, formula-like text escaped', async () => {
    const response = await download(t, '/admin/dict_type/export', { keyword: code }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const sheets = await readWorkbook(response.rawPayload);
    expect([...sheets.keys()]).toEqual(['字典类型', '字典项']);
    const types = sheets.get('字典类型')!;
    expect(types[0]).toEqual(['字典编码', '字典名称', '状态', '类型', '字典项数量', '备注', '更新时间']);
    expect(types).toHaveLength(2);
    expect(types[1].slice(0, 6)).toEqual([code, "'=导出测试", '启用', '自定义', 2, "'+备注"]);
    const items = sheets.get('字典项')!;
    expect(items.slice(1)).toEqual([
      [code, "'=导出测试", "'@艾特", 'at', 1, '默认', '是', '启用'],
      [code, "'=导出测试", "'-负号开头", 'minus', 2, '红', '否', '启用', "'=SUM(A1)"],
    ]);
    expect([...sheets.values()].flat(2).some((v) => typeof v === 'object' && v !== null && 'formula' in v)).toBe(false);
  });

  it('follows the list filter: built-in types only, with their items', async () => {
    const sheets = await readWorkbook((await download(t, '/admin/dict_type/export', { built_in: true }, admin)).rawPayload);
    const types = sheets.get('字典类型')!.slice(1);
    expect(types.map((r) => r[0])).toEqual(expect.arrayContaining(['plan_status', 'unit', 'charge_mode']));
    expect(types.every((r) => r[3] === '内置')).toBe(true);
    const items = sheets.get('字典项')!.slice(1);
    expect(items.filter((r) => r[0] === 'plan_status').map((r) => r[2])).toEqual([
      '草稿',
      '待审核',
      '已审核',
      '采购中',
      '已完成',
      '已驳回',
      '已作废',
    ]);
    expect(items.some((r) => r[0] === code)).toBe(false);
  });

  it('needs dataDictionary:export', async () => {
    const reader = await loginWithCodes(t, ['dataDictionary', 'dataDictionaryDetail'], 'dict-reader@test.com');
    expect((await t.api(dictTypeApi.list, {}, reader)).code).toBe(200);
    expect((await t.api(dictTypeApi.export, {}, reader)).code).toBe(403);
    const exporter = await loginWithCodes(t, ['dataDictionary', 'dataDictionary:export'], 'dict-exporter@test.com');
    expect((await download(t, '/admin/dict_type/export', {}, exporter)).statusCode).toBe(200);
    expect((await t.api(dictTypeApi.export, {}, null)).code).toBe(401);
  });
});

describe('status dictionaries', () => {
  it('hold the contract’s statuses, labels and colours, are read-only here, and an edited row is written back on the next start', async () => {
    const bundle = (await t.api(dictTypeApi.options, {}, buyer)).data;
    for (const [code, dictionary] of Object.entries(STATUS_DICTIONARIES)) {
      const items = bundle.types.find((type) => type.code === code)?.items ?? [];
      expect(
        items.map((item) => [item.value, item.label, item.tagColor]),
        code,
      ).toEqual(dictionary.statuses.map((status) => [status, dictionary.labels[status], dictionary.colors[status]]));
    }

    const planStatus = (await t.api(dictTypeApi.info, { code: 'plan_status' }, admin)).data;
    const [draft] = (await t.api(dictItemApi.list, { typeCode: 'plan_status', pageSize: 20 }, admin)).data.list;
    const { id, version, label, value, sort, tagColor, status, isDefault } = draft;
    const refused = { code: 409, message: STATUS_DICTIONARY_READ_ONLY };
    expect(await t.api(dictItemApi.update, { id, version, label: '初稿', value, sort, tagColor, status, isDefault }, admin)).toMatchObject(refused);
    expect(await t.api(dictItemApi.create, { typeId: planStatus.id, label: '挂起', value: 'on_hold', status: 'enabled' }, admin)).toMatchObject(
      refused,
    );
    expect(await t.api(dictItemApi.disable, { id, version }, admin)).toMatchObject(refused);
    expect(await t.api(dictItemApi.delete, { id, version }, admin)).toMatchObject(refused);
    expect((await t.api(dictItemApi.info, { id }, admin)).data).toMatchObject({ label, version });

    // A database from before: a label edited in 数据字典 and an extra item. The next start puts the contract's back.
    await t.database.db.update(dictItems).set({ label: '初稿', tagColor: 'red' }).where(eq(dictItems.id, id));
    await t.database.db.insert(dictItems).values({ typeId: planStatus.id, value: 'on_hold', label: '挂起', tagColor: 'blue' });
    const before = (await t.api(dictTypeApi.version, {}, buyer)).data.version;
    await t.database.db.transaction((tx) => seedBuiltInDictionaries(tx));
    const items = (await t.api(dictItemApi.list, { typeCode: 'plan_status', pageSize: 20 }, admin)).data.list;
    expect(items.map((item) => [item.value, item.label, item.tagColor])).toEqual(
      PLAN_STATUSES.map((s) => [s, STATUS_DICTIONARIES.plan_status.labels[s], STATUS_DICTIONARIES.plan_status.colors[s]]),
    );
    expect((await t.api(dictTypeApi.version, {}, buyer)).data.version).toBe(before + 1);
    // Nothing differs now: a start changes nothing and leaves the version alone.
    await t.database.db.transaction((tx) => seedBuiltInDictionaries(tx));
    expect((await t.api(dictTypeApi.version, {}, buyer)).data.version).toBe(before + 1);
  });
});

describe('the 启用/停用 status machine', () => {
  let serial = 0;
  const typeRow = async (id: number) => (await t.database.db.select().from(dictTypes).where(eq(dictTypes.id, id)))[0];
  const itemRow = async (id: number) => (await t.database.db.select().from(dictItems).where(eq(dictItems.id, id)))[0];

  describe('of a dictionary type', () => {
    sweepStatusMachine({
      machine: ENABLEMENT_TRANSITIONS,
      statuses: ENABLED_STATUSES,
      build: async (status) => {
        serial += 1;
        const created = await t.api(dictTypeApi.create, { code: `sweep_type_${serial}`, name: `状态探针${serial}`, status }, admin);
        return typeRow(created.data.id);
      },
      act: (action, type) => t.api(dictTypeApi[action], { id: type.id, version: type.version }, admin),
      snapshot: async (type) => ({ type: await typeRow(type.id), audit: await auditRowCount(t.database.db) }),
      statusOf: async (type) => (await typeRow(type.id)).status,
      refusal: (_action, status) => `字典已是${ENABLED_STATUS_LABELS[status]}状态`,
    });
  });

  describe('of a dictionary item', () => {
    let typeId = 0;
    beforeAll(async () => {
      typeId = (await t.api(dictTypeApi.create, { code: 'sweep_items', name: '字典项探针', status: 'enabled' }, admin)).data.id;
    });
    sweepStatusMachine({
      machine: ENABLEMENT_TRANSITIONS,
      statuses: ENABLED_STATUSES,
      build: async (status) => {
        serial += 1;
        const created = await t.api(dictItemApi.create, { typeId, label: `探针${serial}`, value: `probe_${serial}`, status }, admin);
        return itemRow(created.data.id);
      },
      act: (action, item) => t.api(dictItemApi[action], { id: item.id, version: item.version }, admin),
      snapshot: async (item) => ({ item: await itemRow(item.id), audit: await auditRowCount(t.database.db) }),
      statusOf: async (item) => (await itemRow(item.id)).status,
      refusal: (_action, status) => `字典项已是${ENABLED_STATUS_LABELS[status]}状态`,
    });
  });
});

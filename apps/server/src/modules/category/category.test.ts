import { categoryApi, commodityApi, ENABLED_STATUS_LABELS, ENABLED_STATUSES, ENABLEMENT_TRANSITIONS } from '@scm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowById, createTestApp, type TestApp } from '../../../test/helpers';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';
import { categories } from '../../db/schema';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
});
afterAll(() => t.close());

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++seq}`;

async function create(parentId: number | null, name = unique('分类')) {
  const answer = await t.api(categoryApi.create, { parentId, name, code: unique('T'), sort: 10 }, admin);
  expect(answer.code, answer.message).toBe(200);
  return answer.data.id;
}
async function info(id: number) {
  return (await t.api(categoryApi.info, { id }, admin)).data;
}
async function createCommodity(categoryId: number) {
  const answer = await t.api(
    commodityApi.create,
    { skuCode: unique('SKU'), name: '测试商品', categoryId, unit: 'piece', referencePriceFen: 100 },
    admin,
  );
  expect(answer.code, answer.message).toBe(200);
  return answer.data.id;
}

describe('category tree', () => {
  it('nests at most 3 levels and keeps levels', async () => {
    const root = await create(null);
    const child = await create(root);
    const leaf = await create(child);
    expect((await info(leaf)).level).toBe(3);
    const tooDeep = await t.api(categoryApi.create, { parentId: leaf, name: '第四级', code: unique('T') }, admin);
    expect(tooDeep).toMatchObject({ code: 400, message: '分类最多3级', data: { fieldErrors: [{ field: 'parent_id' }] } });
  });

  it('keeps names unique among siblings and codes unique everywhere', async () => {
    const root = await create(null);
    const other = await create(null);
    await create(root, '毛巾');
    const sameSibling = await t.api(categoryApi.create, { parentId: root, name: '毛巾', code: unique('T') }, admin);
    expect(sameSibling).toMatchObject({ code: 409, message: '同级分类名称已存在' });
    await create(other, '毛巾');
    const code = unique('DUP');
    expect((await t.api(categoryApi.create, { parentId: root, name: unique('a'), code }, admin)).code).toBe(200);
    const sameCode = await t.api(categoryApi.create, { parentId: other, name: unique('b'), code }, admin);
    expect(sameCode).toMatchObject({ code: 409, message: '分类编码已存在' });
  });

  it('refuses a move under itself, a descendant, or past level 3, and re-levels a moved subtree', async () => {
    const a = await create(null);
    const b = await create(a);
    const c = await create(b);
    const move = async (id: number, parentId: number | null) => t.api(categoryApi.move, { id, version: (await info(id)).version, parentId }, admin);

    expect(await move(a, a)).toMatchObject({ code: 400, message: '不能移动到自身或其下级分类之下' });
    expect(await move(a, c)).toMatchObject({ code: 400, message: '不能移动到自身或其下级分类之下' });
    const other = await create(null);
    const otherChild = await create(other);
    expect(await move(b, otherChild)).toMatchObject({ code: 400, message: '分类最多3级' });

    expect((await move(b, other)).code).toBe(200);
    expect((await info(b)).parentId).toBe(other);
    expect((await info(c)).level).toBe(3);
    expect((await move(b, null)).code).toBe(200);
    expect((await info(b)).level).toBe(1);
    expect((await info(c)).level).toBe(2);
  });

  it('refuses to delete a category with children or commodities (409)', async () => {
    const root = await create(null);
    const leaf = await create(root);
    const del = async (id: number) => t.api(categoryApi.delete, { id, version: (await info(id)).version }, admin);
    expect(await del(root)).toMatchObject({ code: 409, message: '该分类下有子分类，不能删除' });
    const commodityId = await createCommodity(leaf);
    expect(await del(leaf)).toMatchObject({ code: 409, message: '该分类下有商品，不能删除' });
    const { data } = await t.api(commodityApi.info, { id: commodityId }, admin);
    expect((await t.api(commodityApi.delete, { id: commodityId, version: data.version }, admin)).code).toBe(200);
    expect((await del(leaf)).code).toBe(200);
    expect((await del(root)).code).toBe(200);
    expect((await t.api(categoryApi.info, { id: root }, admin)).code).toBe(404);
  });

  it('does not let a category holding commodities get children', async () => {
    const root = await create(null);
    const leaf = await create(root);
    await createCommodity(leaf);
    const answer = await t.api(categoryApi.create, { parentId: leaf, name: '子类', code: unique('T') }, admin);
    expect(answer).toMatchObject({ code: 409, message: '上级分类下已有商品，不能再添加子分类' });
  });

  it('counts commodities including descendants', async () => {
    const root = await create(null);
    const mid = await create(root);
    const leafA = await create(mid);
    const leafB = await create(root);
    await createCommodity(leafA);
    await createCommodity(leafA);
    await createCommodity(leafB);
    const list = (await t.api(categoryApi.list, {}, admin)).data;
    const count = (id: number) => list.find((c) => c.id === id)?.commodityCount;
    expect([count(root), count(mid), count(leafA), count(leafB)]).toEqual([3, 2, 2, 1]);
    expect((await info(root)).commodityCount).toBe(3);
  });

  it('filters the tree by keyword and keeps the ancestors of matches', async () => {
    const root = await create(null);
    const leafName = unique('独特名');
    const leaf = await create(root, leafName);
    const list = (await t.api(categoryApi.list, { keyword: leafName }, admin)).data;
    expect(list.map((c) => c.id)).toEqual([root, leaf]);
  });

  it('edits with optimistic locking and toggles status', async () => {
    const id = await create(null);
    const { version, code } = await info(id);
    const ok = await t.api(categoryApi.update, { id, version, name: unique('改名'), code, sort: 5, status: 'enabled', remark: '备注' }, admin);
    expect(ok.code).toBe(200);
    const stale = await t.api(categoryApi.update, { id, version, name: unique('再改'), code, sort: 5 }, admin);
    expect(stale).toMatchObject({ code: 409, message: '数据已被他人修改，请刷新后重试' });
    expect((await t.api(categoryApi.disable, { id, version: version + 1 }, admin)).code).toBe(200);
    expect((await info(id)).status).toBe('disabled');
    expect((await t.api(categoryApi.enable, { id, version: version + 1 }, admin)).code).toBe(409);
  });

  it('checks permission codes on every call', async () => {
    const buyer = await t.login('buyer@jiaju.com');
    expect((await t.api(categoryApi.list, {}, buyer)).code).toBe(403);
    expect((await t.api(categoryApi.create, { name: 'x', code: 'x' }, buyer)).code).toBe(403);
    const options = await t.api(categoryApi.options, {}, buyer);
    expect(options.code).toBe(200);
    expect(options.data[0]).toHaveProperty('parentId');
    expect((await t.api(categoryApi.list, {})).code).toBe(401);
  });
});

describe('the 启用/停用 status machine', () => {
  const row = (id: number) => rowById(t, categories, id);
  sweepStatusMachine({
    machine: ENABLEMENT_TRANSITIONS,
    statuses: ENABLED_STATUSES,
    build: async (status) => {
      const id = await create(null);
      await t.database.db.update(categories).set({ status }).where(eq(categories.id, id));
      return row(id);
    },
    act: (action, category) => t.api(categoryApi[action], { id: category.id, version: category.version }, admin),
    snapshot: async (category) => ({ category: await row(category.id), audit: await auditRowCount(t.database.db) }),
    statusOf: async (category) => (await info(category.id)).status,
    refusal: (_action, status) => `分类已是${ENABLED_STATUS_LABELS[status]}状态`,
  });
});

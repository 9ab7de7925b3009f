import { categoryApi, commodityApi } from '@scm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, queryRows, type TestApp, unique } from '../../../../test/helpers';

let t: TestApp;
let admin: string;
let leaf = 0;
/** The list's count cap (modules/commodity/search/count.ts). */
const COUNT_CAP_IN_TEST = 10_000;

type CreateBody = z.input<typeof commodityApi.create.body>;
async function create(body: Partial<CreateBody> & Pick<CreateBody, 'name'>) {
  const answer = await t.api(
    commodityApi.create,
    { skuCode: unique('SRCH'), categoryId: leaf, unit: 'piece', referencePriceFen: 990, ...body },
    admin,
  );
  expect(answer.code, answer.message).toBe(200);
  return answer.data.id;
}
const list = (keyword: string, extra: z.input<typeof commodityApi.list.body> = {}) =>
  t.api(commodityApi.list, { keyword, page: 1, pageSize: 50, ...extra }, admin);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const root = await t.api(categoryApi.create, { parentId: null, name: unique('搜'), code: unique('R') }, admin);
  const child = await t.api(categoryApi.create, { parentId: root.data.id, name: unique('索'), code: unique('L') }, admin);
  leaf = child.data.id;
}, 60_000);
afterAll(() => t.close());

describe('commodity keyword search', () => {
  it('ANDs the words: a row matching only one word is not returned', async () => {
    const both = await create({ name: '蓝鲸牌 防滑衣架' });
    await create({ name: '蓝鲸牌 浴巾' });
    await create({ name: '白熊牌 防滑衣架' });
    const answer = await list('蓝鲸牌 衣架');
    expect(answer.code).toBe(200);
    expect(answer.data.list.map((r) => r.id)).toEqual([both]);
    expect(answer.data.total).toBe(1);
    expect(answer.data.totalCapped).toBe(false);
    // Full-width space splits words too; the words' order does not matter.
    expect((await list('衣架\u3000蓝鲸牌')).data.list.map((r) => r.id)).toEqual([both]);
  });

  it('a word inside another word of the keyword narrows nothing: 物架 架 finds what 物架 finds', async () => {
    const tag = unique('栖');
    const shelf = await create({ name: `${tag}牌 三层置物架` });
    await create({ name: `${tag}牌 衣架` });
    await create({ name: `${tag}牌 置物篮` });
    const alone = await list(`${tag}牌 物架`);
    expect(alone.data.list.map((r) => r.id)).toEqual([shelf]);
    for (const keyword of [`${tag}牌 物架 架`, `架 ${tag}牌 物架 ${tag}`]) {
      const answer = await list(keyword);
      expect(answer.data.list, keyword).toEqual(alone.data.list);
      expect(answer.data.total, keyword).toBe(1);
    }
    // An ASCII word inside another ASCII word still counts: the longer one may match as the start of
    // a code, which its middle does not.
    const sku = unique('NEST');
    await create({ skuCode: sku, name: `${tag}牌 收纳箱` });
    expect((await list(sku)).data.total).toBe(1);
    expect((await list(`${sku} ${sku.slice(2, 6)}`)).data.total).toBe(0);
  });

  it('ranks an exact SKU code first, any case, then the other matches', async () => {
    const sku = unique('EXA');
    const longer = await create({ skuCode: `${sku}9`, name: '较新商品' });
    const exact = await create({ skuCode: sku, name: '较早商品' });
    // The longer code becomes the most recently updated, so only the exact-code rule puts the other first.
    const updated = await t.api(
      commodityApi.update,
      { id: longer, version: 0, skuCode: `${sku}9`, name: '较新商品2', categoryId: leaf, unit: 'piece', referencePriceFen: 990 },
      admin,
    );
    expect(updated.code, updated.message).toBe(200);
    const answer = await list(sku.toLowerCase());
    expect(answer.data.list.map((r) => r.id)).toEqual([exact, longer]);
    expect(answer.data.total).toBe(2);
  });

  it('counts every match of a word that reads like a whole code, whether or not one code is exactly it', async () => {
    const sku = unique('WC7'); // ASCII, eight characters or more, with a digit
    const extending = [await create({ skuCode: `${sku}-1`, name: '编码延伸一' }), await create({ skuCode: `${sku}-2`, name: '编码延伸二' })];
    const inName = await create({ name: `配件 ${sku.toLowerCase()}X 收纳盒` });
    const others = [...extending, inName].sort((a, b) => b - a);
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => b - a);
    // No code is exactly the word: every match is counted all the same.
    const before = await list(sku);
    expect(before.data.total).toBe(3);
    expect(ids(before.data.list)).toEqual(others);
    // Now one is: it comes first, and the count beside it holds the others.
    const exact = await create({ skuCode: sku, name: '编码本身', referencePriceFen: 5000 });
    const after = await list(sku.toLowerCase());
    expect(after.data.total).toBe(4);
    expect(after.data.list[0].id).toBe(exact);
    expect(ids(after.data.list.slice(1))).toEqual(others);
    // The count obeys the other filters as the rows do.
    const priced = await list(sku, { minPriceFen: 2000 });
    expect(priced.data.list.map((r) => r.id)).toEqual([exact]);
    expect(priced.data.total).toBe(1);
    // A later page leaves the exact row where it was shown.
    const second = await list(sku, { page: 2, pageSize: 3 });
    expect(second.data.total).toBe(4);
    expect(second.data.list).toHaveLength(1);
    expect(second.data.list.map((r) => r.id)).not.toContain(exact);
  });

  it('ranks an exact barcode first', async () => {
    const exact = await create({ name: '条码商品', barcode: '6901234567892' });
    // Created later, so newer: an SKU starting with the same digits, which the default order would put first.
    await create({ name: '编码前缀商品', skuCode: '6901234567892-B' });
    const answer = await list('6901234567892');
    expect(answer.data.list[0].id).toBe(exact);
  });

  it('an exact code still obeys the other filters: status, price, category', async () => {
    const sku = unique('EXF');
    const id = await create({ skuCode: sku, name: '筛选中的精确编码', referencePriceFen: 5000 });
    expect((await list(sku)).data.list.map((r) => r.id)).toEqual([id]);
    expect((await list(sku, { status: 'disabled' })).data.list).toEqual([]);
    expect((await list(sku, { minPriceFen: 6000 })).data.list).toEqual([]);
    const other = await t.api(categoryApi.create, { parentId: null, name: unique('他'), code: unique('O') }, admin);
    expect((await list(sku, { categoryId: other.data.id })).data.list).toEqual([]);
    expect((await list(sku, { categoryId: leaf })).data.list.map((r) => r.id)).toEqual([id]);
  });

  it('stops the count at 10,000 and says so', async () => {
    await t.database.db.execute(sql`
      insert into commodities (sku_code, name, category_id, unit, reference_price_fen, name_grams)
      select 'CAP' || g, '限量款 抱枕' || g, ${leaf}, 'piece', 100, array['限', '量', '款', '限量', '量款', '抱', '枕', '抱枕']
      from generate_series(1, 10001) g`);
    const answer = await list('限量款', { pageSize: 20 });
    expect(answer.code).toBe(200);
    expect(answer.data.total).toBe(10_000);
    expect(answer.data.totalCapped).toBe(true);
    expect(answer.data.list).toHaveLength(20);
    // Pages end at the cap.
    const beyond = await list('限量款', { pageSize: 20, page: 501 });
    expect(beyond.data.list).toEqual([]);
    expect(beyond.data.totalCapped).toBe(true);
  }, 60_000);

  it('answers "10,000+" for a very common word without counting it, but never from stale statistics alone', async () => {
    // 40,000 names holding 云朵: past three times the cap, which both estimates must see.
    await t.database.db.execute(sql`
      insert into commodities (sku_code, name, category_id, unit, reference_price_fen, name_grams)
      select 'CLOUD' || g, '云朵 yd 靠垫' || g, ${leaf}, 'piece', 100, array['云', '朵', '云朵', 'y', 'd', 'yd', '靠', '垫', '靠垫']
      from generate_series(1, 40000) g`);
    await t.database.db.execute(sql`analyze commodities`);
    // 云朵 and yd (ASCII, so a code's start too) are counted from the gram counts; 云朵 yd, two words,
    // from the two estimates.
    for (const word of ['云朵', 'yd', '云朵 yd']) {
      const common = await list(word, { pageSize: 20 });
      expect(common.data.total, word).toBe(10_000);
      expect(common.data.totalCapped, word).toBe(true);
      expect(common.data.list, word).toHaveLength(20);
      expect(
        common.data.list.every((r) => r.name.includes('云朵 yd')),
        word,
      ).toBe(true);
    }

    // All but one in 62 renamed, statistics not refreshed: the planner still expects 40,000, the sample does not.
    await t.database.db.execute(sql`
      update commodities set name = '晴空 靠垫' || id, name_grams = array['晴', '空', '晴空', '靠', '垫', '靠垫']
       where sku_code like 'CLOUD%' and id % 62 <> 0`);
    const [{ left }] = await queryRows<{ left: number }>(t, sql`select count(*)::int as left from commodities where name like '云朵%'`);
    expect(left).toBeLessThan(COUNT_CAP_IN_TEST);
    for (const word of ['云朵', 'yd', '云朵 yd']) {
      const rare = await list(word, { pageSize: 20 });
      expect(rare.data.total, word).toBe(left);
      expect(rare.data.totalCapped, word).toBe(false);
    }
  }, 120_000);

  it('counts a one-word keyword exactly through every kind of write, per category and status', async () => {
    const other = (await t.api(categoryApi.create, { parentId: null, name: unique('计'), code: unique('G') }, admin)).data.id;
    const a = await create({ name: '琥珀纹 抱枕' });
    const b = await create({ name: '琥珀纹 靠垫' });
    await create({ name: '翡翠纹 抱枕' });
    const info = async (id: number) => (await t.api(commodityApi.info, { id }, admin)).data;
    const edit = async (id: number, changes: Partial<z.input<typeof commodityApi.update.body>>) => {
      const row = await info(id);
      const body = { id, version: row.version, skuCode: row.skuCode, name: row.name, categoryId: row.categoryId, unit: row.unit };
      const answer = await t.api(commodityApi.update, { ...body, referencePriceFen: row.referencePriceFen, ...changes }, admin);
      expect(answer.code, answer.message).toBe(200);
    };
    const totals = async () => ({
      all: (await list('琥珀')).data.total,
      leaf: (await list('琥珀', { categoryId: leaf })).data.total,
      other: (await list('琥珀', { categoryId: other })).data.total,
      disabled: (await list('琥珀', { status: 'disabled' })).data.total,
      pair: (await list('珀纹')).data.total,
    });
    expect(await totals()).toEqual({ all: 2, leaf: 2, other: 0, disabled: 0, pair: 2 });

    await edit(b, { referencePriceFen: 1234 });
    await edit(a, { categoryId: other });
    expect(await totals()).toEqual({ all: 2, leaf: 1, other: 1, disabled: 0, pair: 2 });
    const disabled = await t.api(commodityApi.disable, { items: [{ id: b, version: (await info(b)).version }] }, admin);
    expect(disabled.code, disabled.message).toBe(200);
    expect(await totals()).toEqual({ all: 2, leaf: 1, other: 1, disabled: 1, pair: 2 });
    await edit(a, { name: '琉璃纹 抱枕' });
    expect(await totals()).toEqual({ all: 1, leaf: 1, other: 0, disabled: 1, pair: 1 });
    const deleted = await t.api(commodityApi.delete, { id: b, version: (await info(b)).version }, admin);
    expect(deleted.code, deleted.message).toBe(200);
    expect(await totals()).toEqual({ all: 0, leaf: 0, other: 0, disabled: 0, pair: 0 });

    // Many rows in one statement, as an import writes them.
    await t.database.db.execute(sql`
      insert into commodities (sku_code, name, category_id, unit, reference_price_fen, name_grams)
      select 'AMB' || g, '琥珀 摆件' || g, ${other}, 'piece', 100, array['琥', '珀', '琥珀', '摆', '件', '摆件']
      from generate_series(1, 30) g`);
    await t.database.db.execute(sql`update commodities set status = 'disabled' where sku_code like 'AMB%' and right(sku_code, 1) in ('1', '2')`);
    await t.database.db.execute(sql`delete from commodities where sku_code in ('AMB3', 'AMB4')`);
    expect(await totals()).toEqual({ all: 28, leaf: 0, other: 28, disabled: 6, pair: 0 });

    // The kept counts agree with counting every name, whatever was written before.
    const differences = await queryRows(
      t,
      sql`(select gram, category_id, status, n::int from commodity_gram_counts where n <> 0
           except select g, category_id, status, count(*)::int from commodities, unnest(name_grams || name_runs(name)) g group by 1, 2, 3)
          union all
          (select g, category_id, status, count(*)::int from commodities, unnest(name_grams || name_runs(name)) g group by 1, 2, 3
           except select gram, category_id, status, n::int from commodity_gram_counts)`,
    );
    expect(differences).toEqual([]);
  }, 60_000);

  it('finds a word of three or four characters as written, not its character pairs apart, and counts it the same', async () => {
    const ids = (answer: { data: { list: { id: number }[] } }) => answer.data.list.map((r) => r.id).sort((a, b) => a - b);
    const withWord = [await create({ name: '砗磲灯 小号' }), await create({ name: '大号砗磲灯罩' }), await create({ name: '砗磲灯砗磲灯' })];
    // Both character pairs of 砗磲灯, but not side by side: no match.
    await create({ name: '砗磲 磲灯' });
    const apart = await create({ name: '磲灯砗磲' });
    const three = await list('砗磲灯');
    expect(ids(three)).toEqual(withWord);
    expect(three.data.total).toBe(3);
    const four = await list('砗磲灯罩');
    expect(ids(four)).toEqual([withWord[1]]);
    expect(four.data.total).toBe(1);
    // 磲灯砗磲 stands in 砗磲灯砗磲灯 too.
    expect(ids(await list('磲灯砗磲'))).toEqual([withWord[2], apart]);
    expect((await list('砗磲灯', { categoryId: leaf })).data.total).toBe(3);
    expect((await list('砗磲灯', { status: 'disabled' })).data.total).toBe(0);

    const info = (await t.api(commodityApi.info, { id: apart }, admin)).data;
    const renamed = await t.api(
      commodityApi.update,
      {
        id: apart,
        version: info.version,
        skuCode: info.skuCode,
        name: '砗磲灯 新款',
        categoryId: info.categoryId,
        unit: info.unit,
        referencePriceFen: info.referencePriceFen,
      },
      admin,
    );
    expect(renamed.code, renamed.message).toBe(200);
    expect(ids(await list('砗磲灯'))).toEqual([...withWord, apart].sort((a, b) => a - b));
    expect((await list('砗磲灯')).data.total).toBe(4);
    expect(ids(await list('磲灯砗磲'))).toEqual([withWord[2]]);
    expect((await list('磲灯砗磲')).data.total).toBe(1);

    // Past the cap the total is capped, and the first page is the newest matches.
    await t.database.db.execute(sql`
      insert into commodities (sku_code, name, category_id, unit, reference_price_fen, name_grams)
      select 'AGT' || g, '玛瑙杯' || g, ${leaf}, 'piece', 100, array['玛', '瑙', '杯', '玛瑙', '瑙杯']
      from generate_series(1, 10003) g`);
    const many = await list('玛瑙杯', { pageSize: 20 });
    expect(many.data.total).toBe(10_000);
    expect(many.data.totalCapped).toBe(true);
    const newest = await queryRows<{ id: number }>(
      t,
      sql`select id from commodities where name like '%玛瑙杯%' order by updated_at desc, id desc limit 20`,
    );
    expect(many.data.list.map((r) => r.id)).toEqual(newest.map((r) => Number(r.id)));
  }, 60_000);

  it('counts an ASCII word in names of any case and at the start of codes, each match once', async () => {
    const tag = unique('LX').toUpperCase();
    const ids = (answer: { data: { list: { id: number }[] } }) => answer.data.list.map((r) => r.id).sort((a, b) => a - b);
    const named = [
      await create({ name: 'QXD台灯 护眼款' }),
      await create({ name: '护眼 qxd台灯' }),
      await create({ name: '床头灯 Qxd' }),
      await create({ name: 'aqxdz 灯泡' }),
    ];
    // Its code starts with the word and its name holds it: one match, not two.
    const both = await create({ name: '筒灯 QXD款', skuCode: `QXD-${tag}-1` });
    const codeOnly = await create({ name: '吸顶灯', skuCode: `qxd-${tag}-2` });
    // The letters apart, or the code holding the word later: no match.
    await create({ name: 'Q X D 灯带' });
    await create({ name: '灯带', skuCode: `${tag}-QXD` });
    const all = [...named, both, codeOnly].sort((a, b) => a - b);
    for (const keyword of ['QXD', 'qxd', 'Qxd']) {
      const answer = await list(keyword);
      expect(ids(answer), keyword).toEqual(all);
      expect(answer.data.total, keyword).toBe(6);
    }
    expect((await list('qxd台灯')).data.total).toBe(2);
    expect((await list('QXD', { status: 'disabled' })).data.total).toBe(0);
    expect((await list('QXD', { categoryId: leaf })).data.total).toBe(6);

    // A rename moves the kept count with the name, whatever its case.
    const info = (await t.api(commodityApi.info, { id: named[2] }, admin)).data;
    const { id, version, skuCode, categoryId, unit, referencePriceFen } = info;
    const renamed = await t.api(commodityApi.update, { id, version, skuCode, name: '床头灯', categoryId, unit, referencePriceFen }, admin);
    expect(renamed.code, renamed.message).toBe(200);
    expect((await list('qXd')).data.total).toBe(5);
  });

  it('counts an SKU prefix past the cap only within the other filters', async () => {
    await t.database.db.execute(sql`
      insert into commodities (sku_code, name, category_id, unit, reference_price_fen, status, name_grams)
      select 'QZP' || g, '前缀商品' || g, ${leaf}, 'piece', 100, case when g <= 2 then 'enabled' else 'disabled' end, array['前', '缀', '前缀']
      from generate_series(1, 10003) g`);
    const all = await list('qzp', { pageSize: 20 });
    expect(all.data.total).toBe(10_000);
    expect(all.data.totalCapped).toBe(true);
    // 10,003 codes start with QZP, but only two of them are enabled.
    const enabled = await list('qzp', { pageSize: 20, status: 'enabled' });
    expect(enabled.data.total).toBe(2);
    expect(enabled.data.totalCapped).toBe(false);
  }, 60_000);

  it('gives the same pages whether it walks the sort order or sorts every match', async () => {
    // 3,000 matches: the first pages walk the index, later ones fetch and sort; update times out of id order.
    await t.database.db.execute(sql`
      insert into commodities (sku_code, name, category_id, unit, reference_price_fen, name_grams, updated_at)
      select 'WALK' || g, '翠竹牌 竹篮' || g, ${leaf}, 'piece', (g * 37) % 500, array['翠', '竹', '牌', '翠竹', '竹牌', '篮', '竹篮'],
             now() - ((g * 7919) % 3000) * interval '1 second'
      from generate_series(1, 3000) g`);
    const expected = async (order: string) =>
      (await queryRows<{ id: number }>(t, sql.raw(`select id from commodities where name like '翠竹牌 竹篮%' order by ${order}`))).map((r) =>
        Number(r.id),
      );
    const byTime = await expected('updated_at desc, id desc');
    const byPrice = await expected('reference_price_fen asc, id asc');
    for (const page of [1, 2, 3, 7, 150]) {
      const answer = await list('翠竹牌 竹篮', { page, pageSize: 20 });
      expect(answer.data.total).toBe(3000);
      expect(
        answer.data.list.map((r) => r.id),
        `page ${page}`,
      ).toEqual(byTime.slice((page - 1) * 20, page * 20));
      const cheap = await list('翠竹牌 竹篮', { page, pageSize: 20, sortField: 'referencePriceFen', sortOrder: 'ascend' });
      expect(
        cheap.data.list.map((r) => r.id),
        `page ${page} by price`,
      ).toEqual(byPrice.slice((page - 1) * 20, page * 20));
    }
  }, 60_000);

  it('keeps SQL and LIKE meta characters harmless', async () => {
    for (const keyword of ["'; drop table commodities; --", '%', '_', '\\', "a' or '1'='1", '100%_\\x', '"{}"', 'cat:1']) {
      const answer = await list(keyword);
      expect(answer.code, keyword).toBe(200);
      expect(answer.data.list, keyword).toEqual([]);
    }
  });
});

import { dataBoardApi, type Endpoint, toSnakeCase } from '@scm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { refreshBoardFacts } from './board-facts';
import { createUser, insertLine, insertPlan, insertQuote, insertRow, insertSupplier, insertTask, invite } from '../../../test/board-fixture';

/*
 * The fixture, worked by hand (amounts in fen; H1 = 2026-01-01..2026-06-30, 181 days; the
 * previous period is 2025-07-04..2025-12-31):
 *
 * Categories: 厨房用品 → {锅具 (leaf), 刀具 → 菜刀 (leaf)}; 家纺 (leaf). Commodities: 炒锅 in 锅具,
 * 菜刀 in 菜刀, 四件套 in 家纺.
 *
 * T1 awarded 2026-03-10, deadline 03-05, invited S1 S2 S3 (all quoted):
 *   L1 炒锅 ×10, target 1000, quotes S1 900 / S2 1100 / S3 unpriced → avg 1000; won by S1 at 900,
 *      freight 100. Amount 9000, average 10000, budget 10000.
 *   L2 四件套 ×5, no target, plan-line budget 2000; quotes S1 2000 / S2 1800 → avg 1900; won by
 *      S2 at 1800, freight 50. Amount 9000, average 9500, budget 10000.
 * T2 completed (awarded 2026-04-05, completed 04-20), deadline 04-01, invited S1 S2 (both quoted):
 *   L3 菜刀 ×4, target 500; quotes S1 450 / S2 unpriced → avg 450; won by S1 at 450, no freight.
 *      Amount 1800, average 1800, budget 2000.
 * T3 quoting, deadline 03-20, one line 四件套; invited S1 received, S2 pending, S3 declined.
 * T4 cancelled, deadline 03-15, S1 pending (a cancelled task does not count).
 * T5 awarded 2025-12-15 (previous period), deadline 12-10, S3 quoted:
 *   L5 炒锅 ×2, target 1200, quote S3 1000; won at 1000. Amount 2000, average 2000, budget 2400.
 * A draft quotation on T1 from S2 prices L1 at 1 fen: drafts never count.
 *
 * Deductible VAT as the awards fixed it (13 % special invoices, general taxpayer): L1 9000 + 100 →
 * 1035 + 12 = 1047; L2 9000 + 50 → 1035 + 6 = 1041; L3 none (an ordinary invoice); L5 2000 → 230.
 *
 * H1: amount 19800; deductible 2088; completed 1; vs average (21300 − 19800) / 21300 = 0.0704; vs budget
 * (22000 − 19800) / 22000 = 0.1; response 6 / 8 = 0.75; freight 150 / 19950 = 0.0075.
 */

let t: TestApp;
let admin: string;
const ids: Record<string, number> = {};

const H1 = { dateFrom: '2026-01-01', dateTo: '2026-06-30' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const buyer = await createUser(t, admin, 'boardbuyer', ['dataBoard', 'basic']);
  ids.buyer = buyer.id;

  ids.kitchen = await insertRow(t, 'categories', { name: '厨房用品', code: 'BK', level: 1 });
  ids.pots = await insertRow(t, 'categories', { name: '锅具', code: 'BK01', level: 2, parent_id: ids.kitchen });
  ids.knives = await insertRow(t, 'categories', { name: '刀具', code: 'BK02', level: 2, parent_id: ids.kitchen });
  ids.cleavers = await insertRow(t, 'categories', { name: '菜刀', code: 'BK0201', level: 3, parent_id: ids.knives });
  ids.textiles = await insertRow(t, 'categories', { name: '家纺', code: 'BT', level: 1 });
  const commodity = (sku: string, name: string, categoryId: number) =>
    insertRow(t, 'commodities', { sku_code: sku, name, category_id: categoryId, unit: 'piece', reference_price_fen: 1000, name_grams: '{}' });
  const wok = await commodity('B-WOK', '炒锅', ids.pots);
  const cleaver = await commodity('B-CLEAVER', '菜刀', ids.cleavers);
  const bedding = await commodity('B-BED', '四件套', ids.textiles);

  const s1 = await insertSupplier(t, '佛山顺德美厨五金有限公司');
  const s2 = await insertSupplier(t, '南通华纺家纺有限公司');
  const s3 = await insertSupplier(t, '阳江十八子刀具厂');
  Object.assign(ids, { s1, s2, s3 });

  const plan = await insertPlan(t, buyer.id, 'in_procurement', '2026-02-01T10:00:00+08:00');
  const planLine = await insertRow(t, 'planning_task_lines', { plan_id: plan, commodity_id: bedding, quantity: 5, budget_unit_price_fen: 2000 });

  const t1 = await insertTask(t, {
    buyerId: buyer.id,
    status: 'awarded',
    quoteDeadline: '2026-03-05T18:00:00+08:00',
    awardedAt: '2026-03-10T10:00:00+08:00',
  });
  const l1 = await insertLine(t, t1, 1, {
    commodityId: wok,
    quantity: 10,
    targetPriceFen: 1000,
    awardedSupplierId: s1,
    awardedUnitPriceFen: 900,
    awardedFreightFen: 100,
    awardedDeductibleVatFen: 1047,
  });
  const l2 = await insertLine(t, t1, 2, {
    commodityId: bedding,
    quantity: 5,
    planLineId: planLine,
    awardedSupplierId: s2,
    awardedUnitPriceFen: 1800,
    awardedFreightFen: 50,
    awardedDeductibleVatFen: 1041,
  });
  for (const s of [s1, s2, s3]) await invite(t, t1, s, 'received');
  await insertQuote(
    t,
    t1,
    s1,
    [
      [l1, 900],
      [l2, 2000],
    ],
    { status: 'partially_awarded' },
  );
  await insertQuote(
    t,
    t1,
    s2,
    [
      [l1, 1100],
      [l2, 1800],
    ],
    { status: 'partially_awarded' },
  );
  await insertQuote(t, t1, s3, [[l1, null]], { status: 'lost' });

  const t2 = await insertTask(t, {
    buyerId: buyer.id,
    status: 'completed',
    quoteDeadline: '2026-04-01T18:00:00+08:00',
    awardedAt: '2026-04-05T10:00:00+08:00',
    updatedAt: '2026-04-20T10:00:00+08:00',
  });
  const l3 = await insertLine(t, t2, 1, {
    commodityId: cleaver,
    quantity: 4,
    targetPriceFen: 500,
    awardedSupplierId: s1,
    awardedUnitPriceFen: 450,
    awardedFreightFen: 0,
  });
  await invite(t, t2, s1, 'received');
  await invite(t, t2, s2, 'received');
  await insertQuote(t, t2, s1, [[l3, 450]], { status: 'awarded' });
  await insertQuote(t, t2, s2, [[l3, null]], { status: 'lost' });

  const t3 = await insertTask(t, { buyerId: buyer.id, status: 'quoting', quoteDeadline: '2026-03-20T18:00:00+08:00' });
  await insertLine(t, t3, 1, { commodityId: bedding, quantity: 3 });
  await invite(t, t3, s1, 'received');
  await invite(t, t3, s2, 'pending');
  await invite(t, t3, s3, 'declined');

  const t4 = await insertTask(t, { buyerId: buyer.id, status: 'cancelled', quoteDeadline: '2026-03-15T18:00:00+08:00' });
  await insertLine(t, t4, 1, { commodityId: wok, quantity: 1 });
  await invite(t, t4, s1, 'pending');

  const t5 = await insertTask(t, {
    buyerId: buyer.id,
    status: 'awarded',
    quoteDeadline: '2025-12-10T18:00:00+08:00',
    awardedAt: '2025-12-15T10:00:00+08:00',
  });
  const l5 = await insertLine(t, t5, 1, {
    commodityId: wok,
    quantity: 2,
    targetPriceFen: 1200,
    awardedSupplierId: s3,
    awardedUnitPriceFen: 1000,
    awardedDeductibleVatFen: 230,
  });
  await invite(t, t5, s3, 'received');
  await insertQuote(t, t5, s3, [[l5, 1000]], { status: 'awarded' });

  // Plans for the funnel: created in H1 in every status, plus one from 2025 that stays out.
  for (const status of ['draft', 'submitted', 'approved', 'completed', 'cancelled', 'rejected']) {
    const id = await insertPlan(t, buyer.id, status, '2026-02-15T10:00:00+08:00');
    await insertRow(t, 'planning_task_lines', {
      plan_id: id,
      commodity_id: status === 'completed' ? wok : bedding,
      quantity: 1,
      budget_unit_price_fen: 100,
    });
  }
  await insertPlan(t, buyer.id, 'completed', '2025-11-01T10:00:00+08:00');
  Object.assign(ids, { t5, l5 });

  // The award writes its facts in its own transaction; these rows were written by hand, so once here.
  await refreshBoardFacts(t.database.db);
});
afterAll(() => t.close());

const board = async <E extends Endpoint>(endpoint: E, body: z.input<E['body']>, token = admin) => {
  const answer = await t.api(endpoint, body, token);
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
};

describe('data board KPIs', () => {
  it('computes each KPI of the period and of the previous period of the same length', async () => {
    const data = await board(dataBoardApi.summary, H1);
    expect(data.current).toEqual({
      awardedAmountFen: 19800,
      deductibleVatFen: 2088,
      tasksCompleted: 1,
      savingsVsAverage: 0.0704,
      savingsVsBudget: 0.1,
      responseRate: 0.75,
      freightShare: 0.0075,
    });
    expect(data.previousFrom).toBe('2025-07-04');
    expect(data.previousTo).toBe('2025-12-31');
    expect(data.previous).toEqual({
      awardedAmountFen: 2000,
      deductibleVatFen: 230,
      tasksCompleted: 0,
      savingsVsAverage: 0,
      savingsVsBudget: 0.1667,
      responseRate: 1,
      freightShare: 0,
    });
  });

  it('answers zeros and no ratios for an empty period', async () => {
    const data = await board(dataBoardApi.summary, { dateFrom: '2024-01-01', dateTo: '2024-01-31' });
    expect(data.current).toEqual({
      awardedAmountFen: 0,
      deductibleVatFen: 0,
      tasksCompleted: 0,
      savingsVsAverage: null,
      savingsVsBudget: null,
      responseRate: null,
      freightShare: null,
    });
    expect(await board(dataBoardApi.monthlyAward, { dateFrom: '2024-01-01', dateTo: '2024-01-31' })).toEqual([
      { month: '2024-01', amountFen: 0, taskCount: 0 },
    ]);
    expect((await board(dataBoardApi.categoryAmount, { dateFrom: '2024-01-01', dateTo: '2024-01-31' })).items).toEqual([]);
    expect(await board(dataBoardApi.topSuppliers, { dateFrom: '2024-01-01', dateTo: '2024-01-31' })).toEqual([]);
    expect(await board(dataBoardApi.supplierResponse, { dateFrom: '2024-01-01', dateTo: '2024-01-31' })).toEqual([]);
    expect((await board(dataBoardApi.planFunnel, { dateFrom: '2024-01-01', dateTo: '2024-01-31' })).every((s) => s.count === 0)).toBe(true);
  });

  it('filters by a category including its descendants', async () => {
    // 厨房用品 holds 锅具 (L1) and, two levels down, 菜刀 (L3).
    const data = await board(dataBoardApi.summary, { ...H1, categoryId: ids.kitchen });
    expect(data.current.awardedAmountFen).toBe(10800);
    // (10000 + 1800 − 10800) / 11800
    expect(data.current.savingsVsAverage).toBe(0.0847);
    // T1 and T2 have a kitchen line: 3 of 3 and 2 of 2 quoted.
    expect(data.current.responseRate).toBe(1);
    expect(data.current.tasksCompleted).toBe(1);
    const knives = await board(dataBoardApi.summary, { ...H1, categoryId: ids.knives });
    expect(knives.current.awardedAmountFen).toBe(1800);
  });

  it('counts a quote that left the line unpriced neither as zero nor in the average', async () => {
    // Only L3 (菜刀): S2 left it unpriced, so its average is S1's 450 alone and the saving is 0.
    const data = await board(dataBoardApi.summary, { ...H1, categoryId: ids.cleavers });
    expect(data.current.savingsVsAverage).toBe(0);
    expect(data.current.savingsVsBudget).toBe(0.1);
  });
});

describe('data board charts', () => {
  it('monthly awarded amount, every month of the range present', async () => {
    expect(await board(dataBoardApi.monthlyAward, H1)).toEqual([
      { month: '2026-01', amountFen: 0, taskCount: 0 },
      { month: '2026-02', amountFen: 0, taskCount: 0 },
      { month: '2026-03', amountFen: 18000, taskCount: 1 },
      { month: '2026-04', amountFen: 1800, taskCount: 1 },
      { month: '2026-05', amountFen: 0, taskCount: 0 },
      { month: '2026-06', amountFen: 0, taskCount: 0 },
    ]);
  });

  it('amount by category rolls up to the level shown and drills down', async () => {
    const top = await board(dataBoardApi.categoryAmount, H1);
    expect(top.parent).toBeNull();
    expect(top.items).toEqual([
      { categoryId: ids.kitchen, name: '厨房用品', amountFen: 10800, hasChildren: true },
      { categoryId: ids.textiles, name: '家纺', amountFen: 9000, hasChildren: false },
    ]);
    const kitchen = await board(dataBoardApi.categoryAmount, { ...H1, parentId: ids.kitchen });
    expect(kitchen.parent).toEqual({ id: ids.kitchen, name: '厨房用品', parentId: null });
    expect(kitchen.items).toEqual([
      { categoryId: ids.pots, name: '锅具', amountFen: 9000, hasChildren: false },
      { categoryId: ids.knives, name: '刀具', amountFen: 1800, hasChildren: true },
    ]);
    const leaf = await board(dataBoardApi.categoryAmount, { ...H1, parentId: ids.pots });
    expect(leaf.items).toEqual([{ categoryId: ids.pots, name: '锅具', amountFen: 9000, hasChildren: false }]);
    // The category filter is the default level to show.
    expect((await board(dataBoardApi.categoryAmount, { ...H1, categoryId: ids.knives })).items).toEqual([
      { categoryId: ids.cleavers, name: '菜刀', amountFen: 1800, hasChildren: false },
    ]);
  });

  it('top suppliers by awarded amount', async () => {
    expect(await board(dataBoardApi.topSuppliers, H1)).toEqual([
      { supplierId: ids.s1, name: '佛山顺德美厨五金有限公司', amountFen: 10800 },
      { supplierId: ids.s2, name: '南通华纺家纺有限公司', amountFen: 9000 },
    ]);
  });

  it('counts in a response rate every task whose quoting has ended, and no task still open for quotes', async () => {
    // 2027, read on 03-01: one task past its deadline (S1 quoted, S2 not), one closed early before its
    // deadline of 06-01 (S1 and S2 quoted, S3 not) and one still open for quotes (nobody yet).
    // Ended: quoted 1 + 2 = 3 of invited 2 + 3 = 5 → 0.6. The per-supplier chart lists every
    // invitation of the period as counts, the open task's too: S1 2 of 3, S2 1 of 3, S3 0 of 1.
    const until = { dateFrom: '2027-01-01', dateTo: '2027-12-31' };
    const passed = await insertTask(t, { buyerId: ids.buyer, status: 'quoting', quoteDeadline: '2027-02-01T18:00:00+08:00' });
    const closedEarly = await insertTask(t, { buyerId: ids.buyer, status: 'evaluating', quoteDeadline: '2027-06-01T18:00:00+08:00' });
    const open = await insertTask(t, { buyerId: ids.buyer, status: 'quoting', quoteDeadline: '2027-05-01T18:00:00+08:00' });
    await invite(t, passed, ids.s1, 'received');
    await invite(t, passed, ids.s2, 'pending');
    await invite(t, closedEarly, ids.s1, 'received');
    await invite(t, closedEarly, ids.s2, 'received');
    await invite(t, closedEarly, ids.s3, 'pending');
    await invite(t, open, ids.s1, 'pending');
    await invite(t, open, ids.s2, 'pending');
    await refreshBoardFacts(t.database.db, [passed, closedEarly, open]);
    const realNow = t.clock.now;
    t.clock.now = new Date('2027-03-01T02:00:00Z');
    try {
      // A session started in 2026 has expired by then.
      const token = await t.login();
      expect((await board(dataBoardApi.summary, until, token)).current.responseRate).toBe(0.6);
      const bySupplier = await board(dataBoardApi.supplierResponse, until, token);
      expect(bySupplier.map((r) => [r.supplierId, r.invited, r.quoted, r.rate])).toEqual([
        [ids.s1, 3, 2, 0.6667],
        [ids.s2, 3, 1, 0.3333],
        [ids.s3, 1, 0, 0],
      ]);
    } finally {
      t.clock.now = realNow;
    }
  });

  it('quote response rate per supplier', async () => {
    expect(await board(dataBoardApi.supplierResponse, H1)).toEqual([
      { supplierId: ids.s1, name: '佛山顺德美厨五金有限公司', invited: 3, quoted: 3, rate: 1 },
      { supplierId: ids.s2, name: '南通华纺家纺有限公司', invited: 3, quoted: 2, rate: 0.6667 },
      { supplierId: ids.s3, name: '阳江十八子刀具厂', invited: 2, quoted: 1, rate: 0.5 },
    ]);
  });

  it('plan status funnel counts each plan in every stage it reached', async () => {
    const stages = await board(dataBoardApi.planFunnel, H1);
    expect(stages.map((s) => [s.label, s.count])).toEqual([
      ['已创建', 7],
      ['待审核', 4],
      ['已审核', 3],
      ['采购中', 2],
      ['已完成', 1],
    ]);
    const kitchen = await board(dataBoardApi.planFunnel, { ...H1, categoryId: ids.kitchen });
    expect(kitchen.map((s) => s.count)).toEqual([1, 1, 1, 1, 1]);
  });

  it('savings and freight share per month', async () => {
    const months = await board(dataBoardApi.savingsTrend, H1);
    expect(months.find((m) => m.month === '2026-03')).toEqual({
      month: '2026-03',
      savingsVsAverage: 0.0769,
      savingsVsBudget: 0.1,
      freightShare: 0.0083,
    });
    expect(months.find((m) => m.month === '2026-04')).toEqual({
      month: '2026-04',
      savingsVsAverage: 0,
      savingsVsBudget: 0.1,
      freightShare: 0,
    });
    expect(months.find((m) => m.month === '2026-01')).toEqual({
      month: '2026-01',
      savingsVsAverage: null,
      savingsVsBudget: null,
      freightShare: null,
    });
  });
});

describe('data board access and input', () => {
  it('needs the dataBoard code on every aggregate', async () => {
    const planner = await createUser(t, admin, 'boardplanner', ['basic', 'planningTaskList']);
    for (const action of [
      'summary',
      'monthly_award',
      'category_amount',
      'top_suppliers',
      'plan_funnel',
      'supplier_response',
      'savings_trend',
    ] as const) {
      expect((await t.call(`/admin/data_board/${action}`, toSnakeCase(H1), planner.token)).code).toBe(403);
    }
    const viewer = await createUser(t, admin, 'boardviewer', ['dataBoard']);
    expect((await t.api(dataBoardApi.summary, H1, viewer.token)).code).toBe(200);
  });

  it('refuses a reversed range with a field error', async () => {
    const answer = await t.call('/admin/data_board/summary', { date_from: '2026-06-30', date_to: '2026-01-01' }, admin);
    expect(answer.code).toBe(400);
    expect(answer.data.field_errors[0]).toMatchObject({ field: 'date_to', message: '开始日期不能晚于结束日期' });
  });

  it('answers 404 for drilling into an unknown category', async () => {
    expect((await t.api(dataBoardApi.categoryAmount, { ...H1, parentId: 999999 }, admin)).code).toBe(404);
  });
});

describe('award facts', () => {
  it("follow a changed award once the task's facts are rewritten, leaving other tasks alone", async () => {
    await t.database.db.execute(sql`update procurement_task_lines set awarded_unit_price_fen = 900 where id = ${ids.l5}`);
    await refreshBoardFacts(t.database.db, [ids.t5]);
    const changed = await board(dataBoardApi.summary, H1);
    expect(changed.previous.awardedAmountFen).toBe(1800);
    expect(changed.current.awardedAmountFen).toBe(19800);
    await t.database.db.execute(sql`update procurement_task_lines set awarded_unit_price_fen = 1000 where id = ${ids.l5}`);
    await refreshBoardFacts(t.database.db, [ids.t5]);
    expect((await board(dataBoardApi.summary, H1)).previous.awardedAmountFen).toBe(2000);
  });
});

import { workbenchApi } from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, insertLine, insertPlan, insertQuote, insertRow, insertSupplier, insertTask, invite } from '../../../test/board-fixture';

let t: TestApp;
let admin: string;
type User = { id: number; token: string };
let approver: User;
let planner: User;
let buyer: User;

// 2026-05-10 10:00 in Shanghai: "within 3 days" ends 05-13 10:00, "within 7 days" on 05-17.
const NOW = new Date('2026-05-10T02:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3600_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  admin = await t.login();
  approver = await createUser(t, admin, 'wbapprover', ['basic', 'planningTaskList', 'planningTaskList:approve']);
  planner = await createUser(t, admin, 'wbplanner', ['basic', 'planningTaskList', 'planningTaskList:submit']);
  buyer = await createUser(t, admin, 'wbbuyer', [
    'basic',
    'procurementTaskList',
    'procurementTaskMaintain',
    'procurementTaskMaintain:award',
    'supplierManagement',
  ]);

  const created = '2026-05-01T10:00:00+08:00';
  await insertPlan(t, planner.id, 'draft', created);
  await insertPlan(t, planner.id, 'draft', created);
  await insertPlan(t, planner.id, 'rejected', created);
  await insertPlan(t, approver.id, 'draft', created);
  // Only the first may be approved by the approver: the others are theirs or submitted by them.
  await insertPlan(t, planner.id, 'submitted', created, { submitted_by: planner.id });
  await insertPlan(t, approver.id, 'submitted', created, { submitted_by: approver.id });
  await insertPlan(t, planner.id, 'submitted', created, { submitted_by: approver.id });

  const category = await insertRow(t, 'categories', { name: '收纳', code: 'WB', level: 1 });
  const box = await insertRow(t, 'commodities', {
    sku_code: 'WB-BOX',
    name: '收纳箱',
    category_id: category,
    unit: 'piece',
    reference_price_fen: 1000,
    name_grams: '{}',
  });
  const supplier = await insertSupplier(t, '台州黄岩塑料制品有限公司');
  const other = await insertSupplier(t, '宁波家居用品有限公司');

  const quoting = async (deadlineHours: number) => {
    const id = await insertTask(t, { buyerId: buyer.id, status: 'quoting', quoteDeadline: at(deadlineHours) });
    return { id, line: await insertLine(t, id, 1, { commodityId: box, quantity: 10 }) };
  };
  const soon1 = await quoting(24);
  await quoting(70);
  await quoting(96);
  // Past its deadline: waiting for award, no longer "closing soon".
  await quoting(-1);
  const evaluating = await insertTask(t, { buyerId: buyer.id, status: 'evaluating', quoteDeadline: at(-48) });
  const evaluatingLine = await insertLine(t, evaluating, 1, { commodityId: box, quantity: 5 });
  await insertTask(t, { buyerId: buyer.id, status: 'evaluating', quoteDeadline: at(-72) });
  // Drafts: one handed to the buyer (counted), one to someone else (not).
  await insertTask(t, { buyerId: buyer.id, status: 'draft', quoteDeadline: at(120) });
  await insertTask(t, { buyerId: approver.id, status: 'draft', quoteDeadline: at(120) });
  const awarded = await insertTask(t, { buyerId: buyer.id, status: 'awarded', quoteDeadline: at(-200), awardedAt: at(-100) });
  const awardedLine = await insertLine(t, awarded, 1, { commodityId: box, quantity: 5 });

  await invite(t, soon1.id, supplier, 'received');
  await insertQuote(t, soon1.id, supplier, [[soon1.line, 500]], { validUntil: '2026-05-13' });
  await insertQuote(t, soon1.id, other, [[soon1.line, 520]], { validUntil: '2026-05-18' });
  await insertQuote(t, evaluating, supplier, [[evaluatingLine, 480]], { validUntil: '2026-05-17' });
  await insertQuote(t, evaluating, other, [[evaluatingLine, 490]], { validUntil: '2026-05-09' });
  await insertQuote(t, awarded, supplier, [[awardedLine, 470]], { validUntil: '2026-05-12', status: 'awarded' });
});
afterAll(() => t.close());

const overview = async (token: string) => {
  const answer = await t.api(workbenchApi.overview, {}, token);
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
};

describe('workbench to-dos', () => {
  it('an approver sees the plans they may approve, and nothing of procurement', async () => {
    const data = await overview(approver.token);
    expect(data.todos).toEqual({
      plansToApprove: 1,
      myDraftPlans: 1,
      myRejectedPlans: 0,
      tasksToPublish: null,
      tasksDeadlineSoon: null,
      tasksToAward: null,
      quotesExpiringSoon: null,
      ordersToReceive: null,
      statementsToInvoice: null,
      statementsToApprove: null,
      statementsToPay: null,
    });
    expect(data.kpis).toBeNull();
  });

  it('a planner sees their own drafts and rejected plans, not the approval queue', async () => {
    const data = await overview(planner.token);
    expect(data.todos).toEqual({
      plansToApprove: null,
      myDraftPlans: 2,
      myRejectedPlans: 1,
      tasksToPublish: null,
      tasksDeadlineSoon: null,
      tasksToAward: null,
      quotesExpiringSoon: null,
      ordersToReceive: null,
      statementsToInvoice: null,
      statementsToApprove: null,
      statementsToPay: null,
    });
  });

  it('a buyer sees the drafts handed to them, deadlines within 3 days, tasks to award and quotes expiring within 7 days', async () => {
    const data = await overview(buyer.token);
    expect(data.todos).toEqual({
      plansToApprove: null,
      myDraftPlans: null,
      myRejectedPlans: null,
      tasksToPublish: 1,
      tasksDeadlineSoon: 2,
      tasksToAward: 3,
      quotesExpiringSoon: 2,
      ordersToReceive: null,
      statementsToInvoice: null,
      statementsToApprove: null,
      statementsToPay: null,
    });
  });

  it("shows this month's KPIs only to holders of the data-board code", async () => {
    const data = await overview(admin);
    expect(data.kpis).toEqual({ awardedAmountFen: 0, tasksCompleted: 0, savingsVsAverage: null, monthStart: '2026-05-01' });
    expect(data.todos.plansToApprove).toBe(3);
  });

  it('needs the workbench page code', async () => {
    const outsider = await createUser(t, admin, 'wboutsider', ['planningTaskList']);
    expect((await t.api(workbenchApi.overview, {}, outsider.token)).code).toBe(403);
    expect((await t.api(workbenchApi.overview, {})).code).toBe(401);
  });
});

describe('workbench shortcuts and recent operations', () => {
  it('counts page openings per user and offers the most opened pages the role holds', async () => {
    const visit = (key: string, token = buyer.token) => t.api(workbenchApi.visit, { key }, token);
    for (let i = 0; i < 3; i++) expect((await visit('procurementTaskList')).code).toBe(200);
    await visit('supplierManagement');
    // Not held by the buyer's role, and the workbench itself: never offered.
    await visit('dataBoard');
    await visit('basic');
    await visit('planningTaskList', planner.token);
    expect((await overview(buyer.token)).shortcuts).toEqual([
      { key: 'procurementTaskList', count: 3 },
      { key: 'supplierManagement', count: 1 },
    ]);
    expect((await overview(planner.token)).shortcuts).toEqual([{ key: 'planningTaskList', count: 1 }]);
  });

  it('refuses a malformed page key and an anonymous visit', async () => {
    expect((await t.api(workbenchApi.visit, { key: "x'; drop table page_visits;--" }, buyer.token)).code).toBe(400);
    expect((await t.api(workbenchApi.visit, { key: 'basic' })).code).toBe(401);
  });

  it('lists my own recent operations from the audit log, newest first, without logins', async () => {
    const data = await overview(admin);
    expect(data.recentOperations.length).toBeGreaterThan(0);
    expect(data.recentOperations.every((op: { module: string }) => op.module !== 'auth')).toBe(true);
    expect(data.recentOperations[0]).toMatchObject({ module: 'back_user', action: 'create', moduleLabel: '用户管理', actionLabel: '新建' });
    expect((await overview(buyer.token)).recentOperations).toEqual([]);
  });
});

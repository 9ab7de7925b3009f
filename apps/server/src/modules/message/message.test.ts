import type { AddressInfo } from 'node:net';
import {
  MESSAGE_KINDS,
  messageApi,
  messageKindsOf,
  messageStreamPath,
  portalMessageApi,
  ResultCode,
  DAY_MS,
  shanghaiDay,
  procurementTaskApi,
  commodityApi,
  supplierApi,
  planningApi,
  portalAccountApi,
  portalApi,
  clarificationApi,
  portalPurchaseOrderApi,
} from '@scm/contract';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan as buildPlan, createQuotingTask as buildQuotingTask } from '../../../test/builders';
import { ADMIN_PASSWORD, type ApiAction, createTestApp, loadTestConfig, type TestApp } from '../../../test/helpers';
import { portalQuote, portalSupplier } from '../../../test/portal-fixtures';
import { openSse } from '../../../test/sse';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { backUsers, messages, rolePermissions, roles } from '../../db/schema';
import { runMinuteJobs } from '../../lib/jobs/minute-jobs';
import { hashPassword } from '../../lib/access/passwords';
import { EVENTS } from './events';
import { notify } from './notify';

/*
 * docs/messages.md: who is told of each event (codes, data scope, four-eyes), that a message lives
 * and dies with its event's transaction, and delivery over a real Server-Sent Events socket.
 */

const PASSWORD = 'Message12345';

let t: TestApp;
let base: string;
const token: Record<string, string> = {};
const id: Record<string, number> = {};
let commodityIds: number[];
let supplierId: number;

/** A user with a role of its own: its codes, its data scope, and whether user or role is disabled. */
async function person(key: string, codes: string[], options: { scope?: 'all' | 'own'; userOff?: boolean; roleOff?: boolean } = {}) {
  const { db } = t.database;
  const [role] = await db
    .insert(roles)
    .values({ name: `消息测试-${key}`, code: `msg_${key}`, dataScope: options.scope ?? 'all', status: options.roleOff ? 'disabled' : 'enabled' })
    .returning({ id: roles.id });
  await db.insert(rolePermissions).values(codes.map((code) => ({ roleId: role.id, code })));
  const email = `${key.toLowerCase()}@message.test`;
  const [user] = await db
    .insert(backUsers)
    .values({ email, username: key, passwordHash: await hashPassword(PASSWORD), roleId: role.id, status: options.userOff ? 'disabled' : 'enabled' })
    .returning({ id: backUsers.id });
  id[key] = user.id;
  if (!options.userOff && !options.roleOff) token[key] = await t.login(email, PASSWORD);
}

const PLANNING = ['planningTaskList', 'planningTaskDetail', 'planningTaskList:create', 'planningTaskList:edit', 'planningTaskList:submit'];
const APPROVE = [...PLANNING, 'planningTaskList:approve'];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  token.admin = await t.login();
  token.planner = await t.login('planner@jiaju.com', ADMIN_PASSWORD);
  token.manager = await t.login('manager@jiaju.com', ADMIN_PASSWORD);
  token.buyer = await t.login('buyer@jiaju.com', ADMIN_PASSWORD);
  for (const [key, email] of [
    ['admin', 'admin@test.com'],
    ['planner', 'planner@jiaju.com'],
    ['manager', 'manager@jiaju.com'],
    ['buyer', 'buyer@jiaju.com'],
  ]) {
    const [row] = await t.database.db.select({ id: backUsers.id }).from(backUsers).where(eq(backUsers.email, email));
    id[key] = row.id;
  }
  await person('approverAll', APPROVE);
  await person('approverOwn', APPROVE, { scope: 'own' });
  await person('noApprove', PLANNING);
  await person('approverOff', APPROVE, { userOff: true });
  await person('roleOff', APPROVE, { roleOff: true });
  commodityIds = (await t.api(commodityApi.list, { pageSize: 3, status: 'enabled' }, token.admin)).data.list.map((c: { id: number }) => c.id);
  supplierId = (await t.api(supplierApi.options, {}, token.admin)).data[0].value;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
});
afterAll(() => t.close());

const DEMO_EMAILS: Record<string, string> = { planner: 'planner@jiaju.com', manager: 'manager@jiaju.com', buyer: 'buyer@jiaju.com' };
const credentials = (key: string): [string, string] =>
  key === 'admin'
    ? ['admin@test.com', ADMIN_PASSWORD]
    : DEMO_EMAILS[key]
      ? [DEMO_EMAILS[key], ADMIN_PASSWORD]
      : [`${key.toLowerCase()}@message.test`, PASSWORD];

const nameOf = (userId: number) => Object.keys(id).find((key) => id[key] === userId) ?? String(userId);
/** Portal accounts by name (`portal:甲`), beside the users. */
const accountId: Record<string, number> = {};
const accountName = (account: number) => `portal:${Object.keys(accountId).find((key) => accountId[key] === account) ?? account}`;

/** Runs `action` and answers who received a message of `kind` from it, by name (portal accounts as `portal:<key>`). */
async function recipientsOf(kind: string, action: () => Promise<unknown>) {
  const [last] = await t.database.db.select({ id: messages.id }).from(messages).orderBy(desc(messages.id)).limit(1);
  const answer = (await action()) as { code?: number; message?: string } | undefined;
  if (answer?.code !== undefined) expect(answer.code, answer.message).toBe(200);
  const rows = await t.database.db
    .select({ userId: messages.recipientUserId, accountId: messages.recipientAccountId, kind: messages.kind })
    .from(messages)
    .where(gt(messages.id, last?.id ?? 0));
  expect(rows.every((row) => row.kind === kind)).toBe(true);
  return rows.map((row) => (row.userId !== null ? nameOf(row.userId) : accountName(row.accountId as number))).sort();
}

const createPlan = (by: string, extra: { ownerId?: number } = {}) =>
  buildPlan(t, token[by], {
    name: '消息测试计划',
    periodStart: '2026-12-01',
    periodEnd: '2026-12-31',
    lines: [{ commodityId: commodityIds[0], quantity: 10 }],
    ...extra,
  });

async function planAct(action: ApiAction<'planning_task'>, planId: number, by: string, extra: Record<string, unknown> = {}) {
  const { version } = (await t.api(planningApi.info, { id: planId }, token.admin)).data;
  const answer = await t.call(`/admin/planning_task/${action}`, { id: planId, version, ...extra }, token[by]);
  expect(answer.code, answer.message).toBe(200);
}

const createQuotingTask = (buyer: string, sealed = false) =>
  buildQuotingTask(t, token.admin, {
    name: '消息测试采购',
    buyerId: id[buyer],
    lines: [{ commodityId: commodityIds[0], quantity: 5 }],
    supplierIds: [supplierId],
    // Open quoting is closed with 关闭报价; a sealed task ends its quoting by 提前开标.
    sealed,
  });

describe('who is told of each event', () => {
  const approvers = ['admin', 'approverAll', 'manager'];

  it.each([
    {
      case: "a planner's own plan: every approver who sees it, not the planner, nor a 仅本人 approver, a disabled user or role, or a user without the code",
      create: () => createPlan('planner'),
      submitter: 'planner',
      expected: approvers,
    },
    {
      case: 'a plan the administrator drew up for the planner: not its creator',
      create: () => createPlan('admin', { ownerId: id.planner }),
      submitter: 'planner',
      expected: ['approverAll', 'manager'],
    },
    {
      case: 'a plan whose lines another approver changed: not that approver (four-eyes)',
      create: async () => {
        const planId = await createPlan('planner');
        const plan = (await t.api(planningApi.info, { id: planId }, token.admin)).data;
        const lines = plan.lines.map((l) => ({ id: l.id, commodityId: l.commodityId, quantity: 99 }));
        const { name, planType, warehouse, periodStart, periodEnd, version } = plan;
        const edit = await t.api(
          planningApi.update,
          { id: planId, version, name, planType, warehouse, periodStart, periodEnd, lines },
          token.approverAll,
        );
        expect(edit.code, edit.message).toBe(200);
        return planId;
      },
      submitter: 'planner',
      expected: ['admin', 'manager'],
    },
    {
      case: "a 仅本人 approver's own plan: other approvers only",
      create: () => createPlan('approverOwn'),
      submitter: 'approverOwn',
      expected: approvers,
    },
  ])('plan submitted — $case', async ({ create, submitter, expected }) => {
    const planId = await create();
    expect(await recipientsOf('plan_submitted', () => planAct('submit', planId, submitter))).toEqual(expected);
  });

  it('approved and rejected → its owner and its creator, once each', async () => {
    const own = await createPlan('planner');
    await planAct('submit', own, 'planner');
    expect(await recipientsOf('plan_approved', () => planAct('approve', own, 'manager'))).toEqual(['planner']);

    const forPlanner = await createPlan('admin', { ownerId: id.planner });
    await planAct('submit', forPlanner, 'planner');
    expect(await recipientsOf('plan_rejected', () => planAct('reject', forPlanner, 'manager', { reason: '预算过高' }))).toEqual(['admin', 'planner']);
    const [rejected] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.recipientUserId, id.planner), eq(messages.kind, 'plan_rejected')))
      .orderBy(desc(messages.id))
      .limit(1);
    expect(rejected).toMatchObject({
      body: '张主管 驳回了计划「消息测试计划」，原因：预算过高',
      link: `/planningManagement/planningTaskDetail?id=${forPlanner}`,
    });
  });

  it('quoting of a sealed task opened early (提前开标) → its buyer', async () => {
    const task = await createQuotingTask('buyer', true);
    const unseal = () => t.api(procurementTaskApi.unseal, { id: task, version: 1, reason: '供应商均已报价' }, token.admin);
    expect(await recipientsOf('quote_closed', unseal)).toEqual(['buyer']);
  });

  it('quoting closed by hand → its buyer, unless the buyer closed it', async () => {
    const task = await createQuotingTask('buyer');
    expect(await recipientsOf('quote_closed', () => t.api(procurementTaskApi.closeQuote, { id: task, version: 1 }, token.admin))).toEqual(['buyer']);
    const own = await createQuotingTask('buyer');
    expect(await recipientsOf('quote_closed', () => t.api(procurementTaskApi.closeQuote, { id: own, version: 1 }, token.buyer))).toEqual([]);
  });

  it('quoting closed by the deadline job → its buyer, from 系统', async () => {
    const task = await createQuotingTask('buyer');
    const link = `/procurementManagement/procurementTaskMaintain?id=${task}`;
    t.clock.advance(3 * DAY_MS);
    await runMinuteJobs(t.database.db, t.clock.now);
    const rows = await t.database.db.select().from(messages).where(eq(messages.link, link));
    expect(rows.map((row) => nameOf(row.recipientUserId as number))).toEqual(['buyer']);
    expect(rows[0]).toMatchObject({ kind: 'quote_closed', title: expect.stringMatching(/^报价已截止：CG\d{12}$/) });
    expect(rows[0].body).toContain('已到报价截止时间');
    // The sessions of the tests that follow outlived the jump of the clock.
    for (const key of Object.keys(token)) token[key] = await t.login(...credentials(key));
  });
});

describe('the inbox', () => {
  it('lists, counts and marks only the caller own messages', async () => {
    const planId = await createPlan('planner');
    await planAct('submit', planId, 'planner');
    const before = (await t.api(messageApi.unreadCount, {}, token.approverAll)).data.count;
    expect(before).toBeGreaterThan(0);
    const list = await t.api(messageApi.list, { unread: true, kind: 'plan_submitted', pageSize: 200 }, token.approverAll);
    expect(list.data.total).toBe(before);
    expect(list.data.list[0]).toEqual({
      id: expect.any(Number),
      kind: 'plan_submitted',
      title: expect.stringMatching(/^计划待审核：JH/),
      body: '王计划 提交了计划「消息测试计划」，请审核。',
      link: `/planningManagement/planningTaskDetail?id=${planId}`,
      readAt: null,
      createdAt: expect.any(String),
    });
    const newest = list.data.list[0].id;
    // Someone else's id changes nothing.
    expect((await t.api(messageApi.read, { ids: [newest] }, token.manager)).code).toBe(200);
    expect((await t.api(messageApi.unreadCount, {}, token.approverAll)).data.count).toBe(before);
    expect((await t.api(messageApi.read, { ids: [newest] }, token.approverAll)).code).toBe(200);
    expect((await t.api(messageApi.unreadCount, {}, token.approverAll)).data.count).toBe(before - 1);
    const read = await t.api(messageApi.list, { unread: false }, token.approverAll);
    expect(read.data.list.map((m: { id: number }) => m.id)).toEqual([newest]);
    // Messages take the database's time (the test clock has moved on).
    const today = shanghaiDay(Date.now());
    expect((await t.api(messageApi.list, { createdFrom: today, createdTo: today }, token.approverAll)).data.total).toBeGreaterThan(0);
    expect((await t.api(messageApi.list, { createdTo: '2020-01-01' }, token.approverAll)).data.total).toBe(0);
    expect((await t.api(messageApi.readAll, {}, token.approverAll)).code).toBe(200);
    expect((await t.api(messageApi.unreadCount, {}, token.approverAll)).data.count).toBe(0);
    expect((await t.api(messageApi.unreadCount, {}, token.manager)).data.count).toBeGreaterThan(0);
  });
});

const streamUrl = (query = '') => `${base}${messageStreamPath('admin')}${query}`;
const bearer = (key: string) => ({ authorization: `Bearer ${token[key]}` });

describe('delivery over Server-Sent Events', () => {
  it('sends a new message to its recipient within 2 s, uncompressed, and nothing to others', async () => {
    const approver = await openSse(streamUrl(), bearer('approverAll'));
    const outsider = await openSse(streamUrl(), bearer('noApprove'));
    expect(approver.status).toBe(200);
    expect(approver.contentType).toMatch(/^text\/event-stream/);
    expect(approver.contentEncoding ?? 'identity').toBe('identity');
    const planId = await createPlan('planner');
    await planAct('submit', planId, 'planner');
    const event = await approver.next(2000);
    expect(event.event).toBe('message');
    expect(event.data).toMatchObject({ kind: 'plan_submitted', link: `/planningManagement/planningTaskDetail?id=${planId}`, read_at: null });
    expect(event.id).toBe(String(event.data.id));
    expect(await outsider.quietFor(300)).toBe(true);
    approver.close();
    outsider.close();
  });

  it('resumes after Last-Event-ID with what it missed, in order', async () => {
    const first = await openSse(streamUrl(), bearer('approverAll'));
    const a = await createPlan('planner');
    await planAct('submit', a, 'planner');
    const seen = await first.next();
    first.close();
    const b = await createPlan('planner');
    await planAct('submit', b, 'planner');
    const c = await createPlan('planner');
    await planAct('submit', c, 'planner');
    const resumed = await openSse(streamUrl(), { ...bearer('approverAll'), 'last-event-id': seen.id as string });
    const links = [(await resumed.next()).data.link, (await resumed.next()).data.link];
    expect(links).toEqual([b, c].map((planId) => `/planningManagement/planningTaskDetail?id=${planId}`));
    resumed.close();
  });

  it('no message and no event when the event transaction rolls back', async () => {
    const stream = await openSse(streamUrl(), bearer('planner'));
    const before = await t.database.db.$count(messages, eq(messages.recipientUserId, id.planner));
    const plan = { id: 1, code: 'JH000', name: '回滚', createdBy: id.planner, ownerId: id.planner };
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, { userId: id.manager, userName: '张主管' }, { kind: 'plan_approved', plan });
        throw new Error('injected failure after the message was written');
      }),
    ).rejects.toThrow('injected failure');
    expect(await t.database.db.$count(messages, eq(messages.recipientUserId, id.planner))).toBe(before);
    expect(await stream.quietFor(500)).toBe(true);
    stream.close();
  });

  it('opens with a single-use ticket of 60 s, and refuses without a valid one', async () => {
    const ticket = (await t.api(messageApi.ticket, {}, token.manager)).data.ticket as string;
    const opened = await openSse(streamUrl(`?ticket=${encodeURIComponent(ticket)}`));
    expect(opened.contentType).toMatch(/^text\/event-stream/);
    opened.close();
    const again = await fetch(streamUrl(`?ticket=${encodeURIComponent(ticket)}`));
    expect(await again.json()).toMatchObject({ code: ResultCode.unauthorized });
    const late = (await t.api(messageApi.ticket, {}, token.manager)).data.ticket as string;
    t.clock.advance(61_000);
    expect(await (await fetch(streamUrl(`?ticket=${encodeURIComponent(late)}`))).json()).toMatchObject({ code: ResultCode.unauthorized });
    expect(await (await fetch(streamUrl())).json()).toMatchObject({ code: ResultCode.unauthorized });
    expect(await (await fetch(streamUrl(), { headers: { authorization: 'Bearer nope' } })).json()).toMatchObject({ code: ResultCode.unauthorized });
  });
});

/**
 * The supplier portal's events (docs/messages.md): staff learn of a supplier's deeds, a supplier's
 * active portal accounts of the staff's. Supplier 甲 has two accounts (one never activated), 乙 one.
 */
describe('who is told of each supplier event', () => {
  const portalToken: Record<string, string> = {};
  let taskId: number;
  let lineIds: number[];
  let orderId: number;
  const PRICES = [1234, 5678];
  const supplierIds: Record<string, number> = {};
  const supplierOf = (key: string) => supplierIds[key];

  beforeAll(async () => {
    for (const key of Object.keys(token)) token[key] = await t.login(...credentials(key));
    const a = await portalSupplier(t, token.admin, '消息测试门户供应商甲', 'jia@message-portal.test');
    const b = await portalSupplier(t, token.admin, '消息测试门户供应商乙', 'yi@message-portal.test');
    Object.assign(accountId, { 甲: a.accountId, 乙: b.accountId });
    Object.assign(portalToken, { 甲: a.token, 乙: b.token });
    Object.assign(supplierIds, { 甲: a.supplierId, 乙: b.supplierId });
    // A second account of 甲 that was never activated reads nothing.
    const pending = await t.api(
      portalAccountApi.create,
      { supplierId: a.supplierId, email: 'jia2@message-portal.test', name: '销售李' },
      token.admin,
    );
    expect(pending.code, pending.message).toBe(200);
    accountId.甲未激活 = pending.data.id;
    const created = await t.api(
      procurementTaskApi.create,
      {
        name: '门户消息测试采购',
        buyerId: id.buyer,
        quoteDeadline: new Date(t.clock.now.getTime() + 2 * DAY_MS).toISOString(),
        deliveryRegionCode: '440305',
        lines: [
          { commodityId: commodityIds[0], quantity: 5 },
          { commodityId: commodityIds[1], quantity: 8 },
        ],
        supplierIds: [a.supplierId, b.supplierId],
        sealed: true,
      },
      token.admin,
    );
    expect(created.code, created.message).toBe(200);
    taskId = created.data.id;
    lineIds = (await t.api(procurementTaskApi.info, { id: taskId }, token.admin)).data.lines.map((l: { id: number }) => l.id);
  });

  const taskLink = () => `/procurementManagement/procurementTaskMaintain?id=${taskId}`;
  const rfqLink = () => `/portal/rfq/detail?id=${taskId}`;

  it('each kind goes to one realm: portal accounts for the contract’s portal kinds, users for the rest', () => {
    for (const kind of MESSAGE_KINDS) {
      const rule = EVENTS[kind] as { recipients?: unknown; accounts?: unknown };
      expect({ kind, users: Boolean(rule.recipients), accounts: Boolean(rule.accounts) }).toEqual({
        kind,
        users: messageKindsOf('admin').includes(kind),
        accounts: messageKindsOf('portal').includes(kind),
      });
    }
  });

  it.each([
    {
      case: 'a task published → the active portal accounts of every invited supplier',
      kind: 'rfq_published',
      act: () => t.api(procurementTaskApi.publish, { id: taskId, version: 0 }, token.admin),
      expected: ['portal:乙', 'portal:甲'],
      link: rfqLink,
    },
    {
      case: 'a quote submitted in the portal → the task’s buyer',
      kind: 'quote_submitted',
      act: () => t.call('/portal/quotation/submit', portalQuote(taskId, lineIds, PRICES, { freight_fen: 900 }), portalToken.甲),
      expected: ['buyer'],
      link: taskLink,
    },
    {
      case: 'a clarification asked → the task’s buyer',
      kind: 'clarification_asked',
      act: () => t.api(portalApi.ask, { taskId: taskId, question: '包装要求是什么？' }, portalToken.乙),
      expected: ['buyer'],
      link: taskLink,
    },
    {
      case: 'a clarification answered → every invited supplier’s active accounts',
      kind: 'clarification_answered',
      act: async () => {
        const [question] = (await t.api(clarificationApi.list, { taskId: taskId }, token.admin)).data;
        return t.api(clarificationApi.answer, { id: question.id, version: question.version, answer: '纸箱包装' }, token.admin);
      },
      expected: ['portal:乙', 'portal:甲'],
      link: rfqLink,
    },
    {
      case: 'a quote declined in the portal → the task’s buyer',
      kind: 'quote_declined',
      act: () => t.api(portalApi.declineQuote, { taskId: taskId, reason: '产能已满' }, portalToken.乙),
      expected: ['buyer'],
      link: taskLink,
    },
  ])('$case', async ({ kind, act, expected, link }) => {
    expect(await recipientsOf(kind, act)).toEqual(expected);
    const [newest] = await t.database.db.select().from(messages).orderBy(desc(messages.id)).limit(1);
    expect(newest.link).toBe(link());
  });

  it('an order created by the award → the supplier’s active accounts; confirmed in the portal → its buyer', async () => {
    const unseal = await t.api(procurementTaskApi.unseal, { id: taskId, version: 1, reason: '供应商已齐' }, token.admin);
    expect(unseal.code, unseal.message).toBe(200);
    // Quoting closed before the deadline: every invited supplier's active accounts learn it.
    const early = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.kind, 'rfq_closed_early'), eq(messages.link, rfqLink())));
    expect(early.map((row) => accountName(row.recipientAccountId as number)).sort()).toEqual(['portal:乙', 'portal:甲']);
    expect(early[0].body).toContain('供应商已齐');
    const { version } = (await t.api(procurementTaskApi.info, { id: taskId }, token.admin)).data;
    const award = () =>
      t.call(
        '/admin/procurement_task/award',
        { id: taskId, version, lines: lineIds.map((line) => ({ task_line_id: line, supplier_id: supplierOf('甲'), reason: '唯一报价' })) },
        token.admin,
      );
    expect(await recipientsOf('order_created', award)).toEqual(['portal:甲']);
    const [order] = (await t.api(portalPurchaseOrderApi.list, {}, portalToken.甲)).data.list;
    orderId = order.id;
    const [created] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.recipientAccountId, accountId.甲))
      .orderBy(desc(messages.id))
      .limit(1);
    expect(created).toMatchObject({ title: `新采购订单：${order.code}`, link: `/portal/orders/detail?id=${orderId}` });
    expect(
      await recipientsOf('order_confirmed', () => t.api(portalPurchaseOrderApi.confirm, { id: orderId, version: order.version }, portalToken.甲)),
    ).toEqual(['buyer']);
    const [confirmed] = await t.database.db.select().from(messages).where(eq(messages.recipientUserId, id.buyer)).orderBy(desc(messages.id)).limit(1);
    expect(confirmed).toMatchObject({
      title: `订单已确认：${order.code}`,
      body: `消息测试门户供应商甲 确认了采购订单 ${order.code}。`,
      link: `/procurementManagement/purchaseOrderDetail?id=${orderId}`,
    });
  });

  it('no message carries a price', async () => {
    const rows = await t.database.db.select().from(messages);
    const figures = PRICES.flatMap((fen) => [String(fen), (fen / 100).toFixed(2)]);
    for (const row of rows) for (const figure of figures) expect(`${row.title} ${row.body}`).not.toContain(figure);
  });

  it('a portal account lists, counts and marks only its own messages, and its stream receives its new ones', async () => {
    const count = async (who: string) => (await t.api(portalMessageApi.unreadCount, {}, portalToken[who])).data.count as number;
    const list = await t.api(portalMessageApi.list, { pageSize: 50 }, portalToken.甲);
    expect(list.data.list.map((m: { kind: string }) => m.kind)).toEqual([
      'order_created',
      'rfq_closed_early',
      'clarification_answered',
      'rfq_published',
    ]);
    expect(await count('甲')).toBe(4);
    const newest = list.data.list[0].id;
    // 乙's read of 甲's message changes nothing; staff tokens have no portal inbox.
    expect((await t.api(portalMessageApi.read, { ids: [newest] }, portalToken.乙)).code).toBe(200);
    expect(await count('甲')).toBe(4);
    expect((await t.api(portalMessageApi.unreadCount, {}, token.buyer)).code).toBe(401);
    expect((await t.api(portalMessageApi.read, { ids: [newest] }, portalToken.甲)).code).toBe(200);
    expect(await count('甲')).toBe(3);
    expect((await t.api(portalMessageApi.readAll, {}, portalToken.甲)).code).toBe(200);
    expect(await count('甲')).toBe(0);
    expect(await count('乙')).toBe(3);

    const portalStream = (query = '') => `${base}${messageStreamPath('portal')}${query}`;
    const ticket = (await t.api(portalMessageApi.ticket, {}, portalToken.乙)).data.ticket as string;
    // A portal ticket opens no staff stream, and a staff token no portal stream.
    expect(await (await fetch(streamUrl(`?ticket=${encodeURIComponent(ticket)}`))).json()).toMatchObject({ code: ResultCode.unauthorized });
    const staffTicket = (await t.api(messageApi.ticket, {}, token.buyer)).data.ticket as string;
    expect(await (await fetch(portalStream(`?ticket=${encodeURIComponent(staffTicket)}`))).json()).toMatchObject({ code: ResultCode.unauthorized });
    expect(await (await fetch(portalStream(), { headers: bearer('buyer') })).json()).toMatchObject({ code: ResultCode.unauthorized });

    const stream = await openSse(
      portalStream(`?ticket=${encodeURIComponent((await t.api(portalMessageApi.ticket, {}, portalToken.乙)).data.ticket)}`),
    );
    const staff = await openSse(streamUrl(), bearer('buyer'));
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const next = await createPortalTask();
    const event = await stream.next(2000);
    expect(event.data).toMatchObject({ kind: 'rfq_published', link: `/portal/rfq/detail?id=${next}`, read_at: null });
    expect(await staff.quietFor(300)).toBe(true);
    stream.close();
    staff.close();
  });

  /** Another task inviting 乙 only, published by the administrator. */
  async function createPortalTask() {
    const created = await t.api(
      procurementTaskApi.create,
      {
        name: '门户消息测试采购二',
        buyerId: id.buyer,
        quoteDeadline: new Date(t.clock.now.getTime() + 2 * DAY_MS).toISOString(),
        deliveryRegionCode: '440305',
        lines: [{ commodityId: commodityIds[0], quantity: 3 }],
        supplierIds: [supplierOf('乙')],
      },
      token.admin,
    );
    expect(created.code, created.message).toBe(200);
    expect((await t.api(procurementTaskApi.publish, { id: created.data.id, version: 0 }, token.admin)).code).toBe(200);
    return created.data.id as number;
  }
});

describe.runIf(process.env.TEST_DB === 'pg')('two app instances on one PostgreSQL', () => {
  it('a client streaming from A receives within 2 s a message created through B', async () => {
    const other = openDatabase({ url: t.databaseUrl as string, dataDir: 'memory://' });
    const appB = await buildApp({ db: other.db, config: loadTestConfig(t.databaseUrl), logger: false, listen: other.listen });
    try {
      const stream = await openSse(streamUrl(), bearer('approverAll'));
      const planId = await createPlan('planner');
      const { version } = (await t.api(planningApi.info, { id: planId }, token.admin)).data;
      const submitted = await appB.inject({
        method: 'POST',
        url: '/api/admin/planning_task/submit',
        headers: { 'content-type': 'application/json', ...bearer('planner') },
        payload: { id: planId, version },
      });
      expect(submitted.json().code).toBe(200);
      expect((await stream.next(2000)).data.link).toBe(`/planningManagement/planningTaskDetail?id=${planId}`);
      stream.close();
    } finally {
      await appB.close();
      await other.close();
    }
  });
});

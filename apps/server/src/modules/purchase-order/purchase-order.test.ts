import {
  dataBoardApi,
  type Endpoint,
  operationLogApi,
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_STATUSES,
  PURCHASE_ORDER_TRANSITIONS,
  type PurchaseOrderAction,
  type PurchaseOrderListBody,
  type PurchaseOrderReceiveBody,
  type PurchaseOrderStatus,
  planningApi,
  portalAccountApi,
  portalApi,
  portalPurchaseOrderApi,
  procurementTaskApi,
  purchaseOrderActionAllowed,
  purchaseOrderApi,
  workbenchApi,
} from '@scm/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { download, readWorkbook } from '../../../test/excel';
import { ADMIN_PASSWORD, createTestApp, queryRows, shanghaiDay, type TestApp } from '../../../test/helpers';
import { type AwardedFixture, awardedTask } from '../../../test/order-fixtures';
import { PORTAL_PASSWORD, tokenOf } from '../../../test/portal-fixtures';
import { loginWithCodes, seedDictionaries } from '../../../test/procurement-fixtures';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';
import { messages, procurementTaskLines, procurementTasks, purchaseOrderLines, purchaseOrders, purchaseReceipts } from '../../db/schema';

let t: TestApp;
let token: string;
let award: AwardedFixture;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDictionaries(t);
  award = await awardedTask(t, token);
});
afterAll(() => t.close());

async function ok<E extends Endpoint>(endpoint: E, body: z.input<E['body']>, as = token): Promise<z.output<E['response']>> {
  const answer = await t.api(endpoint, body, as);
  expect(answer.code, `${endpoint.path}: ${answer.message}`).toBe(200);
  return answer.data;
}
const info = (id: number) => ok(purchaseOrderApi.info, { id });
const receive = (id: number, version: number, lines: PurchaseOrderReceiveBody['lines'], extra: Partial<PurchaseOrderReceiveBody> = {}) =>
  t.api(purchaseOrderApi.receive, { id, version, receivedOn: shanghaiDay(t), lines, ...extra }, token);
/** A refused receipt, raw: the test reads its field errors by their wire names. */
const refusedReceipt = (id: number, version: number, lines: { order_line_id: number; quantity: number }[], extra: Record<string, unknown> = {}) =>
  t.call('/admin/purchase_order/receive', { id, version, received_on: shanghaiDay(t), lines, ...extra }, token);

describe('orders from the award', () => {
  it('makes one 待确认 order per awarded supplier, with its lines, freight, invoice and totals', async () => {
    expect(award.orders).toHaveLength(2);
    const day = shanghaiDay(t).replaceAll('-', '');
    const [first, second] = await Promise.all(award.orders.map((o) => info(o.id)));
    expect(first.code).toMatch(new RegExp(`^PO${day}\\d{4}$`));
    expect(second.code).not.toBe(first.code);
    const [freight1] = await t.database.db
      .select({ fen: procurementTaskLines.awardedFreightFen })
      .from(procurementTaskLines)
      .where(eq(procurementTaskLines.id, award.lineIds[0]));
    expect(first).toMatchObject({
      taskId: award.taskId,
      taskCode: award.taskCode,
      supplierId: award.supplierIds[0],
      status: 'pending',
      invoiceType: 'special',
      taxRatePercent: 13,
      goodsFen: 100_000,
      freightFen: freight1.fen,
      totalFen: 100_000 + (freight1.fen ?? 0),
      orderedQuantity: 100,
      receivedQuantity: 0,
      requiredBy: shanghaiDay(t, 10),
      buyerId: 1,
      buyerName: '系统管理员',
      deliveryRegionCode: '440305',
      closeReason: null,
      version: 0,
      receipts: [],
    });
    expect(first.deliveryRegionName).toContain('南山区');
    expect(first.lines).toEqual([
      expect.objectContaining({
        taskLineId: award.lineIds[0],
        commodityName: '北欧风收纳箱',
        quantity: 100,
        unitPriceFen: 1000,
        amountFen: 100_000,
        receivedQuantity: 0,
      }),
    ]);
    expect(second).toMatchObject({
      supplierId: award.supplierIds[1],
      invoiceType: 'ordinary',
      taxRatePercent: 3,
      goodsFen: 36_000,
      freightFen: 0,
      totalFen: 36_000,
    });
    // The list answers exactly the fixed fields, as the wire spells them.
    const listed = (await t.call('/admin/purchase_order/list', { task_id: award.taskId }, token)).data.list[0];
    expect(Object.keys(listed).sort()).toEqual(
      [
        'id',
        'code',
        'task_id',
        'task_code',
        'supplier_id',
        'supplier_name',
        'status',
        'goods_fen',
        'freight_fen',
        'total_fen',
        'ordered_quantity',
        'received_quantity',
        'required_by',
        'buyer_id',
        'buyer_name',
        'created_at',
        'version',
      ].sort(),
    );
  });

  it('filters the list by keyword, supplier, status, buyer and creation day, and exports the same rows', async () => {
    const codes = async (filter: PurchaseOrderListBody) => (await ok(purchaseOrderApi.list, filter)).list.map((o) => o.code);
    const [a, b] = award.orders.map((o) => o.code);
    expect(await codes({ keyword: a })).toEqual([a]);
    // The count matches the page: it joins the supplier only for the keyword, and counts the same rows.
    expect((await ok(purchaseOrderApi.list, { keyword: a })).total).toBe(1);
    expect((await ok(purchaseOrderApi.list, { taskId: award.taskId })).total).toBe(2);
    expect(await codes({ supplierId: award.supplierIds[1] })).toEqual([b]);
    expect(await codes({ status: 'pending', taskId: award.taskId })).toEqual(expect.arrayContaining([a, b]));
    expect(await codes({ buyerId: 99 })).toEqual([]);
    expect(await codes({ createdFrom: shanghaiDay(t), createdTo: shanghaiDay(t), keyword: a })).toEqual([a]);
    expect(await codes({ createdFrom: shanghaiDay(t, 1) })).toEqual([]);
    const file = await download(t, '/admin/purchase_order/export', { supplier_id: award.supplierIds[0] }, token);
    const [rows] = [...(await readWorkbook(file.rawPayload)).values()];
    expect(rows[0][0]).toBe('订单编号');
    expect(rows.slice(1).map((r) => r[0])).toEqual([a]);
  });
});

/** An order of the fixture's task written straight in one status, with what that status implies received. */
async function orderIn(status: PurchaseOrderStatus) {
  const db = t.database.db;
  const received = status === 'received' ? 100 : status === 'partially_received' ? 30 : 0;
  const [order] = await db
    .insert(purchaseOrders)
    .values({
      code: `POT${status}${Math.random().toString(36).slice(2, 8)}`,
      taskId: award.taskId,
      supplierId: award.supplierIds[0],
      buyerId: 1,
      status,
      invoiceType: 'special',
      taxRatePercent: 13,
      goodsFen: 100_000,
      freightFen: 0,
      totalFen: 100_000,
      orderedQuantity: 100,
      receivedQuantity: received,
      deliveryRegionCode: '440305',
      closeReason: status === 'closed' ? '测试' : null,
    })
    .returning({ id: purchaseOrders.id });
  const [line] = await db
    .insert(purchaseOrderLines)
    .values({
      orderId: order.id,
      sort: 0,
      taskLineId: award.lineIds[0],
      commodityId: 1,
      quantity: 100,
      unitPriceFen: 1000,
      amountFen: 100_000,
      freightFen: 0,
      receivedQuantity: received,
    })
    .returning({ id: purchaseOrderLines.id });
  // Keep the task open whatever the order does, so completing it does not hide an answer here.
  await db.insert(purchaseOrders).values({
    code: `POK${Math.random().toString(36).slice(2, 8)}`,
    taskId: award.taskId,
    supplierId: award.supplierIds[1],
    buyerId: 1,
    status: 'pending',
    invoiceType: 'special',
    taxRatePercent: 13,
    goodsFen: 0,
    freightFen: 0,
    totalFen: 0,
    orderedQuantity: 1,
    deliveryRegionCode: '440305',
  });
  return { id: order.id, lineId: line.id };
}

const bodyFor = (action: PurchaseOrderAction, order: { id: number; lineId: number }) =>
  action === 'receive'
    ? { id: order.id, version: 0, received_on: shanghaiDay(t), lines: [{ order_line_id: order.lineId, quantity: 10 }] }
    : action === 'close' || action === 'reject'
      ? { id: order.id, version: 0, reason: '供应商停产' }
      : { id: order.id, version: 0 };

describe('the status machine', () => {
  const cases = PURCHASE_ORDER_STATUSES.flatMap((status) =>
    PURCHASE_ORDER_ACTIONS.map((action) => [status, action, purchaseOrderActionAllowed(action, status)] as const),
  );

  it('allows exactly confirm and reject from 待确认, receive from 已确认 / 部分到货 and close before 已到货 or after 已拒绝', () => {
    expect(cases.filter(([, , legal]) => legal).map(([s, a]) => `${a}:${s}`)).toEqual([
      'confirm:pending',
      'reject:pending',
      'close:pending',
      'receive:confirmed',
      'close:confirmed',
      'receive:partially_received',
      'close:partially_received',
      'close:rejected',
    ]);
  });

  sweepStatusMachine({
    machine: PURCHASE_ORDER_TRANSITIONS,
    statuses: PURCHASE_ORDER_STATUSES,
    build: orderIn,
    act: (action, order) => t.call(`/admin/purchase_order/${action}`, bodyFor(action, order), token),
    snapshot: async (order) => {
      const db = t.database.db;
      return {
        order: await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, order.id)),
        lines: await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, order.id)),
        receipts: await db.select().from(purchaseReceipts).where(eq(purchaseReceipts.orderId, order.id)),
        audit: await auditRowCount(db),
      };
    },
    statusOf: async (order) => (await info(order.id)).status,
    listed: async (order) => (await info(order.id)).allowedActions,
    refusal: (action, status) => (action === 'receive' && status === 'pending' ? '订单尚未确认' : undefined),
  });

  it('answers 409 on a stale version and 404 on a missing order', async () => {
    const order = await orderIn('pending');
    expect((await t.api(purchaseOrderApi.confirm, { id: order.id, version: 3 }, token)).code).toBe(409);
    expect((await t.api(purchaseOrderApi.confirm, { id: 999_999, version: 0 }, token)).code).toBe(404);
  });
});

describe('receipts', () => {
  it('posts partial receipts, refuses future dates and over-receipt beyond the rules, and completes order and task', async () => {
    const fixture = await awardedTask(t, token);
    const [a, b] = fixture.orders;
    await ok(purchaseOrderApi.confirm, { id: a.id, version: 0 });
    const lineA = (await info(a.id)).lines[0].id;

    const future = await refusedReceipt(a.id, 1, [{ order_line_id: lineA, quantity: 10 }], { received_on: shanghaiDay(t, 1) });
    expect(future.data.field_errors).toEqual([{ field: 'received_on', message: '收货日期不能晚于今天' }]);
    const foreign = await refusedReceipt(a.id, 1, [{ order_line_id: (await info(b.id)).lines[0].id, quantity: 1 }]);
    expect(foreign.data.field_errors[0].field).toBe('lines.0.order_line_id');

    expect((await receive(a.id, 1, [{ orderLineId: lineA, quantity: 60 }], { remark: '第一批' })).code).toBe(200);
    expect(await info(a.id)).toMatchObject({ status: 'partially_received', receivedQuantity: 60, version: 2 });
    // 60 + 51 = 111 > 100 + 10 %: a reason is needed; 60 + 140 = 200 reaches twice the order: never.
    const over = await refusedReceipt(a.id, 2, [{ order_line_id: lineA, quantity: 51 }]);
    expect(over.data.field_errors).toEqual([{ field: 'reason', message: '累计收货超过订购数量10%，请填写超收原因' }]);
    const twice = await refusedReceipt(a.id, 2, [{ order_line_id: lineA, quantity: 140 }], { reason: '多送' });
    expect(twice.data.field_errors[0].field).toBe('lines.0.quantity');
    expect((await receive(a.id, 2, [{ orderLineId: lineA, quantity: 50 }])).code).toBe(200);

    const done = await info(a.id);
    expect(done).toMatchObject({ status: 'received', receivedQuantity: 110 });
    expect(done.lines[0]).toMatchObject({ quantity: 100, receivedQuantity: 110 });
    expect(done.receipts.map((r) => [r.remark, r.lines[0].quantity])).toEqual([
      ['第一批', 60],
      [null, 50],
    ]);
    expect(done.receipts[0]).toMatchObject({ receivedOn: shanghaiDay(t), createdByName: '系统管理员' });
    // A received order is never reverted or closed.
    expect((await t.api(purchaseOrderApi.close, { id: a.id, version: done.version, reason: '误操作' }, token)).code).toBe(409);

    // The task completes once its other order is closed (what it received stays).
    const [task] = await t.database.db.select().from(procurementTasks).where(eq(procurementTasks.id, fixture.taskId));
    expect(task.status).toBe('awarded');
    expect((await ok(purchaseOrderApi.close, { id: b.id, version: 0, reason: '供应商缺货，改下月采购' })).id).toBe(b.id);
    expect(await info(b.id)).toMatchObject({ status: 'closed', closeReason: '供应商缺货，改下月采购' });
    const taskAfter = await ok(procurementTaskApi.info, { id: fixture.taskId });
    expect(taskAfter.status).toBe('completed');
    const log = await ok(operationLogApi.list, { module: 'procurement_task', pageSize: 5 });
    expect(log.list[0]).toMatchObject({ action: 'auto_complete', recordId: String(fixture.taskId) });
  });

  it('20 concurrent receipts of one line post exactly what was answered 200', async () => {
    const fixture = await awardedTask(t, token);
    const order = fixture.orders[0];
    await ok(purchaseOrderApi.confirm, { id: order.id, version: 0 });
    const lineId = (await info(order.id)).lines[0].id;
    // Each sender retries with the version it last read until it is accepted or refused for good.
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const quantity = 3 + (i % 5);
        for (let attempt = 0; attempt < 40; attempt++) {
          const { version } = await info(order.id);
          const answer = await receive(order.id, version, [{ orderLineId: lineId, quantity }], { reason: '并发收货' });
          if (answer.code !== 409 || answer.message === '订单当前为「已到货」，不能收货') return { code: answer.code, quantity };
        }
        return { code: 409, quantity };
      }),
    );
    const accepted = answers.filter((a) => a.code === 200);
    expect(accepted.length).toBeGreaterThan(0);
    const posted = accepted.reduce((s, a) => s + a.quantity, 0);
    const after = await info(order.id);
    expect(after.receivedQuantity).toBe(posted);
    expect(after.lines[0].receivedQuantity).toBe(posted);
    expect(after.receipts).toHaveLength(accepted.length);
    expect(after.version).toBe(1 + accepted.length);
    const [{ sum }] = await queryRows<{ sum: number }>(
      t,
      sql`select coalesce(sum(quantity), 0)::int as sum from purchase_receipt_lines where order_line_id = ${lineId}`,
    );
    expect(sum).toBe(posted);
  });
});

describe('receipts sent at once with the same version', () => {
  it('post one and refuse the other 19 with 409, the order holding exactly the one', async () => {
    const fixture = await awardedTask(t, token);
    const order = fixture.orders[1];
    await ok(purchaseOrderApi.confirm, { id: order.id, version: 0 });
    const lineId = (await info(order.id)).lines[0].id;
    const answers = await Promise.all(Array.from({ length: 20 }, () => receive(order.id, 1, [{ orderLineId: lineId, quantity: 5 }])));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409)).toHaveLength(19);
    expect(await info(order.id)).toMatchObject({ receivedQuantity: 5, version: 2, status: 'partially_received' });
  });
});

describe('plans roll up by receipts', () => {
  it('moves a plan line with received ÷ planned and completes the plan when every line is in', async () => {
    const db = t.database.db;
    const [plan] = await queryRows<{ id: number }>(
      t,
      sql`insert into planning_tasks (code, name, plan_type, warehouse, owner_id, status) values ('JHPO0001', '订单回写计划', 'regular', 'sh_jiading', 1, 'in_procurement') returning id`,
    );
    const commodityIds = (await queryRows<{ id: number }>(t, sql`select id from commodities order by id limit 2`)).map((c) => c.id) as [
      number,
      number,
    ];
    const planLines = await queryRows<{ id: number }>(
      t,
      sql`insert into planning_task_lines (plan_id, commodity_id, quantity, budget_unit_price_fen, sort)
          values (${plan.id}, ${commodityIds[0]}, 100, 1100, 1), (${plan.id}, ${commodityIds[1]}, 40, 1000, 2) returning id`,
    );
    const fixture = await awardedTask(t, token, { planId: plan.id, planLineIds: [planLines[0].id, planLines[1].id], commodityIds });
    const planInfo = () => ok(planningApi.info, { id: plan.id });
    const awarded = await planInfo();
    expect(awarded).toMatchObject({ status: 'in_procurement', progress: 0 });
    expect(awarded.lines[0]).toMatchObject({ awardedQuantity: 100, orderedQuantity: 100, receivedQuantity: 0, progress: 0 });

    const [a, b] = fixture.orders;
    for (const o of [a, b]) await ok(purchaseOrderApi.confirm, { id: o.id, version: 0 });
    const lineA = (await info(a.id)).lines[0].id;
    const lineB = (await info(b.id)).lines[0].id;
    expect((await receive(a.id, 1, [{ orderLineId: lineA, quantity: 70 }])).code).toBe(200);
    const partial = await planInfo();
    expect(partial.lines[0]).toMatchObject({ receivedQuantity: 70, progress: 70 });
    // (70 + 0) of (100 + 40) planned.
    expect(partial).toMatchObject({ status: 'in_procurement', progress: 50 });
    expect(partial.timeline.at(-1)).toMatchObject({ action: 'receive', label: '到货回写' });

    // A line closed short stays open: the plan does not complete.
    expect((await receive(b.id, 1, [{ orderLineId: lineB, quantity: 40 }])).code).toBe(200);
    expect((await ok(purchaseOrderApi.close, { id: a.id, version: 2, reason: '余量取消' })).id).toBe(a.id);
    expect(await planInfo()).toMatchObject({ status: 'in_procurement' });
    expect(await ok(procurementTaskApi.info, { id: fixture.taskId })).toMatchObject({ status: 'completed' });

    const [row] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, a.id));
    expect(row).toMatchObject({ status: 'closed', receivedQuantity: 70 });
  });
});

describe('who may see and change orders', () => {
  it('needs the page codes to read and the action codes to confirm, receive and close', async () => {
    const viewer = await loginWithCodes(t, ['purchaseOrderList', 'purchaseOrderDetail'], 'po-viewer@test.com');
    const order = award.orders[1];
    expect((await t.api(purchaseOrderApi.list, {}, viewer)).code).toBe(200);
    expect((await t.api(purchaseOrderApi.info, { id: order.id }, viewer)).code).toBe(200);
    for (const action of ['confirm', 'close'] as const) {
      expect((await t.call(`/admin/purchase_order/${action}`, { id: order.id, version: 0, reason: '无权' }, viewer)).code).toBe(403);
    }
  });

  it('counts open and overdue orders on the board and the workbench, with a list linking to them', async () => {
    const overdueOrder = await orderIn('confirmed');
    await t.database.db
      .update(purchaseOrders)
      .set({ requiredBy: shanghaiDay(t, -2) })
      .where(eq(purchaseOrders.id, overdueOrder.id));
    const [{ open, overdue }] = await queryRows<{ open: number; overdue: number }>(
      t,
      sql`select (count(*) filter (where status in ('pending', 'confirmed', 'partially_received')))::int as open,
                 (count(*) filter (where status in ('pending', 'confirmed', 'partially_received') and required_by < ${shanghaiDay(t)}::date))::int as overdue
            from purchase_orders`,
    );
    expect(overdue).toBe(1);
    const bench = await ok(workbenchApi.overview, {});
    expect(bench).toMatchObject({ openOrderCount: open, overdueOrderCount: 1 });
    expect(bench.openOrders[0]).toMatchObject({ id: overdueOrder.id, overdue: true });
    const toReceive = (
      await queryRows<{ n: number }>(t, sql`select count(*)::int as n from purchase_orders where status in ('confirmed', 'partially_received')`)
    )[0].n;
    expect(bench.todos.ordersToReceive).toBe(toReceive);

    const board = await ok(dataBoardApi.summary, { dateFrom: shanghaiDay(t, -1), dateTo: shanghaiDay(t) });
    expect(board).toMatchObject({ openOrderCount: open, overdueOrderCount: 1 });
    expect(board.current).toBeDefined();
    const before = await ok(dataBoardApi.summary, { dateFrom: shanghaiDay(t, -30), dateTo: shanghaiDay(t, -2) });
    expect(before).toMatchObject({ openOrderCount: 0, overdueOrderCount: 0, openOrders: [] });
  });
});

describe('demo data', () => {
  it('seeds orders for the demo awards: received ones for completed tasks, open ones for awarded tasks', async () => {
    const demo = await createTestApp({ seedDemo: true });
    try {
      const admin = await demo.login();
      const answer = await demo.api(purchaseOrderApi.list, { pageSize: 100 }, admin);
      const statuses = new Set(answer.data.list.map((o) => o.status));
      expect(answer.data.total).toBeGreaterThan(2);
      expect([...statuses].sort()).toEqual(expect.arrayContaining(['partially_received', 'pending', 'received']));
      const [partial] = answer.data.list.filter((o) => o.status === 'partially_received');
      const detail = (await demo.api(purchaseOrderApi.info, { id: partial.id }, admin)).data;
      expect(detail.receipts).toHaveLength(1);
      expect(detail.receivedQuantity).toBe(detail.lines.reduce((s, l) => s + l.receivedQuantity, 0));
      const buyer = await demo.login('buyer@jiaju.com', ADMIN_PASSWORD);
      expect((await demo.api(purchaseOrderApi.list, {}, buyer)).code).toBe(200);
    } finally {
      await demo.close();
    }
  });
});

describe('the supplier portal’s orders (docs/portal.md, "Orders")', () => {
  it('lists and shows only its own orders, as the admin reads them; confirming moves 待确认 → 已确认 and tells the buyer', async () => {
    const fixture = await awardedTask(t, token);
    const [own, theirs] = fixture.orders;
    const account = await ok(portalAccountApi.create, { supplierId: fixture.supplierIds[0], email: 'orders@portal.test', name: '销售王' });
    await ok(portalApi.activate, { token: tokenOf(account.activationUrl), password: PORTAL_PASSWORD });
    const supplier = (await t.api(portalApi.login, { email: 'orders@portal.test', password: PORTAL_PASSWORD })).data.token as string;

    const list = await ok(portalPurchaseOrderApi.list, { pageSize: 200 }, supplier);
    expect(list.list.map((o) => o.id)).toEqual([own.id]);
    // The same answer, but a supplier may only confirm or reject (it neither receives nor closes).
    const { allowedActions: allowedInPortal, ...inPortal } = await ok(portalPurchaseOrderApi.info, { id: own.id }, supplier);
    const { allowedActions: allowedInAdmin, ...inAdmin } = await info(own.id);
    expect(inPortal).toEqual(inAdmin);
    expect(allowedInAdmin).toEqual(['confirm', 'reject', 'close']);
    expect(allowedInPortal).toEqual(['confirm', 'reject']);
    expect((await t.api(portalPurchaseOrderApi.info, { id: theirs.id }, supplier)).code).toBe(404);
    expect((await t.api(portalPurchaseOrderApi.confirm, { id: theirs.id, version: theirs.version }, supplier)).code).toBe(404);
    // A staff token is not a portal session, and a portal token opens no admin route.
    expect((await t.api(portalPurchaseOrderApi.list, {}, token)).code).toBe(401);
    expect((await t.api(purchaseOrderApi.list, {}, supplier)).code).toBe(401);

    await ok(portalPurchaseOrderApi.confirm, { id: own.id, version: own.version }, supplier);
    const confirmed = await info(own.id);
    expect(confirmed.status).toBe('confirmed');
    expect((await ok(portalPurchaseOrderApi.info, { id: own.id }, supplier)).allowedActions).toEqual([]);
    expect((await t.api(portalPurchaseOrderApi.confirm, { id: own.id, version: confirmed.version }, supplier)).code).toBe(409);
    expect((await t.api(portalPurchaseOrderApi.confirm, { id: own.id, version: own.version }, supplier)).code).toBe(409);
    expect((await info(theirs.id)).status).toBe('pending');
    const told = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.link, `/procurementManagement/purchaseOrderDetail?id=${own.id}`));
    expect(told).toMatchObject([{ kind: 'order_confirmed', title: `订单已确认：${own.code}` }]);
  });
});

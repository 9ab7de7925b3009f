import {
  type Endpoint,
  PURCHASE_RETURN_STATUSES,
  PURCHASE_RETURN_TRANSITIONS,
  type PurchaseReturnAction,
  type PurchaseReturnStatus,
  portalPurchaseReturnApi,
  procurementTaskApi,
  purchaseOrderApi,
  purchaseReceiptApi,
  purchaseReturnApi,
} from '@scm/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { download, readWorkbook } from '../../../test/excel';
import { type ApiPath, createTestApp, queryRows, shanghaiDay, type TestApp } from '../../../test/helpers';
import { awardedTask } from '../../../test/order-fixtures';
import { portalAccountOf } from '../../../test/portal-fixtures';
import { loginWithCodes, seedDictionaries } from '../../../test/procurement-fixtures';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';
import { messages, purchaseOrderLines, purchaseReturnLines, purchaseReturns, roles } from '../../db/schema';

// Returns 采购退货 (docs/rules/orders.md, "Returns") and the net ledger they move.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDictionaries(t);
});
afterAll(() => t.close());

async function ok<E extends Endpoint>(endpoint: E, body: z.input<E['body']>, as = token): Promise<z.output<E['response']>> {
  const answer = await t.api(endpoint, body, as);
  expect(answer.code, `${endpoint.path}: ${answer.message} ${JSON.stringify(answer.data)}`).toBe(200);
  return answer.data;
}
const orderInfo = (id: number) => ok(purchaseOrderApi.info, { id });
const returnInfo = (id: number, as = token) => ok(as === token ? purchaseReturnApi.info : portalPurchaseReturnApi.info, { id }, as);
const receive = async (id: number, quantity: number, lineId: number) =>
  t.api(
    purchaseOrderApi.receive,
    { id, version: (await orderInfo(id)).version, receivedOn: shanghaiDay(t), lines: [{ orderLineId: lineId, quantity }] },
    token,
  );
const createReturn = (orderId: number, lineId: number, quantity: number, replacement = true) =>
  t.api(
    purchaseReturnApi.create,
    { orderId, reasonType: 'quality', replacement, remark: '灯罩碎裂', lines: [{ orderLineId: lineId, quantity, reason: '开箱破损' }] },
    token,
  );

let accounts = 0;
/** A confirmed order of 100 at ¥10.00 from a supplier with a signed-in portal account, `received` of it in. */
async function receivedOrder(received = 100) {
  const fixture = await awardedTask(t, token);
  const order = fixture.orders[0];
  await ok(purchaseOrderApi.confirm, { id: order.id, version: 0 });
  const lineId = (await orderInfo(order.id)).lines[0].id;
  if (received > 0) expect((await receive(order.id, received, lineId)).code).toBe(200);
  const portal = await portalAccountOf(t, token, fixture.supplierIds[0], `return-${++accounts}@supplier.test`);
  return { ...fixture, orderId: order.id, lineId, portal: portal.token, otherSupplierId: fixture.supplierIds[1] };
}

describe('a return from creation to shipment', () => {
  it('is coded TH, priced from the order, answered in the portal, and drops the net received when it ships', async () => {
    const f = await receivedOrder();
    const created = await createReturn(f.orderId, f.lineId, 8);
    expect(created.code, created.message).toBe(200);
    expect(created.data.code).toMatch(new RegExp(`^TH${shanghaiDay(t).replaceAll('-', '')}\\d{4}$`));
    const ret = await returnInfo(created.data.id);
    expect(ret).toMatchObject({
      orderId: f.orderId,
      supplierId: f.supplierIds[0],
      reasonType: 'quality',
      replacement: true,
      status: 'pending',
      quantity: 8,
      amountFen: 8_000,
      remark: '灯罩碎裂',
      shippedOn: null,
      disputeReason: null,
      version: 0,
    });
    expect(ret.lines).toEqual([
      expect.objectContaining({
        orderLineId: f.lineId,
        quantity: 8,
        unitPriceFen: 1000,
        amountFen: 8_000,
        reason: '开箱破损',
        commodityName: '北欧风收纳箱',
      }),
    ]);
    // The supplier is told; its portal shows the return, which the admin list and the order list too.
    const [told] = await t.database.db.select().from(messages).where(eq(messages.kind, 'return_created'));
    expect(told).toMatchObject({ title: `新退货单：${created.data.code}` });
    expect((await ok(portalPurchaseReturnApi.list, {}, f.portal)).list.map((r) => r.id)).toContain(ret.id);
    expect((await orderInfo(f.orderId)).returns).toEqual([expect.objectContaining({ id: ret.id, status: 'pending', quantity: 8 })]);
    expect((await orderInfo(f.orderId)).lines[0]).toMatchObject({ receivedQuantity: 100, returnableQuantity: 92 });

    // 有异议 in the portal; the buyer edits and sends it again; the supplier confirms.
    expect((await t.call('/admin/purchase_return/dispute' as ApiPath, { id: ret.id, version: 0, reason: 'x' }, token)).status).toBe(404);
    await ok(portalPurchaseReturnApi.dispute, { id: ret.id, version: 0, reason: '出厂检验合格，破损系运输造成' }, f.portal);
    expect(await returnInfo(ret.id)).toMatchObject({ status: 'disputed', disputeReason: '出厂检验合格，破损系运输造成' });
    const [disputed] = await t.database.db.select().from(messages).where(eq(messages.kind, 'return_answered'));
    expect(disputed).toMatchObject({ recipientUserId: 1, title: `退货单有异议：${created.data.code}` });
    await ok(purchaseReturnApi.update, { id: ret.id, version: 1, lines: [{ orderLineId: f.lineId, quantity: 6 }] });
    expect(await returnInfo(ret.id)).toMatchObject({ status: 'pending', quantity: 6, amountFen: 6_000, remark: '灯罩碎裂' });
    expect((await returnInfo(ret.id, f.portal)).allowedActions).toEqual(['confirm', 'dispute']);
    await ok(portalPurchaseReturnApi.confirm, { id: ret.id, version: 2 }, f.portal);
    expect(await returnInfo(ret.id)).toMatchObject({ status: 'confirmed' });

    // 退货出库: the order line's net received drops by 6; with 补发 the line re-opens, so the order is 部分到货.
    expect(await orderInfo(f.orderId)).toMatchObject({ status: 'received', receivedQuantity: 100 });
    const future = await t.call('/admin/purchase_return/ship', { id: ret.id, version: 3, shipped_on: shanghaiDay(t, 1) }, token);
    expect(future.data.field_errors).toEqual([{ field: 'shipped_on', message: '退货日期不能晚于今天' }]);
    await ok(purchaseReturnApi.ship, { id: ret.id, version: 3, shippedOn: shanghaiDay(t) });
    expect(await returnInfo(ret.id)).toMatchObject({ status: 'shipped', shippedOn: shanghaiDay(t) });
    const after = await orderInfo(f.orderId);
    expect(after).toMatchObject({ status: 'partially_received', receivedQuantity: 94 });
    expect(after.lines[0]).toMatchObject({ receivedQuantity: 94, returnedQuantity: 6, openQuantity: 6, receivedAmountFen: 94_000 });
    expect((await ok(procurementTaskApi.info, { id: f.taskId })).status).toBe('awarded');
    // The replacement comes in: 已到货 again.
    expect((await receive(f.orderId, 6, f.lineId)).code).toBe(200);
    expect(await orderInfo(f.orderId)).toMatchObject({ status: 'received', receivedQuantity: 100 });
  });

  it('settles a line short when the supplier does not replace (不补发)', async () => {
    const f = await receivedOrder();
    const { id } = await ok(purchaseReturnApi.create, {
      orderId: f.orderId,
      reasonType: 'excess',
      replacement: false,
      lines: [{ orderLineId: f.lineId, quantity: 10 }],
    });
    await ok(purchaseReturnApi.confirm, { id, version: 0 });
    await ok(purchaseReturnApi.ship, { id, version: 1, shippedOn: shanghaiDay(t) });
    const after = await orderInfo(f.orderId);
    expect(after).toMatchObject({ status: 'received', receivedQuantity: 90 });
    expect(after.lines[0]).toMatchObject({ receivedQuantity: 90, returnedQuantity: 10, openQuantity: 0 });
  });

  it('refuses more than the net received less what other returns hold, and frees it when one is cancelled', async () => {
    const f = await receivedOrder(30);
    expect(await createReturn(f.orderId, f.lineId, 31)).toMatchObject({ code: 409, message: '退货数量超过可退数量' });
    const first = (await createReturn(f.orderId, f.lineId, 20)).data;
    expect(await createReturn(f.orderId, f.lineId, 11)).toMatchObject({ code: 409, message: '退货数量超过可退数量' });
    const other = await t.call(
      '/admin/purchase_return/create',
      { order_id: f.orderId, reason_type: 'other', replacement: true, lines: [{ order_line_id: 999_999, quantity: 1 }] },
      token,
    );
    expect(other.data.field_errors[0].field).toBe('lines.0.order_line_id');
    // A reversal that would leave less than the return holds is refused.
    const receipt = (await orderInfo(f.orderId)).receipts[0];
    expect(await t.api(purchaseReceiptApi.reverse, { id: receipt.id, version: receipt.version, reason: '录错' }, token)).toMatchObject({
      code: 409,
      message: '冲销后实收将小于已退货数量',
    });
    await ok(purchaseReturnApi.cancel, { id: first.id, version: 0, reason: '供应商上门更换' });
    expect(await returnInfo(first.id)).toMatchObject({ status: 'cancelled', cancelReason: '供应商上门更换' });
    expect((await createReturn(f.orderId, f.lineId, 30)).code).toBe(200);
  });

  it('lists by keyword, order, supplier and status within the data scope, and exports the same rows', async () => {
    const f = await receivedOrder(10);
    const { code } = (await createReturn(f.orderId, f.lineId, 2)).data;
    const listed = await ok(purchaseReturnApi.list, { keyword: code });
    expect(listed.list.map((r) => r.code)).toEqual([code]);
    expect(listed.total).toBe(1);
    expect(listed.list[0]).toMatchObject({ orderId: f.orderId, supplierId: f.supplierIds[0], status: 'pending', quantity: 2, amountFen: 2_000 });
    expect((await ok(purchaseReturnApi.list, { orderId: f.orderId, status: 'shipped' })).total).toBe(0);
    expect((await ok(purchaseReturnApi.list, { supplierId: f.supplierIds[0] })).total).toBe(1);
    const file = await download(t, '/admin/purchase_return/export', { keyword: code }, token);
    const [rows] = [...(await readWorkbook(file.rawPayload)).values()];
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining([code, '质量问题', '补发', '待供应商确认']));
    // 仅本人: a user who buys none of these orders sees none of their returns.
    const own = await loginWithCodes(t, ['purchaseReturnList', 'purchaseReturnDetail'], 'return-own@test.com');
    await t.database.db.update(roles).set({ dataScope: 'own' }).where(eq(roles.code, 'r_return_own_test_com'));
    expect((await ok(purchaseReturnApi.list, { keyword: code }, own)).total).toBe(0);
    expect((await ok(purchaseReturnApi.list, { orderId: f.orderId }, own)).total).toBe(0);
    expect((await t.api(purchaseReturnApi.info, { id: listed.list[0].id }, own)).code).toBe(404);
  });
});

describe('the return machine', () => {
  /** A fresh return in `status`, through the acts that lead there. */
  async function returnIn(status: PurchaseReturnStatus) {
    const f = await receivedOrder(20);
    const { id } = (await createReturn(f.orderId, f.lineId, 5)).data;
    let version = 0;
    if (status === 'disputed') await ok(portalPurchaseReturnApi.dispute, { id, version: version++, reason: '数量不符' }, f.portal);
    if (status === 'confirmed' || status === 'shipped') await ok(purchaseReturnApi.confirm, { id, version: version++ });
    if (status === 'shipped') await ok(purchaseReturnApi.ship, { id, version: version++, shippedOn: shanghaiDay(t) });
    if (status === 'cancelled') await ok(purchaseReturnApi.cancel, { id, version: version++, reason: '不退了' });
    return { id, version, orderId: f.orderId, lineId: f.lineId, portal: f.portal };
  }
  type Ret = Awaited<ReturnType<typeof returnIn>>;
  const act = (action: PurchaseReturnAction, r: Ret) => {
    const body = { id: r.id, version: r.version };
    switch (action) {
      case 'update':
        return t.api(purchaseReturnApi.update, { ...body, lines: [{ orderLineId: r.lineId, quantity: 4 }] }, token);
      case 'confirm':
        return t.api(purchaseReturnApi.confirm, body, token);
      case 'dispute':
        return t.api(portalPurchaseReturnApi.dispute, { ...body, reason: '数量不符' }, r.portal);
      case 'ship':
        return t.api(purchaseReturnApi.ship, { ...body, shippedOn: shanghaiDay(t) }, token);
      case 'cancel':
        return t.api(purchaseReturnApi.cancel, { ...body, reason: '不退了' }, token);
    }
  };

  sweepStatusMachine({
    machine: PURCHASE_RETURN_TRANSITIONS,
    statuses: PURCHASE_RETURN_STATUSES,
    build: returnIn,
    act,
    snapshot: async (r) => {
      const db = t.database.db;
      return {
        ret: await db.select().from(purchaseReturns).where(eq(purchaseReturns.id, r.id)),
        lines: await db.select().from(purchaseReturnLines).where(eq(purchaseReturnLines.returnId, r.id)),
        orderLines: await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, r.orderId)),
        audit: await auditRowCount(db),
      };
    },
    statusOf: async (r) => (await returnInfo(r.id)).status,
  });
});

describe('returns and reversals of one line racing each other', () => {
  it('never return more than was received, nor reverse below what returns hold', async () => {
    const f = await receivedOrder(0);
    for (const quantity of [10, 10]) expect((await receive(f.orderId, quantity, f.lineId)).code).toBe(200);
    const receipts = (await orderInfo(f.orderId)).receipts;
    // 20 received: eight returns of 4 and both reversals at once. Whatever wins, what returns hold
    // never passes the net received, and the net never goes below zero.
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => createReturn(f.orderId, f.lineId, 4)),
      ...receipts.map((r) => t.api(purchaseReceiptApi.reverse, { id: r.id, version: r.version, reason: '并发冲销' }, token)),
    ]);
    for (const answer of answers) expect([200, 409]).toContain(answer.code);
    const [line] = await t.database.db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.id, f.lineId));
    const [{ held }] = await queryRows<{ held: number }>(
      t,
      sql`select coalesce(sum(l.quantity), 0)::int as held from purchase_return_lines l join purchase_returns r on r.id = l.return_id
          where l.order_line_id = ${f.lineId} and r.status not in ('shipped', 'cancelled')`,
    );
    expect(line.receivedQuantity).toBeGreaterThanOrEqual(0);
    expect(held).toBeLessThanOrEqual(line.receivedQuantity);
    const accepted = answers.slice(0, 8).filter((a) => a.code === 200).length;
    expect(held).toBe(accepted * 4);
  });

  it('on one receipt line, a shipment out, two reversals and four returns that truly overlap keep the net at or above zero', async () => {
    const f = await receivedOrder(0);
    for (const quantity of [10, 10]) expect((await receive(f.orderId, quantity, f.lineId)).code).toBe(200);
    const receipts = (await orderInfo(f.orderId)).receipts;
    const held = await createReturn(f.orderId, f.lineId, 8);
    await ok(portalPurchaseReturnApi.confirm, { id: held.data.id, version: 0 }, f.portal);
    const calls = [
      () => t.api(purchaseReturnApi.ship, { id: held.data.id, version: 1, shippedOn: shanghaiDay(t) }, token),
      ...receipts.map((r) => () => t.api(purchaseReceiptApi.reverse, { id: r.id, version: r.version, reason: '并发冲销' }, token)),
      ...Array.from({ length: 4 }, () => () => createReturn(f.orderId, f.lineId, 4)),
    ];

    // On PostgreSQL a second connection holds the order's row lock while all seven start, and lets
    // go only once every one of them waits on a lock inside its transaction: they raced, none had
    // committed. PGlite has one connection and serialises them; there the race is in the requests.
    const holder = t.databaseUrl ? new pg.Client({ connectionString: t.databaseUrl }) : null;
    let waiting = 0;
    if (holder) {
      await holder.connect();
      await holder.query('begin');
      await holder.query('select id from purchase_orders where id = $1 for update', [f.orderId]);
    }
    const started: number[] = [];
    const ended: number[] = [];
    const pending = calls.map(async (call) => {
      started.push(performance.now());
      const answer = await call();
      ended.push(performance.now());
      return answer;
    });
    if (holder) {
      for (let tries = 0; tries < 200 && waiting < calls.length; tries++) {
        const { rows } = await holder.query(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        );
        waiting = rows[0].n;
        if (waiting < calls.length) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(ended).toHaveLength(0);
      await holder.query('rollback');
      await holder.end();
      expect(waiting).toBe(calls.length);
    }
    const answers = await Promise.all(pending);
    // Every request had started before the first one was answered.
    expect(started).toHaveLength(calls.length);
    expect(Math.max(...started)).toBeLessThan(Math.min(...ended));
    for (const answer of answers) expect([200, 409], answer.message).toContain(answer.code);

    // Whoever won: the net is the sum of the movements answered 200, never below zero, and what the
    // returns still hold never passes it.
    const [shipped, ...rest] = answers;
    const reversed = rest.slice(0, 2).filter((a) => a.code === 200).length;
    const created = rest.slice(2).filter((a) => a.code === 200).length;
    const net = 20 - 10 * reversed - (shipped.code === 200 ? 8 : 0);
    const [line] = await t.database.db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.id, f.lineId));
    const [stored] = await queryRows<{ held: number; movements: number }>(
      t,
      sql`select
            (select coalesce(sum(l.quantity), 0)::int from purchase_return_lines l join purchase_returns r on r.id = l.return_id
              where l.order_line_id = ${f.lineId} and r.status not in ('shipped', 'cancelled')) as held,
            (select coalesce(sum(quantity), 0)::int from purchase_receipt_lines where order_line_id = ${f.lineId})
            - (select coalesce(sum(l.quantity), 0)::int from purchase_return_lines l join purchase_returns r on r.id = l.return_id
              where l.order_line_id = ${f.lineId} and r.status = 'shipped') as movements`,
    );
    expect(line.receivedQuantity).toBe(net);
    expect(stored.movements).toBe(net);
    expect(net).toBeGreaterThanOrEqual(0);
    expect(stored.held).toBe(created * 4 + (shipped.code === 200 ? 0 : 8));
    expect(stored.held).toBeLessThanOrEqual(net);
    // The race had losers: not all seven could pass (20 in, 8 out, two reversals of 10 and 16 returned).
    expect(answers.some((a) => a.code === 409)).toBe(true);
  });
});

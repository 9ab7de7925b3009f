import {
  freeReceiptRoom,
  purchaseOrderApi,
  purchaseReceiptApi,
  purchaseReturnApi,
  portalPurchaseReturnApi,
  planningApi,
  procurementTaskApi,
} from '@scm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, createTestApp, queryRows, shanghaiDay, type TestApp } from '../../../test/helpers';
import { confirmedOrderOnPlan } from '../../../test/order-fixtures';
import { portalAccountOf } from '../../../test/portal-fixtures';
import { seedDictionaries } from '../../../test/procurement-fixtures';

// The net ledger under random sequences of receipts (with refusals), reversals, returns and shipping
// notices (发货通知, with receipts that name them) on one order (docs/rules/orders.md, "The net ledger",
// "Shipping notices"): after every answered step the line's net received
// equals the sum of the movements answered 200, never goes below zero, what returns hold never
// passes it, and the order's status, the plan's progress, the task's completion and its board
// facts all agree with it. A notice is answered exactly as the open quantity allows (in transit +
// net received never passes the ordered quantity + 10 %), and a receipt that names one keeps, on the
// notice, what it took of it.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDictionaries(t);
});
afterAll(() => t.close());

/** A small seeded generator (mulberry32), so a failing sequence can be replayed from its seed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: T[]) => items[Math.floor(next() * items.length)],
  };
}

async function info(id: number) {
  const answer = await t.api(purchaseOrderApi.info, { id }, token);
  expect(answer.code).toBe(200);
  return answer.data;
}

const ORDERED = 100;
const SEEDS = [7, 42, 2026];
const STEPS = 24;

describe.each(SEEDS)('a random sequence of movements (seed %i)', (seed) => {
  it('keeps every figure on the one net ledger', async () => {
    const rnd = random(seed);
    const f = await confirmedOrderOnPlan(t, token);
    // The task's other order is closed, so the task completes exactly when this one is 已到货.
    expect((await t.api(purchaseOrderApi.close, { id: f.other.id, version: 0, reason: '另行采购' }, token)).code).toBe(200);
    const portal = (await portalAccountOf(t, token, f.supplierIds[0], `property-${seed}@supplier.test`)).token;
    // The model: what the answered movements add up to.
    const model = { accepted: 0, rejected: 0, shipped: 0, short: 0, inTransit: 0 };
    const receipts: { id: number; version: number; quantity: number; rejected: number; reversed: boolean }[] = [];
    const returns: { id: number; version: number; quantity: number; replacement: boolean; status: string }[] = [];
    const notices: { id: number; version: number; quantity: number; status: 'in_transit' | 'received' | 'cancelled' }[] = [];
    const answered = (answer: ApiAnswer, step: string) => {
      expect([200, 400, 409], `${step}: ${answer.message}`).toContain(answer.code);
      return answer.code === 200;
    };

    for (let step = 0; step < STEPS; step++) {
      const order = await info(f.order.id);
      const kind = rnd.pick([
        'receive',
        'receive',
        'reject',
        'reverse',
        'return',
        'confirm',
        'dispute',
        'ship',
        'cancel',
        'notice',
        'notice',
        'take_notice',
        'take_notice',
        'cancel_notice',
      ]);
      const label = `${seed}#${step} ${kind}`;
      if (kind === 'receive' || kind === 'reject') {
        const quantity = kind === 'reject' ? rnd.int(0, 5) : rnd.int(1, 40);
        const rejected = kind === 'reject' ? rnd.int(1, 6) : 0;
        const answer = await t.api(
          purchaseOrderApi.receive,
          {
            id: order.id,
            version: order.version,
            receivedOn: shanghaiDay(t),
            reason: '随机序列',
            lines: [{ orderLineId: f.lineId, quantity, ...(rejected ? { rejectedQuantity: rejected, rejectReason: '破损' } : {}) }],
          },
          token,
        );
        if (answered(answer, label)) {
          model.accepted += quantity;
          model.rejected += rejected;
          const posted = (await info(order.id)).receipts.at(-1);
          receipts.push({ id: posted!.id, version: posted!.version, quantity, rejected, reversed: false });
        }
      } else if (kind === 'notice') {
        // The supplier (portal) or the buyer on its behalf says what left; the answer is the model's.
        const quantity = rnd.int(1, 60);
        const bySupplier = rnd.int(0, 1) === 1;
        const net = model.accepted - model.shipped;
        const shippable = ['confirmed', 'partially_received'].includes(order.status);
        const expected = shippable && quantity <= freeReceiptRoom(ORDERED, net + model.inTransit) ? 200 : 409;
        const answer = await t.call(
          bySupplier ? '/portal/shipment/create' : '/admin/shipment/create',
          {
            order_id: order.id,
            ship_date: shanghaiDay(t),
            expected_arrival: shanghaiDay(t, 2),
            delivery_note_no: `SD-${seed}-${step}`,
            lines: [{ order_line_id: f.lineId, quantity }],
          },
          bySupplier ? portal : token,
        );
        expect(answer.code, `${label} ${quantity} on ${net} + ${model.inTransit} in transit: ${answer.message}`).toBe(expected);
        if (expected === 200) {
          notices.push({ id: answer.data.id, version: 0, quantity, status: 'in_transit' });
          model.inTransit += quantity;
          expect(model.inTransit + net, label).toBeLessThanOrEqual(ORDERED + ORDERED / 10);
        } else if (shippable) {
          expect(answer.message, label).toBe('发货数量超过订单未收数量');
        }
      } else if (kind === 'take_notice') {
        // A receipt naming a notice: in transit, on an order that still receives, it is taken in (with
        // a 差异 now and then); any other notice is refused and nothing moves.
        const notice = rnd.pick(notices);
        if (!notice) continue;
        const quantity = Math.max(1, notice.quantity + rnd.int(-3, 3));
        const net = model.accepted - model.shipped;
        const receivable = notice.status === 'in_transit' && ['confirmed', 'partially_received'].includes(order.status);
        const expected = !receivable ? 409 : net + quantity >= ORDERED * 2 ? 400 : 200;
        const answer = await t.api(
          purchaseOrderApi.receive,
          {
            id: order.id,
            version: order.version,
            receivedOn: shanghaiDay(t),
            reason: '随机序列',
            shipmentId: notice.id,
            lines: [{ orderLineId: f.lineId, quantity }],
          },
          token,
        );
        expect(answer.code, `${label} notice ${notice.status}, order ${order.status}: ${answer.message}`).toBe(expected);
        if (expected === 200) {
          model.accepted += quantity;
          model.inTransit -= notice.quantity;
          notice.status = 'received';
          notice.version += 1;
          const posted = (await info(order.id)).receipts.at(-1);
          receipts.push({ id: posted!.id, version: posted!.version, quantity, rejected: 0, reversed: false });
          const [kept] = await queryRows<{ status: string; receipt_id: number; received_quantity: number }>(
            t,
            sql`select s.status, s.receipt_id, l.received_quantity from shipments s join shipment_lines l on l.shipment_id = s.id where s.id = ${notice.id}`,
          );
          expect(kept, label).toEqual({ status: 'received', receipt_id: posted!.id, received_quantity: quantity });
        }
      } else if (kind === 'cancel_notice') {
        const notice = rnd.pick(notices);
        if (!notice) continue;
        const bySupplier = rnd.int(0, 1) === 1;
        const answer = await t.call(
          bySupplier ? '/portal/shipment/cancel' : '/admin/shipment/cancel',
          { id: notice.id, version: notice.version, reason: '随机取消发货' },
          bySupplier ? portal : token,
        );
        expect(answer.code, `${label} notice ${notice.status}: ${answer.message}`).toBe(notice.status === 'in_transit' ? 200 : 409);
        if (answer.code === 200) {
          notice.status = 'cancelled';
          notice.version += 1;
          model.inTransit -= notice.quantity;
        }
      } else if (kind === 'reverse') {
        const receipt = rnd.pick(receipts.filter((r) => !r.reversed));
        if (!receipt) continue;
        if (answered(await t.api(purchaseReceiptApi.reverse, { id: receipt.id, version: receipt.version, reason: '随机冲销' }, token), label)) {
          receipt.reversed = true;
          model.accepted -= receipt.quantity;
          model.rejected -= receipt.rejected;
        }
      } else if (kind === 'return') {
        const quantity = rnd.int(1, 15);
        const replacement = rnd.int(0, 1) === 1;
        const answer = await t.api(
          purchaseReturnApi.create,
          { orderId: order.id, reasonType: 'quality', replacement, lines: [{ orderLineId: f.lineId, quantity }] },
          token,
        );
        if (answered(answer, label)) returns.push({ id: answer.data.id, version: 0, quantity, replacement, status: 'pending' });
      } else {
        const from = { confirm: ['pending'], dispute: ['pending'], ship: ['confirmed'], cancel: ['pending', 'disputed'] }[kind] as string[];
        const ret = rnd.pick(returns.filter((r) => from.includes(r.status)));
        if (!ret) continue;
        const body = { id: ret.id, version: ret.version };
        const calls: Record<string, () => Promise<ApiAnswer>> = {
          confirm: () => t.call('/portal/purchase_return/confirm', body, portal),
          dispute: () => t.api(portalPurchaseReturnApi.dispute, { ...body, reason: '数量不符' }, portal),
          ship: () => t.api(purchaseReturnApi.ship, { ...body, shippedOn: shanghaiDay(t) }, token),
          cancel: () => t.api(purchaseReturnApi.cancel, { ...body, reason: '随机取消' }, token),
        };
        if (answered(await calls[kind](), label)) {
          ret.version += 1;
          ret.status = { confirm: 'confirmed', dispute: 'disputed', ship: 'shipped', cancel: 'cancelled' }[kind] as string;
          if (kind === 'ship') {
            model.shipped += ret.quantity;
            if (!ret.replacement) model.short += ret.quantity;
          }
        }
      }
      // The receipts' versions move when they are reversed: keep them current for the next pick.
      for (const r of (await info(f.order.id)).receipts as { id: number; version: number }[]) {
        const known = receipts.find((k) => k.id === r.id);
        if (known) known.version = r.version;
      }
      await expectAgreement(f, model, label);
    }
    // The sequence did ship: notices were recorded, and at least one was taken in or cancelled.
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.some((n) => n.status !== 'in_transit')).toBe(true);
  });
});

async function expectAgreement(
  f: Awaited<ReturnType<typeof confirmedOrderOnPlan>>,
  model: { accepted: number; rejected: number; shipped: number; short: number; inTransit: number },
  label: string,
) {
  const order = await info(f.order.id);
  const line = order.lines[0];
  const net = model.accepted - model.shipped;
  // The line's figures are the sum of the answered movements…
  expect(line, label).toMatchObject({ receivedQuantity: net, rejectedQuantity: model.rejected, returnedQuantity: model.shipped });
  expect(order.receivedQuantity, label).toBe(net);
  expect(net, label).toBeGreaterThanOrEqual(0);
  // …and of the stored movements, as a statement reads them.
  const [stored] = await queryRows<{ receipts: number; shipped: number; held: number }>(
    t,
    sql`select
          (select coalesce(sum(quantity), 0)::int from purchase_receipt_lines where order_line_id = ${f.lineId}) as receipts,
          (select coalesce(sum(l.quantity), 0)::int from purchase_return_lines l join purchase_returns r on r.id = l.return_id
            where l.order_line_id = ${f.lineId} and r.status = 'shipped') as shipped,
          (select coalesce(sum(l.quantity), 0)::int from purchase_return_lines l join purchase_returns r on r.id = l.return_id
            where l.order_line_id = ${f.lineId} and r.status not in ('shipped', 'cancelled')) as held`,
  );
  expect(stored.receipts - stored.shipped, label).toBe(net);
  expect(stored.held, label).toBeLessThanOrEqual(net);
  // What is in transit is the open notices' sum; every taken notice kept what its receipt took.
  const [notices] = await queryRows<{ in_transit: number; mismatched: number }>(
    t,
    sql`select
          (select coalesce(sum(l.quantity), 0)::int from shipment_lines l join shipments s on s.id = l.shipment_id
            where l.order_line_id = ${f.lineId} and s.status = 'in_transit') as in_transit,
          (select count(*)::int from shipment_lines l join shipments s on s.id = l.shipment_id
            join purchase_receipt_lines r on r.receipt_id = s.receipt_id and r.order_line_id = l.order_line_id
            where l.order_line_id = ${f.lineId} and s.status = 'received' and r.quantity <> l.received_quantity) as mismatched`,
  );
  expect(notices, label).toEqual({ in_transit: model.inTransit, mismatched: 0 });
  expect(line.receivedAmountFen, label).toBe(net * 1000);
  expect(order.receivedTotalFen, label).toBe(net * 1000 + order.freightFen);

  // The order's status follows the net: complete at the quantity less what was settled short.
  const complete = net >= ORDERED - model.short;
  const status = complete ? 'received' : net > 0 ? 'partially_received' : 'confirmed';
  expect(order.status, label).toBe(status);
  // The plan line counts the same net; the task is complete exactly when the order is in.
  const plan = (await t.api(planningApi.info, { id: f.planId }, token)).data;
  const planLine = plan.lines.find((l: { id: number }) => l.id === f.planLineId);
  expect(planLine!.receivedQuantity, label).toBe(net);
  expect(planLine!.progress, label).toBe(Math.floor((net * 100) / 100));
  const task = (await t.api(procurementTaskApi.info, { id: f.taskId }, token)).data;
  expect(task.status, label).toBe(status === 'received' ? 'completed' : 'awarded');
  const [facts] = await queryRows<{ status: string }>(t, sql`select status from board_task_facts where task_id = ${f.taskId}`);
  expect(facts.status, label).toBe(task.status);
}

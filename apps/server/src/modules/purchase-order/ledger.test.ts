import {
  PURCHASE_RECEIPT_STATUSES,
  PURCHASE_RECEIPT_TRANSITIONS,
  type PurchaseReceiptStatus,
  receiptStatusOf,
  purchaseReceiptApi,
} from '@scm/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiPath, createTestApp, queryRows, shanghaiDay, type TestApp } from '../../../test/helpers';
import { confirmedOrderOnPlan } from '../../../test/order-fixtures';
import { portalAccountOf } from '../../../test/portal-fixtures';
import { loginWithCodes, seedDictionaries } from '../../../test/procurement-fixtures';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';
import { purchaseOrderLines, purchaseOrders, purchaseReceipts } from '../../db/schema';

// The net ledger of an order line (docs/rules/orders.md, "The net ledger"): rejection at receipt,
// priced over-receipt, reversal by a mirror receipt, and everything read from the net figure.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDictionaries(t);
});
afterAll(() => t.close());

async function ok(path: ApiPath, body: unknown, as = token) {
  const answer = await t.call(path, body, as);
  expect(answer.code, `${path}: ${answer.message} ${JSON.stringify(answer.data)}`).toBe(200);
  return answer.data;
}
const info = (id: number) => ok('/admin/purchase_order/info', { id });
type ReceiptLine = { order_line_id: number; quantity: number; rejected_quantity?: number; reject_reason?: string };
const receive = async (id: number, lines: ReceiptLine[], extra: Record<string, unknown> = {}) =>
  t.call('/admin/purchase_order/receive', { id, version: (await info(id)).version, received_on: shanghaiDay(t), lines, ...extra }, token);
const reverse = (id: number, version: number, reason = '数量录错') => t.api(purchaseReceiptApi.reverse, { id, version, reason }, token);

const confirmedOrder = () => confirmedOrderOnPlan(t, token);

describe('rejection at receipt', () => {
  it('never counts refused goods as received, keeps the line open for them, and shows them to the supplier', async () => {
    const f = await confirmedOrder();
    const noReason = await receive(f.order.id, [{ order_line_id: f.lineId, quantity: 90, rejected_quantity: 8 }]);
    expect(noReason.code).toBe(400);
    expect(noReason.data.field_errors).toEqual([{ field: 'lines.0.reject_reason', message: '请填写拒收原因' }]);
    const nothing = await receive(f.order.id, [{ order_line_id: f.lineId, quantity: 0 }]);
    expect(nothing.data.field_errors[0]).toMatchObject({ field: 'lines.0.quantity', message: '收货数量与拒收数量不能都为0' });

    expect((await receive(f.order.id, [{ order_line_id: f.lineId, quantity: 92, rejected_quantity: 8, reject_reason: '灯罩碎裂' }])).code).toBe(200);
    const after = await info(f.order.id);
    expect(after).toMatchObject({ status: 'partially_received', received_quantity: 92 });
    expect(after.lines[0]).toMatchObject({ received_quantity: 92, rejected_quantity: 8, returned_quantity: 0, received_amount_fen: 92_000 });
    expect(after.receipts[0].lines[0]).toMatchObject({ quantity: 92, rejected_quantity: 8, reject_reason: '灯罩碎裂' });

    // A receipt of refused goods alone: quantity 0 is allowed, nothing is received.
    expect((await receive(f.order.id, [{ order_line_id: f.lineId, quantity: 0, rejected_quantity: 8, reject_reason: '补发仍破损' }])).code).toBe(200);
    expect((await info(f.order.id)).lines[0]).toMatchObject({ received_quantity: 92, rejected_quantity: 16 });

    // The 10 % rule weighs only what was accepted: 92 + 18 = 110 needs no reason.
    expect((await receive(f.order.id, [{ order_line_id: f.lineId, quantity: 18, rejected_quantity: 30, reject_reason: '多送破损' }])).code).toBe(200);
    expect(await info(f.order.id)).toMatchObject({ status: 'received', received_quantity: 110 });

    const { token: supplierToken } = await portalAccountOf(t, token, f.supplierIds[0], `ledger-reject-${f.order.id}@test.com`);
    const seen = await ok('/portal/purchase_order/info', { id: f.order.id }, supplierToken);
    expect(seen.lines[0]).toMatchObject({ rejected_quantity: 46 });
    expect(seen.receipts[0].lines[0]).toMatchObject({ rejected_quantity: 8, reject_reason: '灯罩碎裂' });
  });
});

describe('over-receipt is priced', () => {
  it('answers the received amount per line and the received total with freight, the order total staying as ordered', async () => {
    const f = await confirmedOrder();
    expect((await receive(f.order.id, [{ order_line_id: f.lineId, quantity: 115 }], { reason: '供应商多送' })).code).toBe(200);
    const after = await info(f.order.id);
    expect(after.lines[0]).toMatchObject({ received_quantity: 115, received_amount_fen: 115_000 });
    expect(after.received_total_fen).toBe(115_000 + f.freightFen);
    expect(after.total_fen).toBe(100_000 + f.freightFen);
  });
});

describe('reversal 冲销', () => {
  it('takes a whole receipt back by a mirror receipt, once, and moves status, plan and task back down', async () => {
    const f = await confirmedOrder();
    expect((await receive(f.order.id, [{ order_line_id: f.lineId, quantity: 60 }])).code).toBe(200);
    expect((await receive(f.order.id, [{ order_line_id: f.lineId, quantity: 40, rejected_quantity: 2, reject_reason: '外箱破损' }])).code).toBe(200);
    // The task's other order received whole, so the task completes.
    await ok('/admin/purchase_order/confirm', { id: f.other.id, version: 0 });
    expect((await receive(f.other.id, [{ order_line_id: (await info(f.other.id)).lines[0].id, quantity: 40 }])).code).toBe(200);
    expect(await info(f.order.id)).toMatchObject({ status: 'received', received_quantity: 100 });
    expect(await ok('/admin/procurement_task/info', { id: f.taskId })).toMatchObject({ status: 'completed' });
    expect(await ok('/admin/planning_task/info', { id: f.planId })).toMatchObject({ status: 'completed', progress: 100 });

    const second = (await info(f.order.id)).receipts[1];
    expect((await reverse(second.id, second.version + 1)).code).toBe(409);
    const answer = await reverse(second.id, second.version, '实收40件录成了应收');
    expect(answer.code, answer.message).toBe(200);

    const after = await info(f.order.id);
    expect(after).toMatchObject({ status: 'partially_received', received_quantity: 60 });
    expect(after.lines[0]).toMatchObject({ received_quantity: 60, rejected_quantity: 0, received_amount_fen: 60_000 });
    const mirror = after.receipts.find((r: { id: number }) => r.id === answer.data.id);
    expect(mirror).toMatchObject({ reversal_of: second.id, reversed_by: null, reason: '实收40件录成了应收', received_on: shanghaiDay(t) });
    expect(mirror.lines).toEqual([expect.objectContaining({ order_line_id: f.lineId, quantity: -40, rejected_quantity: -2 })]);
    expect(after.receipts.find((r: { id: number }) => r.id === second.id)).toMatchObject({ reversed_by: mirror.id, version: second.version + 1 });

    // Everything read from the net figure moved back down in the same transaction.
    const task = await ok('/admin/procurement_task/info', { id: f.taskId });
    expect(task.status).toBe('awarded');
    const [facts] = await queryRows<{ status: string }>(t, sql`select status from board_task_facts where task_id = ${f.taskId}`);
    expect(facts.status).toBe('awarded');
    const plan = await ok('/admin/planning_task/info', { id: f.planId });
    expect(plan.status).toBe('in_procurement');
    expect(plan.lines[0]).toMatchObject({ received_quantity: 60, progress: 60 });

    // Once only; a mirror receipt is never reversed.
    const again = await reverse(second.id, second.version + 1);
    expect(again).toMatchObject({ code: 409, message: '该收货已冲销，不能重复冲销' });
    expect((await reverse(mirror.id, mirror.version)).code).toBe(409);

    // Reversing the first receipt too leaves nothing received: back to 已确认, receivable again.
    const first = after.receipts[0];
    expect((await reverse(first.id, first.version)).code).toBe(200);
    expect(await info(f.order.id)).toMatchObject({ status: 'confirmed', received_quantity: 0 });
    expect((await receive(f.order.id, [{ order_line_id: f.lineId, quantity: 100 }])).code).toBe(200);
    expect(await info(f.order.id)).toMatchObject({ status: 'received', received_quantity: 100 });
    expect(await ok('/admin/procurement_task/info', { id: f.taskId })).toMatchObject({ status: 'completed' });
    expect(await ok('/admin/planning_task/info', { id: f.planId })).toMatchObject({ status: 'completed' });
  });

  it('tells the supplier’s portal accounts and the plan’s owner', async () => {
    const f = await confirmedOrder();
    await portalAccountOf(t, token, f.supplierIds[0], `ledger-reversal-${f.order.id}@test.com`);
    await loginWithCodes(t, ['planningTaskList'], `plan-owner-${f.order.id}@test.com`);
    await t.database.db.execute(
      sql`update planning_tasks set owner_id = (select id from back_users where email = ${`plan-owner-${f.order.id}@test.com`}) where id = ${f.planId}`,
    );
    expect((await receive(f.order.id, [{ order_line_id: f.lineId, quantity: 10 }])).code).toBe(200);
    const [receipt] = (await info(f.order.id)).receipts;
    expect((await reverse(receipt.id, receipt.version, '数量录错')).code).toBe(200);
    const told = await queryRows<{ kind: string; title: string; recipient_user_id: number | null; recipient_account_id: number | null }>(
      t,
      sql`select kind, title, recipient_user_id, recipient_account_id from messages where kind in ('receipt_reversed', 'plan_receipt_reversed') and title like ${`%${f.order.code}%`} or (kind = 'plan_receipt_reversed' and body like ${`%${f.order.code}%`})`,
    );
    expect(told.map((m) => m.kind).sort()).toEqual(['plan_receipt_reversed', 'receipt_reversed']);
    expect(told.find((m) => m.kind === 'receipt_reversed')?.recipient_account_id).not.toBeNull();
    expect(told.find((m) => m.kind === 'plan_receipt_reversed')?.recipient_user_id).not.toBeNull();
  });

  it('is refused for a receipt or order that does not exist', async () => {
    expect((await reverse(999_999, 0)).code).toBe(404);
  });
});

describe('the receipt machine', () => {
  /** A receipt in `status`: a posted one, one already reversed, or the mirror receipt of a reversal. */
  async function receiptIn(status: PurchaseReceiptStatus) {
    const f = await confirmedOrder();
    expect((await receive(f.order.id, [{ order_line_id: f.lineId, quantity: 10 }])).code).toBe(200);
    const [posted] = (await info(f.order.id)).receipts;
    if (status === 'posted') return { id: posted.id, version: posted.version, orderId: f.order.id };
    const mirrorId = (await reverse(posted.id, posted.version)).data.id as number;
    const receipts = (await info(f.order.id)).receipts as { id: number; version: number }[];
    const receipt = receipts.find((r) => r.id === (status === 'reversed' ? posted.id : mirrorId)) as { id: number; version: number };
    return { id: receipt.id, version: receipt.version, orderId: f.order.id };
  }

  sweepStatusMachine({
    machine: PURCHASE_RECEIPT_TRANSITIONS,
    statuses: PURCHASE_RECEIPT_STATUSES,
    build: receiptIn,
    act: (_, receipt) => reverse(receipt.id, receipt.version),
    snapshot: async (receipt) => {
      const db = t.database.db;
      return {
        order: await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, receipt.orderId)),
        lines: await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, receipt.orderId)),
        receipts: await db.select().from(purchaseReceipts).where(eq(purchaseReceipts.orderId, receipt.orderId)),
        audit: await auditRowCount(db),
      };
    },
    statusOf: async (receipt) => {
      const detail = (await info(receipt.orderId)).receipts.find((r: { id: number }) => r.id === receipt.id);
      return receiptStatusOf({ reversalOf: detail.reversal_of, reversedBy: detail.reversed_by });
    },
    refusal: (_, status) => (status === 'reversed' ? '该收货已冲销，不能重复冲销' : undefined),
  });
});

describe('reversals racing each other', () => {
  it('lets two reversals of one receipt racing each other post once', async () => {
    const f = await confirmedOrder();
    expect((await receive(f.order.id, [{ order_line_id: f.lineId, quantity: 30 }])).code).toBe(200);
    const receipt = (await info(f.order.id)).receipts[0];
    const answers = await Promise.all(Array.from({ length: 8 }, () => reverse(receipt.id, receipt.version)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409)).toHaveLength(7);
    expect(await info(f.order.id)).toMatchObject({ received_quantity: 0, status: 'confirmed' });
    const mirrors = await t.database.db.select().from(purchaseReceipts).where(eq(purchaseReceipts.reversalOf, receipt.id));
    expect(mirrors).toHaveLength(1);
  });
});

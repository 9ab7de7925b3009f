import { dataBoardApi, DAY_MS, planningApi, shanghaiDay } from '@scm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, type TestApp } from '../../../test/helpers';

// The demo is written through the services (docs/rules/orders.md, "The net ledger"): every figure a
// page shows of it must agree with the rows it stands on. Each expectation below is worked from the
// movement rows themselves, never by calling the function that computes the figure.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  token = await t.login();
});
afterAll(() => t.close());

type LineRow = {
  id: number;
  order_id: number;
  task_line_id: number;
  quantity: number;
  unit_price_fen: number;
  received_quantity: number;
  rejected_quantity: number;
  returned_quantity: number;
  settled_short_quantity: number;
};

const orderLines = () => queryRows<LineRow>(t, sql`select * from purchase_order_lines order by id`);

/** Σ receipt and reversal lines − Σ shipped return lines, per order line, from the movement rows. */
async function movementsByLine() {
  const receipts = await queryRows<{ order_line_id: number; quantity: number; rejected_quantity: number }>(
    t,
    sql`select order_line_id, quantity, rejected_quantity from purchase_receipt_lines`,
  );
  const returns = await queryRows<{ order_line_id: number; quantity: number }>(
    t,
    sql`select l.order_line_id, l.quantity from purchase_return_lines l join purchase_returns r on r.id = l.return_id where r.status = 'shipped'`,
  );
  const net = new Map<number, { accepted: number; rejected: number; returned: number }>();
  const of = (id: number) => net.get(id) ?? net.set(id, { accepted: 0, rejected: 0, returned: 0 }).get(id)!;
  for (const r of receipts) {
    of(r.order_line_id).accepted += Number(r.quantity);
    of(r.order_line_id).rejected += Number(r.rejected_quantity);
  }
  for (const r of returns) of(r.order_line_id).returned += Number(r.quantity);
  return (id: number) => {
    const m = net.get(id) ?? { accepted: 0, rejected: 0, returned: 0 };
    return { net: m.accepted - m.returned, rejected: m.rejected, returned: m.returned };
  };
}

describe('the demo figures agree with their rows', () => {
  it('has orders received through the ledger, a shipped return and statements to check', async () => {
    const [counts] = await queryRows<{ receipts: number; received: number; shipped: number; statements: number; movements: number }>(
      t,
      sql`select (select count(*)::int from purchase_receipts) as receipts,
                 (select count(*)::int from purchase_orders where status = 'received') as received,
                 (select count(*)::int from purchase_returns where status = 'shipped') as shipped,
                 (select count(*)::int from supplier_statements) as statements,
                 (select count(*)::int from supplier_statement_movements) as movements`,
    );
    expect(counts.receipts).toBeGreaterThan(0);
    expect(counts.received).toBeGreaterThan(0);
    expect(counts.shipped).toBe(1);
    expect(counts.statements).toBe(3);
    expect(counts.movements).toBeGreaterThan(0);
  });

  it("each order line's received, refused and returned quantities are the sums of its movements", async () => {
    const ledger = await movementsByLine();
    const lines = await orderLines();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const m = ledger(line.id);
      expect({ line: line.id, received: line.received_quantity, rejected: line.rejected_quantity, returned: line.returned_quantity }).toEqual({
        line: line.id,
        received: m.net,
        rejected: m.rejected,
        returned: m.returned,
      });
    }
  });

  it("each order's received quantity and status follow from its lines", async () => {
    const ledger = await movementsByLine();
    const lines = await orderLines();
    const orders = await queryRows<{ id: number; code: string; status: string; received_quantity: number; confirmed_at: Date | null }>(
      t,
      sql`select id, code, status, received_quantity, confirmed_at from purchase_orders order by id`,
    );
    for (const order of orders) {
      const own = lines.filter((l) => l.order_id === order.id);
      const nets = own.map((l) => ({ ...l, net: ledger(l.id).net }));
      expect(Number(order.received_quantity), order.code).toBe(nets.reduce((s, l) => s + l.net, 0));
      const anyReceived = nets.some((l) => l.net > 0);
      if (order.status === 'pending') {
        expect(anyReceived, order.code).toBe(false);
        continue;
      }
      // An order with goods in was confirmed first (the supplier's answer), then received.
      expect(order.confirmed_at, order.code).not.toBeNull();
      const complete = nets.every((l) => l.net >= l.quantity - l.settled_short_quantity);
      expect(order.status, order.code).toBe(complete ? 'received' : anyReceived ? 'partially_received' : 'confirmed');
    }
  });

  it("each order's timeline is dated as its story goes: made, confirmed by its supplier, then received", async () => {
    const rows = await queryRows<{ code: string; action: string; at: Date; confirmed_at: Date | null; received_at: Date | null }>(
      t,
      sql`select o.code, a.action, a.created_at as at, o.confirmed_at,
                 (select min(r.created_at) from purchase_receipts r where r.order_id = o.id) as received_at
          from audit_logs a join purchase_orders o on a.module = 'purchase_order' and a.record_id = o.id::text
          order by o.id, a.id`,
    );
    const confirmed = rows.filter((r) => r.action === 'confirm');
    expect(confirmed.length).toBeGreaterThan(0);
    for (const r of confirmed) expect(new Date(r.at).getTime(), r.code).toBe(new Date(r.confirmed_at as Date).getTime());
    for (const r of rows.filter((row) => row.action === 'receive')) {
      expect(new Date(r.at).getTime(), r.code).toBe(new Date(r.received_at as Date).getTime());
      expect(new Date(r.at).getTime(), r.code).toBeGreaterThan(new Date(r.confirmed_at as Date).getTime());
      expect(new Date(r.at).getTime(), r.code).toBeLessThanOrEqual(t.clock.now.getTime());
    }
  });

  it("each plan's ordered and received quantities, its progress and its status agree with its orders' movements", async () => {
    const ledger = await movementsByLine();
    const lines = await orderLines();
    const taskLines = await queryRows<{ id: number; plan_line_id: number | null }>(t, sql`select id, plan_line_id from procurement_task_lines`);
    const planLineOfTaskLine = new Map(taskLines.map((l) => [l.id, l.plan_line_id]));
    const planLines = await queryRows<{
      id: number;
      plan_id: number;
      quantity: number;
      awarded_quantity: number;
      ordered_quantity: number;
      received_quantity: number;
    }>(t, sql`select id, plan_id, quantity, awarded_quantity, ordered_quantity, received_quantity from planning_task_lines`);
    const plans = await queryRows<{ id: number; code: string; status: string; close_reason: string | null }>(
      t,
      sql`select id, code, status, close_reason from planning_tasks order by id`,
    );
    const listed = await t.api(planningApi.list, { page: 1, pageSize: 200 }, token);
    expect(listed.code).toBe(200);
    const progressOf = new Map(listed.data.list.map((p) => [p.id, p.progress]));

    let withReceipts = 0;
    for (const plan of plans) {
      const own = planLines.filter((l) => l.plan_id === plan.id);
      let counted = 0;
      let planned = 0;
      let open = 0;
      for (const line of own) {
        const fromOrders = lines.filter((l) => planLineOfTaskLine.get(l.task_line_id) === line.id);
        const ordered = fromOrders.reduce((s, l) => s + l.quantity, 0);
        const received = fromOrders.reduce((s, l) => s + ledger(l.id).net, 0);
        expect({ plan: plan.code, line: line.id, ordered: line.ordered_quantity, received: line.received_quantity }).toEqual({
          plan: plan.code,
          line: line.id,
          ordered,
          received,
        });
        if (received > 0) withReceipts++;
        const progress = ordered > 0 ? received : line.awarded_quantity;
        counted += Math.min(progress, line.quantity);
        planned += line.quantity;
        if (progress < line.quantity) open++;
      }
      expect(progressOf.get(plan.id), plan.code).toBe(planned > 0 ? Math.floor((counted * 100) / planned) : 0);
      // 采购中 with every line complete would have been completed by its receipts; completed by its
      // receipts (no close reason) means every line is complete.
      if (plan.status === 'in_procurement') expect(open, plan.code).toBeGreaterThan(0);
      if (plan.status === 'completed' && plan.close_reason == null) expect(open, plan.code).toBe(0);
    }
    expect(withReceipts).toBeGreaterThan(0);
  });

  it("each statement's movements are copies of the ledger's rows and its totals their sums", async () => {
    const statements = await queryRows<{ id: number; code: string; goods_fen: number; freight_fen: number; returns_fen: number; total_fen: number }>(
      t,
      sql`select id, code, goods_fen, freight_fen, returns_fen, total_fen from supplier_statements order by id`,
    );
    const movements = await queryRows<{
      statement_id: number;
      kind: string;
      order_id: number;
      receipt_line_id: number | null;
      quantity: number | null;
      unit_price_fen: number | null;
      amount_fen: number;
    }>(
      t,
      sql`select statement_id, kind, order_id, receipt_line_id, quantity, unit_price_fen, amount_fen from supplier_statement_movements where live`,
    );
    const receiptLines = await queryRows<{ id: number; quantity: number; unit_price_fen: number }>(
      t,
      sql`select rl.id, rl.quantity, ol.unit_price_fen from purchase_receipt_lines rl join purchase_order_lines ol on ol.id = rl.order_line_id`,
    );
    const orders = await queryRows<{ id: number; freight_fen: number }>(t, sql`select id, freight_fen from purchase_orders`);
    for (const s of statements) {
      const own = movements.filter((m) => m.statement_id === s.id);
      expect(own.length, s.code).toBeGreaterThan(0);
      for (const m of own) {
        if (m.kind === 'freight') {
          expect(Number(m.amount_fen), s.code).toBe(Number(orders.find((o) => o.id === m.order_id)?.freight_fen));
          continue;
        }
        expect(Number(m.amount_fen), s.code).toBe(Number(m.quantity) * Number(m.unit_price_fen));
        if (m.kind === 'receipt') {
          const row = receiptLines.find((r) => r.id === m.receipt_line_id);
          expect({ quantity: m.quantity, price: Number(m.unit_price_fen) }).toEqual({ quantity: row?.quantity, price: Number(row?.unit_price_fen) });
        }
      }
      const sum = (kinds: string[]) => own.filter((m) => kinds.includes(m.kind)).reduce((a, m) => a + Number(m.amount_fen), 0);
      const goods = sum(['receipt', 'reversal']);
      const freight = sum(['freight']);
      const returns = sum(['return']);
      expect({ goods: Number(s.goods_fen), freight: Number(s.freight_fen), returns: Number(s.returns_fen), total: Number(s.total_fen) }).toEqual({
        goods,
        freight,
        returns,
        total: goods + freight + returns,
      });
    }
  });

  it("the board's figures are those of the rows", async () => {
    const dateTo = shanghaiDay(t.clock.now);
    const dateFrom = shanghaiDay(t.clock.now.getTime() - 3000 * DAY_MS);
    const board = await t.api(dataBoardApi.summary, { dateFrom, dateTo }, token);
    expect(board.code).toBe(200);
    const [awarded] = await queryRows<{ fen: string; tasks: number }>(
      t,
      sql`select coalesce(sum(coalesce(l.awarded_quantity, l.quantity) * l.awarded_unit_price_fen), 0)::text as fen
          from procurement_task_lines l join procurement_tasks k on k.id = l.task_id
          where l.awarded_supplier_id is not null and k.status in ('awarded', 'completed')`,
    );
    const [completed] = await queryRows<{ n: number }>(t, sql`select count(*)::int as n from procurement_tasks where status = 'completed'`);
    const [open] = await queryRows<{ n: number; overdue: number }>(
      t,
      sql`select count(*)::int as n,
                 count(*) filter (where required_by < ${dateTo}::date)::int as overdue
          from purchase_orders where status in ('pending', 'confirmed', 'partially_received')`,
    );
    const [payable] = await queryRows<{ fen: string }>(
      t,
      sql`select coalesce(sum(total_fen), 0)::text as fen from supplier_statements where status in ('confirmed', 'invoiced', 'approved')`,
    );
    expect(Number(awarded.fen)).toBeGreaterThan(0);
    expect(Number(payable.fen)).toBeGreaterThan(0);
    expect({
      awarded: board.data.current.awardedAmountFen,
      completed: board.data.current.tasksCompleted,
      open: board.data.openOrderCount,
      overdue: board.data.overdueOrderCount,
      payable: board.data.openPayableFen,
    }).toEqual({ awarded: Number(awarded.fen), completed: completed.n, open: open.n, overdue: open.overdue, payable: Number(payable.fen) });
  });
});

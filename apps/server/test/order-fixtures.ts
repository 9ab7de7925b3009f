import { DAY_MS } from '@scm/contract';
import { sql } from 'drizzle-orm';
import { seedCommodities, supplierBody } from './procurement-fixtures';
import { type ApiPath, queryRows, shanghaiDay, type TestApp } from './helpers';

async function ok(t: TestApp, path: ApiPath, body: unknown, token: string) {
  const answer = await t.call(path, body, token);
  if (answer.code !== 200) throw new Error(`${path}: ${answer.message} ${JSON.stringify(answer.data)}`);
  return answer.data;
}

let serial = 0;

export interface AwardedFixture {
  taskId: number;
  taskCode: string;
  supplierIds: [number, number];
  /** Task line ids: line 0 goes to the first supplier, line 1 to the second. */
  lineIds: [number, number];
  orders: { id: number; supplier_id: number; version: number; code: string }[];
}

/**
 * A task taken through the API to 已定标 with two suppliers winning one line each, so the award
 * makes two orders: 收纳箱 × 100 at ¥10.00 from the first (13 % special invoice, ¥6.00 freight),
 * 保鲜盒 × 40 at ¥9.00 from the second (3 % ordinary invoice, no freight).
 */
export async function awardedTask(
  t: TestApp,
  token: string,
  options: {
    buyerId?: number;
    planId?: number;
    planLineIds?: [number, number];
    commodityIds?: [number, number];
    /** Award to these suppliers instead of two new ones. */
    supplierIds?: [number, number];
    /** Each supplier's invoice and freight, instead of the defaults above. */
    quoteTerms?: [Record<string, unknown>, Record<string, unknown>];
    warehouseCode?: string;
  } = {},
): Promise<AwardedFixture> {
  serial += 1;
  const commodityIds =
    options.commodityIds ??
    ((
      await seedCommodities(t, [
        { sku: `PO${serial}-A`, name: '北欧风收纳箱', weightG: 800, priceFen: 1200 },
        { sku: `PO${serial}-B`, name: '硅胶保鲜盒', weightG: 300, priceFen: 1000 },
      ])
    ).ids as [number, number]);
  const [s1, s2] = options.supplierIds ?? [
    (await ok(t, '/admin/supplier/create', supplierBody(`订单测试供应商甲${serial}`), token)).id,
    (await ok(t, '/admin/supplier/create', supplierBody(`订单测试供应商乙${serial}`), token)).id,
  ];
  const { id: taskId } = await ok(
    t,
    '/admin/procurement_task/create',
    {
      name: `订单测试任务${serial}`,
      buyer_id: options.buyerId ?? 1,
      quote_deadline: new Date(t.clock.now.getTime() + DAY_MS).toISOString(),
      delivery_region_code: '440305',
      warehouse_code: options.warehouseCode,
      required_by: shanghaiDay(t, 10),
      plan_id: options.planId,
      lines: [
        { commodity_id: commodityIds[0], quantity: 100, target_price_fen: 1100, plan_line_id: options.planLineIds?.[0] },
        { commodity_id: commodityIds[1], quantity: 40, target_price_fen: 1000, plan_line_id: options.planLineIds?.[1] },
      ],
      supplier_ids: [s1, s2],
      // Quoted in the open and closed by hand (sealed tasks open at the deadline: test/sealing.test.ts).
      sealed: false,
    },
    token,
  );
  await ok(t, '/admin/procurement_task/publish', { id: taskId, version: 0 }, token);
  const info = await ok(t, '/admin/procurement_task/info', { id: taskId }, token);
  const lineIds = info.lines.map((l: { id: number }) => l.id) as [number, number];
  const quote = (supplierId: number, prices: [number, number], extra: Record<string, unknown>) =>
    ok(
      t,
      '/admin/quotation/save',
      {
        task_id: taskId,
        supplier_id: supplierId,
        quote_date: shanghaiDay(t),
        valid_until: shanghaiDay(t, 60),
        freight_mode: 'manual',
        lines: lineIds.map((id, i) => ({ task_line_id: id, unit_price_fen: prices[i], moq: 1, lead_time_days: 7 })),
        ...extra,
      },
      token,
    );
  const [terms1, terms2] = options.quoteTerms ?? [
    { invoice_type: 'special', tax_rate_percent: 13, freight_fen: 600 },
    { invoice_type: 'ordinary', tax_rate_percent: 3, freight_fen: 0 },
  ];
  await quote(s1, [1000, 1300], terms1);
  await quote(s2, [1400, 900], terms2);
  await ok(t, '/admin/procurement_task/close_quote', { id: taskId, version: 1 }, token);
  await ok(
    t,
    '/admin/procurement_task/award',
    {
      id: taskId,
      version: 2,
      lines: [
        { task_line_id: lineIds[0], supplier_id: s1, reason: '综合比价' },
        { task_line_id: lineIds[1], supplier_id: s2, reason: '综合比价' },
      ],
    },
    token,
  );
  const orders = (await ok(t, '/admin/purchase_order/list', { task_id: taskId, sort_field: 'code', sort_order: 'ascend' }, token)).list;
  return { taskId, taskCode: info.code, supplierIds: [s1, s2], lineIds, orders };
}

let plans = 0;
/**
 * An awarded task on a plan of its own (plan lines of 100 and 40, one per order), its first order
 * confirmed: the order, its line, the plan and the plan line the receipts roll up to.
 */
export async function confirmedOrderOnPlan(t: TestApp, token: string) {
  const [plan] = await queryRows<{ id: number }>(
    t,
    sql`insert into planning_tasks (code, name, plan_type, warehouse, owner_id, status)
        values (${`JHL${Date.now().toString(36)}${++plans}`}, '冲销测试计划', 'regular', 'sh_jiading', 1, 'in_procurement') returning id`,
  );
  const fixture = await awardedTask(t, token, { planId: plan.id });
  const commodityIds = await queryRows<{ commodity_id: number }>(
    t,
    sql`select commodity_id from procurement_task_lines where task_id = ${fixture.taskId} order by sort`,
  );
  const planLines = await queryRows<{ id: number }>(
    t,
    sql`insert into planning_task_lines (plan_id, commodity_id, quantity, budget_unit_price_fen, sort, ordered_quantity)
        values (${plan.id}, ${commodityIds[0].commodity_id}, 100, 1100, 1, 100), (${plan.id}, ${commodityIds[1].commodity_id}, 40, 1000, 2, 40) returning id`,
  );
  await t.database.db.execute(sql`update procurement_task_lines set plan_line_id = ${planLines[0].id} where id = ${fixture.lineIds[0]}`);
  await t.database.db.execute(sql`update procurement_task_lines set plan_line_id = ${planLines[1].id} where id = ${fixture.lineIds[1]}`);
  const [order, other] = fixture.orders;
  await ok(t, '/admin/purchase_order/confirm', { id: order.id, version: 0 }, token);
  const detail = await ok(t, '/admin/purchase_order/info', { id: order.id }, token);
  return {
    ...fixture,
    order,
    other,
    lineId: detail.lines[0].id as number,
    planId: plan.id,
    planLineId: planLines[0].id,
    freightFen: detail.freight_fen as number,
  };
}

/**
 * An order received in full today and its supplier's statement, sent to the supplier (version 1):
 * a record of another supplier's realm for the portal sweeps.
 */
export async function sentStatement(t: TestApp, token: string): Promise<{ orderId: number; statementId: number }> {
  const [order] = (await awardedTask(t, token)).orders;
  await ok(t, '/admin/purchase_order/confirm', { id: order.id, version: 0 }, token);
  const info = await ok(t, '/admin/purchase_order/info', { id: order.id }, token);
  await ok(
    t,
    '/admin/purchase_order/receive',
    {
      id: order.id,
      version: info.version,
      received_on: shanghaiDay(t),
      lines: info.lines.map((l: { id: number; quantity: number }) => ({ order_line_id: l.id, quantity: l.quantity })),
    },
    token,
  );
  const day = shanghaiDay(t);
  const { id } = await ok(t, '/admin/supplier_statement/create', { supplier_id: order.supplier_id, period_from: day, period_to: day }, token);
  await ok(t, '/admin/supplier_statement/send', { id, version: 0 }, token);
  return { orderId: order.id, statementId: id };
}

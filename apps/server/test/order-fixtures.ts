import { DAY_MS, procurementTaskApi, purchaseOrderApi, quotationApi, supplierStatementApi } from '@scm/contract';
import { sql } from 'drizzle-orm';
import { createSupplier, type QuoteBody } from './builders';
import { seedCommodities } from './procurement-fixtures';
import { apiOk, queryRows, shanghaiDay, type TestApp } from './helpers';

/** What one supplier's quote says beyond its prices: its invoice and freight. */
type QuoteTerms = Partial<Pick<QuoteBody, 'invoiceType' | 'taxRatePercent' | 'freightFen'>>;

let serial = 0;

export interface AwardedFixture {
  taskId: number;
  taskCode: string;
  supplierIds: [number, number];
  /** Task line ids: line 0 goes to the first supplier, line 1 to the second. */
  lineIds: [number, number];
  orders: { id: number; supplierId: number; version: number; code: string }[];
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
    quoteTerms?: [QuoteTerms, QuoteTerms];
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
    await createSupplier(t, token, `订单测试供应商甲${serial}`),
    await createSupplier(t, token, `订单测试供应商乙${serial}`),
  ];
  const { id: taskId } = await apiOk(
    t,
    procurementTaskApi.create,
    {
      name: `订单测试任务${serial}`,
      buyerId: options.buyerId ?? 1,
      quoteDeadline: new Date(t.clock.now.getTime() + DAY_MS).toISOString(),
      deliveryRegionCode: '440305',
      warehouseCode: options.warehouseCode,
      requiredBy: shanghaiDay(t, 10),
      planId: options.planId,
      lines: [
        { commodityId: commodityIds[0], quantity: 100, targetPriceFen: 1100, planLineId: options.planLineIds?.[0] },
        { commodityId: commodityIds[1], quantity: 40, targetPriceFen: 1000, planLineId: options.planLineIds?.[1] },
      ],
      supplierIds: [s1, s2],
      // Quoted in the open and closed by hand (sealed tasks open at the deadline: test/sealing.test.ts).
      sealed: false,
    },
    token,
  );
  await apiOk(t, procurementTaskApi.publish, { id: taskId, version: 0 }, token);
  const info = await apiOk(t, procurementTaskApi.info, { id: taskId }, token);
  const lineIds = info.lines.map((l) => l.id) as [number, number];
  const quote = (supplierId: number, prices: [number, number], terms: QuoteTerms) =>
    apiOk(
      t,
      quotationApi.save,
      {
        taskId,
        supplierId,
        quoteDate: shanghaiDay(t),
        validUntil: shanghaiDay(t, 60),
        freightMode: 'manual',
        lines: lineIds.map((id, i) => ({ taskLineId: id, unitPriceFen: prices[i], moq: 1, leadTimeDays: 7 })),
        ...terms,
      },
      token,
    );
  const [terms1, terms2]: [QuoteTerms, QuoteTerms] = options.quoteTerms ?? [
    { invoiceType: 'special', taxRatePercent: 13, freightFen: 600 },
    { invoiceType: 'ordinary', taxRatePercent: 3, freightFen: 0 },
  ];
  await quote(s1, [1000, 1300], terms1);
  await quote(s2, [1400, 900], terms2);
  await apiOk(t, procurementTaskApi.closeQuote, { id: taskId, version: 1 }, token);
  await apiOk(
    t,
    procurementTaskApi.award,
    {
      id: taskId,
      version: 2,
      lines: [
        { taskLineId: lineIds[0], supplierId: s1, reason: '综合比价' },
        { taskLineId: lineIds[1], supplierId: s2, reason: '综合比价' },
      ],
    },
    token,
  );
  const orders = (await apiOk(t, purchaseOrderApi.list, { taskId, sortField: 'code', sortOrder: 'ascend' }, token)).list;
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
  await apiOk(t, purchaseOrderApi.confirm, { id: order.id, version: 0 }, token);
  const detail = await apiOk(t, purchaseOrderApi.info, { id: order.id }, token);
  return {
    ...fixture,
    order,
    other,
    lineId: detail.lines[0].id,
    planId: plan.id,
    planLineId: planLines[0].id,
    freightFen: detail.freightFen,
  };
}

/**
 * An order received in full today and its supplier's statement, sent to the supplier (version 1):
 * a record of another supplier's realm for the portal sweeps.
 */
export async function sentStatement(t: TestApp, token: string): Promise<{ orderId: number; statementId: number }> {
  const [order] = (await awardedTask(t, token)).orders;
  await apiOk(t, purchaseOrderApi.confirm, { id: order.id, version: 0 }, token);
  const info = await apiOk(t, purchaseOrderApi.info, { id: order.id }, token);
  await apiOk(
    t,
    purchaseOrderApi.receive,
    {
      id: order.id,
      version: info.version,
      receivedOn: shanghaiDay(t),
      lines: info.lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity })),
    },
    token,
  );
  const day = shanghaiDay(t);
  const { id } = await apiOk(t, supplierStatementApi.create, { supplierId: order.supplierId, periodFrom: day, periodTo: day }, token);
  await apiOk(t, supplierStatementApi.send, { id, version: 0 }, token);
  return { orderId: order.id, statementId: id };
}

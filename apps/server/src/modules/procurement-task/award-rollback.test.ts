import { procurementTaskApi } from '@scm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, shanghaiDay, type TestApp } from '../../../test/helpers';
import { createWeightTemplate, seedCommodities, seedDictionaries, supplierBody } from '../../../test/procurement-fixtures';
import { planningTaskLines, planningTasks, procurementTaskLines, procurementTasks, purchaseOrders, quotations } from '../../db/schema';

// The plan roll-up fails half-way through the award, after the purchase orders were written:
// nothing of the award may stay behind, orders included.
vi.mock('./plan-link', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./plan-link')>()),
  onLinesAwarded: vi.fn(async () => {
    throw new Error('injected failure in the plan roll-up');
  }),
}));

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedDictionaries(t);
});
afterAll(() => t.close());

it('rolls the whole award back when a later write fails', async () => {
  const { ids } = await seedCommodities(t, [{ sku: 'RB-1', name: '回滚测试收纳盒', weightG: 500, priceFen: 1000 }]);
  await createWeightTemplate(t, token);
  const supplier = (await t.call('/admin/supplier/create', supplierBody('回滚测试供应商'), token)).data.id;
  const [plan] = await t.database.db
    .insert(planningTasks)
    .values({ code: 'JH202601010001', name: '回滚测试计划', planType: 'regular', warehouse: 'sh_jiading', ownerId: 1, status: 'in_procurement' })
    .returning({ id: planningTasks.id });
  const [planLine] = await t.database.db
    .insert(planningTaskLines)
    .values({ planId: plan.id, commodityId: ids[0], quantity: 10, budgetUnitPriceFen: 1000 })
    .returning({ id: planningTaskLines.id });
  const created = await t.call(
    '/admin/procurement_task/create',
    {
      name: '回滚测试任务',
      buyer_id: 1,
      quote_deadline: new Date(t.clock.now.getTime() + 86_400_000).toISOString(),
      delivery_region_code: '440305',
      plan_id: plan.id,
      lines: [{ commodity_id: ids[0], quantity: 10, target_price_fen: 1000, plan_line_id: planLine.id }],
      supplier_ids: [supplier],
      // Quoted in the open: these tests read the prices while quoting (sealed tasks: test/sealing.test.ts).
      sealed: false,
    },
    token,
  );
  expect(created.code, created.message).toBe(200);
  const id = created.data.id;
  await t.api(procurementTaskApi.publish, { id, version: 0 }, token);
  const lineId = (await t.call('/admin/procurement_task/info', { id }, token)).data.lines[0].id;
  const today = shanghaiDay(t);
  const quote = await t.call(
    '/admin/quotation/save',
    {
      task_id: id,
      supplier_id: supplier,
      quote_date: today,
      valid_until: '2099-12-31',
      tax_rate_percent: 13,
      freight_mode: 'manual',
      freight_fen: 0,
      lines: [{ task_line_id: lineId, unit_price_fen: 900 }],
    },
    token,
  );
  expect(quote.code).toBe(200);
  expect((await t.api(procurementTaskApi.closeQuote, { id, version: 1 }, token)).code).toBe(200);

  const award = await t.call('/admin/procurement_task/award', { id, version: 2, lines: [{ task_line_id: lineId, supplier_id: supplier }] }, token);
  expect(award.status).toBe(500);

  const db = t.database.db;
  const [task] = await db.select().from(procurementTasks).where(eq(procurementTasks.id, id));
  expect(task).toMatchObject({ status: 'evaluating', version: 2, awardedAmountFen: null, awardedAt: null });
  const [line] = await db.select().from(procurementTaskLines).where(eq(procurementTaskLines.id, lineId));
  expect(line).toMatchObject({ awardedSupplierId: null, awardedUnitPriceFen: null });
  const [q] = await db.select().from(quotations).where(eq(quotations.taskId, id));
  expect(q.status).toBe('submitted');
  expect(await db.select().from(purchaseOrders).where(eq(purchaseOrders.taskId, id))).toEqual([]);
  const [line0] = await db.select().from(planningTaskLines).where(eq(planningTaskLines.id, planLine.id));
  expect(line0).toMatchObject({ awardedQuantity: 0, orderedQuantity: 0 });
  const log = await t.call('/admin/operation_log/list', { module: 'purchase_order' }, token);
  expect(log.data.total).toBe(0);
});

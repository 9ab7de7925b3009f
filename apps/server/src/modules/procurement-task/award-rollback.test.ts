import { procurementTaskApi, quotationApi, operationLogApi } from '@scm/contract';
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
  const created = await t.api(
    procurementTaskApi.create,
    {
      name: '回滚测试任务',
      buyerId: 1,
      quoteDeadline: new Date(t.clock.now.getTime() + 86_400_000).toISOString(),
      deliveryRegionCode: '440305',
      planId: plan.id,
      lines: [{ commodityId: ids[0], quantity: 10, targetPriceFen: 1000, planLineId: planLine.id }],
      supplierIds: [supplier],
      sealed: false,
    },
    token,
  );
  expect(created.code, created.message).toBe(200);
  const id = created.data.id;
  await t.api(procurementTaskApi.publish, { id, version: 0 }, token);
  const lineId = (await t.api(procurementTaskApi.info, { id }, token)).data.lines[0].id;
  const today = shanghaiDay(t);
  const quote = await t.api(
    quotationApi.save,
    {
      taskId: id,
      supplierId: supplier,
      quoteDate: today,
      validUntil: '2099-12-31',
      taxRatePercent: 13,
      freightMode: 'manual',
      freightFen: 0,
      lines: [{ taskLineId: lineId, unitPriceFen: 900 }],
    },
    token,
  );
  expect(quote.code).toBe(200);
  expect((await t.api(procurementTaskApi.closeQuote, { id, version: 1 }, token)).code).toBe(200);

  const award = await t.api(procurementTaskApi.award, { id, version: 2, lines: [{ taskLineId: lineId, supplierId: supplier }] }, token);
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
  const log = await t.api(operationLogApi.list, { module: 'purchase_order' }, token);
  expect(log.data.total).toBe(0);
});

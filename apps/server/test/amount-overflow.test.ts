import { DAY_MS, procurementTaskApi } from '@scm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commodities } from '../src/db/schema';
import { databaseFingerprint } from './fingerprint';
import { createTestApp, shanghaiDay, type TestApp } from './helpers';
import { seedCommodities, seedDictionaries, supplierBody } from './procurement-fixtures';

/*
 * An amount (quantity × unit price) past 100亿元 is a field error on the line that makes it, never
 * an overflow in the database (docs/rules/money-and-formats.md). The bodies here are valid in every
 * other respect, so they reach the writes.
 */

const AMOUNT_MESSAGE = '金额（数量×单价）不能超过100亿元，请调整数量或单价';
let t: TestApp;
let admin: string;
let commodityIds: number[];
let supplierId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await seedDictionaries(t);
  ({ ids: commodityIds } = await seedCommodities(t, [
    { sku: 'OV-1', name: '溢出测试毛巾', weightG: 200, priceFen: 3000 },
    { sku: 'OV-2', name: '溢出测试水杯', weightG: 400, priceFen: 2000 },
  ]));
  supplierId = (await t.call('/admin/supplier/create', supplierBody('溢出测试家居有限公司'), admin)).data.id;
});
afterAll(() => t.close());

const planBody = (line: Record<string, unknown>) => ({
  name: '溢出测试计划',
  plan_type: 'regular',
  warehouse: 'sh_jiading',
  lines: [{ commodity_id: commodityIds[0], ...line }],
});

async function refused(path: Parameters<TestApp['call']>[0], body: unknown, field: string) {
  const before = await databaseFingerprint(t.database.db);
  const answer = await t.call(path, body, admin);
  expect(answer.status).toBe(200);
  expect(answer).toMatchObject({ code: 400, data: { field_errors: [{ field, message: AMOUNT_MESSAGE }] } });
  expect(await databaseFingerprint(t.database.db)).toEqual(before);
}

describe('amounts past the line limit', () => {
  it('a plan line: the budget price given, or the reference price standing in', async () => {
    await refused(
      '/admin/planning_task/create',
      planBody({ quantity: 100_000_000, budget_unit_price_fen: 99_999_999_999 }),
      'lines.0.budget_unit_price_fen',
    );
    await t.database.db.update(commodities).set({ referencePriceFen: 99_999_999_999 }).where(eq(commodities.id, commodityIds[0]));
    await refused('/admin/planning_task/create', planBody({ quantity: 100_000_000 }), 'lines.0.quantity');
    // At the limit exactly is still an amount.
    const atLimit = await t.call('/admin/planning_task/create', planBody({ quantity: 100, budget_unit_price_fen: 10_000_000_000 }), admin);
    expect(atLimit.code, atLimit.message).toBe(200);
  });

  it('a task line and a quote line', async () => {
    const task = {
      name: '溢出测试任务',
      buyer_id: 1,
      quote_deadline: new Date(t.clock.now.getTime() + 2 * DAY_MS).toISOString(),
      delivery_region_code: '440305',
      supplier_ids: [supplierId],
    };
    await refused(
      '/admin/procurement_task/create',
      { ...task, lines: [{ commodity_id: commodityIds[1], quantity: 100_000_000, target_price_fen: 100_000_000_000 }] },
      'lines.0.target_price_fen',
    );
    const created = await t.call(
      '/admin/procurement_task/create',
      { ...task, lines: [{ commodity_id: commodityIds[1], quantity: 100_000_000 }] },
      admin,
    );
    expect(created.code, created.message).toBe(200);
    const id = created.data.id;
    const info = async () => (await t.api(procurementTaskApi.info, { id }, admin)).data;
    expect((await t.api(procurementTaskApi.publish, { id, version: (await info()).version }, admin)).code).toBe(200);
    const lineId = (await info()).lines[0].id;
    await refused(
      '/admin/quotation/save',
      {
        task_id: id,
        supplier_id: supplierId,
        quote_date: shanghaiDay(t, 0),
        valid_until: shanghaiDay(t, 30),
        tax_rate_percent: 13,
        freight_mode: 'manual',
        freight_fen: 500,
        lines: [{ task_line_id: lineId, unit_price_fen: 100_000_000_000, moq: 1, lead_time_days: 7 }],
      },
      'lines.0.unit_price_fen',
    );
  });
});

import { type Endpoint, planningApi, procurementTaskApi, quotationApi, supplierApi, toCamelCase, DAY_MS } from '@scm/contract';
import type { z } from 'zod';
import { apiOk, shanghaiDay, type TestApp } from './helpers';
import { supplierBody } from './procurement-fixtures';

/**
 * The records most tests start from, made through the typed API (`t.api`, camelCase bodies the
 * contract checks at compile time). Each builder fills what a test rarely cares about and takes the
 * rest; a refusal fails the test at the builder with the server's message.
 */

type Body<E extends Endpoint> = z.input<E['body']>;
type PlanBody = Body<typeof planningApi.create>;
export type TaskBody = Body<typeof procurementTaskApi.create>;
export type QuoteBody = Body<typeof quotationApi.save>;
type SupplierBody = Body<typeof supplierApi.create>;
export type SupplierFields = Partial<SupplierBody>;

/** An enabled supplier named `name` with a fresh credit code (the rest as `supplierBody` fills it): answers its id. */
export async function createSupplier(t: TestApp, token: string, name: string, body: SupplierFields = {}): Promise<number> {
  return (await apiOk(t, supplierApi.create, { ...toCamelCase<SupplierBody>(supplierBody(name)), ...body }, token)).id;
}

/** A 草稿 plan (regular, 嘉定仓 unless said), owned by the token's user unless `ownerId` says: answers its id. */
export async function createPlan(t: TestApp, token: string, body: Partial<PlanBody> & Pick<PlanBody, 'lines'>): Promise<number> {
  return (await apiOk(t, planningApi.create, { name: '测试计划', planType: 'regular', warehouse: 'sh_jiading', ...body }, token)).id;
}

/** A 草稿 procurement task delivered to 440305, quoting until two days from the test clock: answers its id. */
export async function createTask(
  t: TestApp,
  token: string,
  body: Partial<TaskBody> & Pick<TaskBody, 'buyerId' | 'lines' | 'supplierIds'>,
): Promise<number> {
  const defaults = { name: '测试采购任务', quoteDeadline: new Date(t.clock.now.getTime() + 2 * DAY_MS).toISOString(), deliveryRegionCode: '440305' };
  return (await apiOk(t, procurementTaskApi.create, { ...defaults, ...body }, token)).id;
}

/** Publishes a task at its current version (报价中). */
export async function publishTask(t: TestApp, token: string, id: number): Promise<void> {
  const { version } = await apiOk(t, procurementTaskApi.info, { id }, token);
  await apiOk(t, procurementTaskApi.publish, { id, version }, token);
}

/** A published task (报价中): `createTask`, then `publishTask`. */
export async function createQuotingTask(t: TestApp, token: string, body: Parameters<typeof createTask>[2]): Promise<number> {
  const id = await createTask(t, token, body);
  await publishTask(t, token, id);
  return id;
}

/** A supplier's quote entered by the buyer (代录): quoted today, valid 30 days, freight typed. Answers its id. */
export async function saveQuote(
  t: TestApp,
  token: string,
  body: Partial<QuoteBody> & Pick<QuoteBody, 'taskId' | 'supplierId' | 'lines'>,
): Promise<number> {
  const defaults = { quoteDate: shanghaiDay(t), validUntil: shanghaiDay(t, 30), freightMode: 'manual' as const };
  return (await apiOk(t, quotationApi.save, { ...defaults, ...body }, token)).id;
}

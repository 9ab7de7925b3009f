import { portalAccountApi, portalApi, procurementTaskApi } from '@scm/contract';
import { createQuotingTask, createSupplier, type SupplierFields } from './builders';
import { apiOk, type TestApp } from './helpers';
import { createWeightTemplate, seedCommodities, seedDictionaries } from './procurement-fixtures';

export { DAY_MS as DAY } from '@scm/contract';
export const PORTAL_PASSWORD = 'Supplier123';

/** The token of an activation path `/portal/activate?token=…`. */
export const tokenOf = (activationUrl: string) => new URL(activationUrl, 'http://x').searchParams.get('token') as string;

/** A supplier with one active portal account, signed in: answers its id and portal token. */
export async function portalSupplier(t: TestApp, admin: string, name: string, email: string, fields: SupplierFields = {}) {
  return portalAccountOf(t, admin, await createSupplier(t, admin, name, fields), email);
}

/** An active portal account of an existing supplier, signed in: answers its ids and portal token. */
export async function portalAccountOf(t: TestApp, admin: string, supplierId: number, email: string) {
  const { id: accountId, activationUrl } = await apiOk(t, portalAccountApi.create, { supplierId, email, name: '销售张' }, admin);
  await apiOk(t, portalApi.activate, { token: tokenOf(activationUrl), password: PORTAL_PASSWORD }, admin);
  const { token } = await apiOk(t, portalApi.login, { email, password: PORTAL_PASSWORD });
  return { supplierId, accountId, email, token };
}

/** A fresh portal token (after the test clock has passed a session's limits). */
export async function portalLogin(t: TestApp, email: string) {
  return (await apiOk(t, portalApi.login, { email, password: PORTAL_PASSWORD })).token;
}

let seq = 0;
/**
 * Two portal suppliers (A with a weight template, B without) invited to a published task of two
 * lines, sealed unless said otherwise, its deadline two days away.
 */
export async function portalWorld(t: TestApp, admin: string, options: { sealed?: boolean } = {}) {
  seq += 1;
  await seedDictionaries(t).catch(() => undefined);
  const { ids: commodityIds } = await seedCommodities(t, [
    { sku: `PT${seq}A`, name: '竹纤维浴巾', weightG: 600, priceFen: 4500 },
    { sku: `PT${seq}B`, name: '加厚衣架', weightG: 300, priceFen: 1200 },
  ]);
  const templateId = await createWeightTemplate(t, admin, `门户测试模板${seq}`);
  const a = await portalSupplier(t, admin, `杭州门户测试家纺${seq}有限公司`, `a${seq}@portal.test`, { priceTemplateId: templateId });
  const b = await portalSupplier(t, admin, `宁波门户测试日用${seq}有限公司`, `b${seq}@portal.test`);
  const taskId = await createQuotingTask(t, admin, {
    name: `门户询价${seq}`,
    buyerId: 1,
    lines: [
      { commodityId: commodityIds[0], quantity: 100, targetPriceFen: 5000 },
      { commodityId: commodityIds[1], quantity: 300 },
    ],
    supplierIds: [a.supplierId, b.supplierId],
    sealed: options.sealed ?? true,
  });
  const info = await apiOk(t, procurementTaskApi.info, { id: taskId }, admin);
  const lineIds = info.lines.map((l) => l.id);
  return { taskId, lineIds, a, b, templateId };
}

/**
 * A portal quote body as the wire carries it (snake_case): the given unit prices per line (fen),
 * typed freight. The raw sweeps send it as is and the refusal tests bend it; `toCamelCase` makes
 * it a typed body.
 */
export function portalQuote(taskId: number, lineIds: number[], prices: (number | null)[], extra: Record<string, unknown> = {}) {
  return {
    task_id: taskId,
    valid_until: '2099-12-31',
    freight_mode: 'manual',
    freight_fen: 0,
    lines: lineIds.map((id, i) => ({ task_line_id: id, unit_price_fen: prices[i], moq: 10, lead_time_days: 7 })),
    ...extra,
  };
}

import { expect, test } from '@playwright/test';
import { api, apiLogin, creditCode, login, screenshot } from '../support/app';
import { createPublishedTask } from '../support/procurement';

const stamp = Date.now().toString().slice(-6);
const supplierName = `E2E自行报价${stamp}有限公司`;
const email = `own-bid-${stamp}@example.com`;
const PASSWORD = 'OwnBid2026ok';
const taskName = `E2E自行报价任务${stamp}`;

test('a buyer’s 代录 over a supplier’s own portal bid is refused, and the buyer reads why', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const commodities = (await api(request, token, '/admin/commodity/options', { limit: 1 })).data as { value: number; sku_code: string }[];
  const supplier = await api(request, token, '/admin/supplier/create', {
    name: supplierName,
    credit_code: creditCode(`91330100MA8${stamp}`),
    contact_person: '王经理',
    phone: '13800138001',
    region_code: '330100',
    settlement_type: 'monthly',
    grade: 'A',
    status: 'enabled',
  });
  expect(supplier.code, JSON.stringify(supplier)).toBe(200);
  const account = await api(request, token, '/admin/portal_account/create', { supplier_id: supplier.data.id, email, name: '王小姐' });
  const activation = new URL(account.data.activation_url, 'http://x').searchParams.get('token');
  expect((await api(request, '', '/portal/account/activate', { token: activation, password: PASSWORD })).code).toBe(200);
  const portalToken = (await api(request, '', '/portal/login', { email, password: PASSWORD })).data.token as string;

  // An open task for this supplier, which quotes it itself in the portal.
  const task = await createPublishedTask(request, token, {
    name: taskName,
    delivery_region_code: '440305',
    lines: [{ commodity_id: commodities[0].value, quantity: 20, target_price_fen: 3000 }],
    supplier_ids: [supplier.data.id],
  });
  const own = await api(request, portalToken, '/portal/quotation/submit', {
    task_id: task.id,
    valid_until: '2099-12-31',
    freight_mode: 'manual',
    freight_fen: 0,
    lines: [{ task_line_id: task.lines[0].id, unit_price_fen: 2900, lead_time_days: 5 }],
  });
  expect(own.code, own.message).toBe(200);

  // The buyer opens 报价维护: the panel says the bid is the supplier's own, and a 代录 is refused.
  await login(page);
  await page.goto(`/procurementManagement/procurementTaskMaintain?id=${task.id}`);
  const panel = page.getByRole('tabpanel', { name: new RegExp(supplierName) });
  await expect(panel).toContainText('门户自行报价');
  await panel.getByLabel(`单价-${commodities[0].sku_code}`).fill('25.00');
  await panel.getByRole('button', { name: '保存报价' }).click();
  await expect(page.locator('.ant-message')).toContainText('供应商已在门户自行报价，不能代录或代为放弃');
  await screenshot(page, 'own-bid-refused');
  // Its own price stands.
  const view = await api(request, token, '/admin/procurement_task/compare', { id: task.id });
  const quoted = view.data.suppliers.find((s: { supplier_id: number }) => s.supplier_id === supplier.data.id);
  expect(quoted.quote.lines[0].unit_price_fen).toBe(2900);
});

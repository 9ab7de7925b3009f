import { expect, test } from '@playwright/test';
import { api, apiLogin, creditCode, expectAccessible, phoneContext, portalSignIn } from '../support/app';

const stamp = Date.now().toString().slice(-6);
const supplierName = `E2E门户估算${stamp}有限公司`;
const email = `portal-quoting-${stamp}@example.com`;
const PASSWORD = 'Quoting2026ok';
const taskName = `E2E门户边填边截止${stamp}`;

test('on a phone: 按模板估算 shows the freight before 提交报价, and quoting closed while typing disables submitting and keeps the typing', async ({
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const templates = await api(request, token, '/admin/price_template/options', {});
  const weightTemplate = templates.data.find((t: { charge_mode: string }) => t.charge_mode === 'weight');
  const commodities = (await api(request, token, '/admin/commodity/options', { limit: 1 })).data as { value: number }[];
  const supplier = await api(request, token, '/admin/supplier/create', {
    name: supplierName,
    credit_code: creditCode(`91330100MA7${stamp}`),
    contact_person: '钱经理',
    phone: '13800138002',
    region_code: '330100',
    settlement_type: 'monthly',
    grade: 'A',
    status: 'enabled',
    price_template_id: weightTemplate.value,
  });
  expect(supplier.code, supplier.message).toBe(200);
  const account = await api(request, token, '/admin/portal_account/create', { supplier_id: supplier.data.id, email, name: '钱小姐' });
  const activation = new URL(account.data.activation_url, 'http://x').searchParams.get('token');
  expect((await api(request, '', '/portal/account/activate', { token: activation, password: PASSWORD })).code).toBe(200);
  // A sealed task, quoting until tomorrow.
  const created = await api(request, token, '/admin/procurement_task/create', {
    name: taskName,
    buyer_id: 1,
    quote_deadline: new Date(Date.now() + 86_400_000).toISOString(),
    delivery_region_code: '440305',
    lines: [{ commodity_id: commodities[0].value, quantity: 30 }],
    supplier_ids: [supplier.data.id],
  });
  expect(created.code, created.message).toBe(200);
  const taskId = created.data.id as number;
  const draft = await api(request, token, '/admin/procurement_task/info', { id: taskId });
  expect((await api(request, token, '/admin/procurement_task/publish', { id: taskId, version: draft.data.version })).code).toBe(200);

  const context = await phoneContext(browser);
  const phone = await context.newPage();
  await portalSignIn(phone, email, PASSWORD);
  await phone.getByRole('link', { name: new RegExp(taskName) }).click();
  await expect(phone.getByRole('heading', { name: taskName })).toBeVisible();

  // Choosing 按模板估算 estimates at once: the total shows the freight, never 待估算, before submitting.
  const line = phone.getByTestId('quote-line-0');
  await line.getByLabel('单价(元)').fill('18.60');
  await phone.getByText('按模板估算').click();
  const working = phone.getByTestId('freight-working');
  await expect(working).toContainText(weightTemplate.label);
  const total = phone.getByTestId('quote-total');
  await expect(total).not.toContainText('待估算');
  await expect(total).toContainText(/运费 ¥[\d,]+\.\d{2}/);
  await expect(total).toContainText('¥558.00');
  // A line change estimates again: the goods follow at once and the freight with them.
  await line.getByLabel('单价(元)').fill('20.00');
  await expect(total).toContainText('¥600.00');
  await expect(total).toContainText(/运费 ¥[\d,]+\.\d{2}/);
  await expect(phone.getByRole('button', { name: '提交报价' })).toBeEnabled();
  await total.scrollIntoViewIfNeeded();
  await phone.screenshot({ path: 'screenshots/portal-freight-before-submit-phone.png', fullPage: true });

  // The buyer opens the sealed task early while the supplier is still typing: within 2 s the page
  // says quoting has ended and 提交报价 is disabled, and what was typed stays.
  await line.getByLabel('交期(天)').fill('12');
  const info = await api(request, token, '/admin/procurement_task/info', { id: taskId });
  const opened = await api(request, token, '/admin/procurement_task/unseal', { id: taskId, version: info.data.version, reason: '采购计划调整' });
  expect(opened.code, opened.message).toBe(200);
  await expect(phone.getByTestId('quote-closed')).toContainText('报价已截止', { timeout: 2_000 });
  await expect(phone.getByRole('button', { name: '提交报价' })).toBeDisabled();
  await expect(phone.getByRole('button', { name: '重新估算' })).toBeDisabled();
  await expect(line.getByLabel('单价(元)')).toHaveValue('20.00');
  await expect(line.getByLabel('交期(天)')).toHaveValue('12');
  await expectAccessible(phone, 'portal quote closed while typing');
  await phone.screenshot({ path: 'screenshots/portal-closed-while-typing-phone.png', fullPage: true });
  await context.close();
});

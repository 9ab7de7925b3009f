import { expect, test } from '@playwright/test';
import { api, apiLogin, login, screenshot, takeOverPassword } from '../support/app';
import { createSupplier } from '../support/procurement';
import { shanghaiDay } from '@scm/contract';

const stamp = Date.now().toString().slice(-6);

test('审核 of one’s own plan stays visible, disabled with the server’s reason', async ({ page, request }) => {
  const token = await apiLogin(request);
  const [commodity] = (await api(request, token, '/admin/commodity/options', { limit: 1 })).data as { value: number }[];
  const plan = await api(request, token, '/admin/planning_task/create', {
    name: `E2E自审${stamp}`,
    plan_type: 'regular',
    warehouse: 'sh_jiading',
    period_start: '2027-01-01',
    period_end: '2027-01-31',
    lines: [{ commodity_id: commodity.value, quantity: 10 }],
  });
  expect(plan.code, plan.message).toBe(200);
  expect((await api(request, token, '/admin/planning_task/submit', { id: plan.data.id, version: 0 })).code).toBe(200);

  await login(page);
  await page.goto(`/planningManagement/planningTaskDetail?id=${plan.data.id}`);
  const review = page.getByRole('button', { name: /^审\s*核$/ });
  await expect(review).toBeDisabled();
  await review.hover({ force: true });
  await expect(page.locator('.ant-tooltip')).toContainText('不能审核自己参与编制的计划');
  await screenshot(page, 'guard-self-approval');
});

test('批量停用 commodities asks first, naming them', async ({ page, request }) => {
  const token = await apiLogin(request);
  const [sample] = (await api(request, token, '/admin/commodity/list', { page_size: 1, status: 'enabled' })).data.list as {
    category_id: number;
    unit: string;
  }[];
  for (const n of [1, 2]) {
    const created = await api(request, token, '/admin/commodity/create', {
      sku_code: `E2EBATCH${stamp}-${n}`,
      name: `E2E批量停用${stamp}-${n}`,
      category_id: sample.category_id,
      unit: sample.unit,
      reference_price_fen: 1000,
    });
    expect(created.code, created.message).toBe(200);
  }
  await login(page);
  await page.goto(`/commodityManagement/commodityList?keyword=E2EBATCH${stamp}`);
  const rows = page.locator('.table-card .ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await page.locator('.table-card thead .ant-checkbox-input').check();
  await page.getByRole('button', { name: /批量操作/ }).click();
  await page.getByRole('menuitem', { name: /批量停用/ }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('停用选中的 2 个商品？');
  await expect(confirm).toContainText(`E2E批量停用${stamp}-1`);
  await screenshot(page, 'guard-batch-disable');
  await confirm.getByRole('button', { name: /取\s*消/ }).click();
  await expect(rows.filter({ hasText: '启用' })).toHaveCount(2);

  await page.getByRole('button', { name: /批量操作/ }).click();
  await page.getByRole('menuitem', { name: /批量停用/ }).click();
  await confirm.getByRole('button', { name: /^停\s*用$/ }).click();
  await expect(page.locator('.ant-message')).toContainText('已停用');
  await expect(rows.filter({ hasText: '停用' })).toHaveCount(2);
});

test('a quote that can no longer be entered keeps its 税率 read-only', async ({ page, request }) => {
  const token = await apiLogin(request);
  const [commodity] = (await api(request, token, '/admin/commodity/options', { limit: 1 })).data as { value: number }[];
  const suppliers = (await api(request, token, '/admin/supplier/options', {})).data as { value: number }[];
  const task = await api(request, token, '/admin/procurement_task/create', {
    name: `E2E只读税率${stamp}`,
    buyer_id: 1,
    quote_deadline: new Date(Date.now() + 86_400_000).toISOString(),
    delivery_region_code: '310114',
    lines: [{ commodity_id: commodity.value, quantity: 10 }],
    supplier_ids: [suppliers[0].value],
    // Quoted in the open and closed by hand (a sealed task opens by 提前开标).
    sealed: false,
  });
  expect(task.code, task.message).toBe(200);
  let info = await api(request, token, '/admin/procurement_task/info', { id: task.data.id });
  expect((await api(request, token, '/admin/procurement_task/publish', { id: task.data.id, version: info.data.version })).code).toBe(200);
  const today = shanghaiDay(Date.now());
  const saved = await api(request, token, '/admin/quotation/save', {
    task_id: task.data.id,
    supplier_id: suppliers[0].value,
    quote_date: today,
    valid_until: '2099-12-31',
    freight_mode: 'manual',
    freight_fen: 0,
    lines: [{ task_line_id: info.data.lines[0].id, unit_price_fen: 11300 }],
  });
  expect(saved.code, saved.message).toBe(200);
  info = await api(request, token, '/admin/procurement_task/info', { id: task.data.id });
  expect((await api(request, token, '/admin/procurement_task/close_quote', { id: task.data.id, version: info.data.version })).code).toBe(200);

  await login(page);
  await page.goto(`/procurementManagement/procurementTaskMaintain?id=${task.data.id}`);
  // The supplier's quote panel (the shell's page tabs are tab panels too).
  const panel = page.getByRole('tabpanel').filter({ hasText: '报价只读' }).last();
  await expect(panel).toBeVisible();
  await expect(panel.locator('.ant-form-item', { has: page.getByLabel('税率') }).locator('.ant-select')).toHaveClass(/ant-select-disabled/);
  await expect(panel.locator('.ant-form-item', { has: page.getByLabel('发票类型') }).locator('.ant-select')).toHaveClass(/ant-select-disabled/);
});

test('an editor without the status action sees a commodity’s and a supplier’s status read-only, and saving keeps it', async ({ page, request }) => {
  const admin = await apiLogin(request);
  const ok = async (path: string, body: unknown) => {
    const answer = await api(request, admin, path, body);
    expect(answer.code, `${path}: ${answer.message}`).toBe(200);
    return answer.data;
  };
  const [sample] = (await ok('/admin/commodity/list', { page_size: 1, status: 'enabled' })).list as { category_id: number; unit: string }[];
  await ok('/admin/commodity/create', {
    sku_code: `E2EEDIT${stamp}`,
    name: `E2E只改资料${stamp}`,
    category_id: sample.category_id,
    unit: sample.unit,
    reference_price_fen: 1000,
  });
  const supplierName = `E2E只改资料供应商${stamp}`;
  await createSupplier(request, admin, { name: supplierName, creditBody: `91330100MA2E${stamp.slice(0, 5)}` });
  const role = await ok('/admin/role/create', {
    name: `资料编辑${stamp}`,
    code: `editor_${stamp}`,
    permission_codes: [
      'dashboard',
      'basic',
      'commodityManagement',
      'commodityList',
      'commodityList:edit',
      'procurementManagement',
      'supplierManagement',
      'supplierManagement:edit',
    ],
  });
  const email = `editor-${stamp}@jiaju.com`;
  await ok('/admin/back_user/create', { email, username: `资料员${stamp}`, role_id: role.id, password: 'Editor2026' });
  await login(page, email, await takeOverPassword(request, email, 'Editor2026'));

  await page.goto(`/commodityManagement/commodityList?keyword=E2EEDIT${stamp}`);
  await page.locator('.table-card .ant-table-row').first().getByRole('button', { name: '编辑' }).click();
  const commodityForm = page.getByRole('dialog', { name: '编辑商品' });
  const commodityStatus = commodityForm.locator('.ant-form-item', { hasText: '启用或停用需要' });
  await expect(commodityStatus).toContainText('启用或停用需要「启用/停用」权限');
  await expect(commodityStatus.getByRole('radio', { name: '停用' })).toBeDisabled();
  await screenshot(page, 'guard-commodity-status-read-only');
  await commodityForm.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
  await expect(commodityForm).toBeHidden();

  await page.goto(`/procurementManagement/supplierManagement?keyword=${encodeURIComponent(supplierName)}`);
  await page.locator('.table-card .ant-table-row').first().getByRole('button', { name: '编辑' }).click();
  const supplierForm = page.getByRole('dialog', { name: /编辑供应商/ });
  const supplierStatus = supplierForm.locator('.ant-form-item', { hasText: '变更状态需要' });
  await expect(supplierStatus).toContainText('变更状态需要「变更状态」权限');
  await expect(supplierStatus.locator('.ant-select')).toHaveClass(/ant-select-disabled/);
  await screenshot(page, 'guard-supplier-status-read-only');

  // Saved by an editor without the status action, the commodity keeps its status.
  const [commodity] = (await ok('/admin/commodity/list', { keyword: `E2EEDIT${stamp}` })).list as { status: string }[];
  expect(commodity.status).toBe('enabled');
});

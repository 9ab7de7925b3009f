import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, apiLogin, creditCode, login, screenshot } from '../support/app';

const stamp = Date.now().toString().slice(-6);
const supplierBase = { contact_person: '周经理', phone: '13800138000', region_code: '330100', settlement_type: 'monthly', grade: 'B' };

/**
 * The next call to `endpoint` answers a validation failure: one error on `field` (shown on that
 * field) and one on a field no form has (shown as a message).
 */
async function failOnce(page: Page, endpoint: string, field: string) {
  await page.route(
    `**/api/admin/${endpoint}`,
    (route) =>
      route.fulfill({
        json: {
          code: 400,
          message: '参数校验失败',
          data: {
            field_errors: [
              { field, message: `服务器拒绝了此字段${stamp}` },
              { field: 'no_such_field', message: `不在表单上的错误${stamp}` },
            ],
          },
        },
      }),
    { times: 1 },
  );
}

async function expectShown(page: Page, form: Locator, label: string) {
  await expect(form.locator('.ant-form-item-explain-error', { hasText: `服务器拒绝了此字段${stamp}` })).toBeVisible();
  await expect(form.locator('.ant-form-item', { hasText: label }).first()).toContainText(`服务器拒绝了此字段${stamp}`);
  await expect(page.locator('.ant-message')).toContainText(`不在表单上的错误${stamp}`);
}

const saveButton = (scope: Locator, name: RegExp | string = /^保\s*存$/) => scope.getByRole('button', { name });

test('保存报价 for a supplier without a template and without freight fails on the freight field', async ({ page, request }) => {
  const token = await apiLogin(request);
  const [commodity] = (await api(request, token, '/admin/commodity/options', { limit: 1 })).data as { value: number; sku_code: string }[];
  const supplier = await api(request, token, '/admin/supplier/create', {
    ...supplierBase,
    name: `E2E无模板供应商${stamp}`,
    credit_code: creditCode(`91330100MA9${stamp}`),
  });
  expect(supplier.code, supplier.message).toBe(200);
  const task = await api(request, token, '/admin/procurement_task/create', {
    name: `E2E运费必填${stamp}`,
    buyer_id: 1,
    quote_deadline: new Date(Date.now() + 86_400_000).toISOString(),
    delivery_region_code: '310114',
    lines: [{ commodity_id: commodity.value, quantity: 10 }],
    supplier_ids: [supplier.data.id],
  });
  const info = await api(request, token, '/admin/procurement_task/info', { id: task.data.id });
  expect((await api(request, token, '/admin/procurement_task/publish', { id: task.data.id, version: info.data.version })).code).toBe(200);

  await login(page);
  await page.goto(`/procurementManagement/procurementTaskMaintain?id=${task.data.id}`);
  // The task is sealed: the buyer enters the supplier's quote through 代录, in a dialog of its own.
  await page
    .getByRole('tabpanel', { name: new RegExp(`E2E无模板供应商${stamp}`) })
    .getByRole('button', { name: '代录报价' })
    .click();
  const panel = page.getByRole('dialog', { name: `代录报价：E2E无模板供应商${stamp}` });
  await panel.getByLabel(`单价-${commodity.sku_code}`).fill('12.50');
  await saveButton(panel, '保存报价').click();
  await expect(panel.locator('.ant-form-item', { hasText: '运费' }).first()).toContainText('请填写运费');
  await expect(page.locator('.ant-message')).toContainText('保存失败');
  await screenshot(page, 'form-errors-quote-freight');

  // A line's error lands on its cell.
  await panel.getByLabel('运费').fill('8');
  await failOnce(page, 'quotation/save', 'lines.0.unit_price_fen');
  await saveButton(panel, '保存报价').click();
  await expect(panel.locator('.ant-table-row').first()).toContainText(`服务器拒绝了此字段${stamp}`);
  await expect(page.locator('.ant-message')).toContainText(`不在表单上的错误${stamp}`);
});

test('every record form shows the server’s field errors on its fields and the others as a message', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await apiLogin(request);
  const [commodity] = (await api(request, token, '/admin/commodity/options', { limit: 1 })).data as { value: number; sku_code: string }[];
  const supplier = await api(request, token, '/admin/supplier/create', {
    ...supplierBase,
    name: `E2E报错供应商${stamp}`,
    credit_code: creditCode(`91330100MB1${stamp}`),
  });
  const role = await api(request, token, '/admin/role/create', { name: `E2E报错角色${stamp}`, code: `err_${stamp}` });
  const plan = await api(request, token, '/admin/planning_task/create', {
    name: `E2E报错计划${stamp}`,
    plan_type: 'regular',
    warehouse: 'sh_jiading',
    lines: [{ commodity_id: commodity.value, quantity: 10 }],
  });
  const task = await api(request, token, '/admin/procurement_task/create', {
    name: `E2E报错任务${stamp}`,
    buyer_id: 1,
    quote_deadline: new Date(Date.now() + 86_400_000).toISOString(),
    delivery_region_code: '310114',
    warehouse_code: 'sh_jiading',
    lines: [{ commodity_id: commodity.value, quantity: 10 }],
  });
  expect([supplier.code, role.code, plan.code, task.code]).toEqual([200, 200, 200, 200]);
  await login(page);

  // 供应商
  await page.goto(`/procurementManagement/supplierManagement?keyword=${encodeURIComponent(`E2E报错供应商${stamp}`)}`);
  await page.locator('.table-card .ant-table-row').first().getByRole('button', { name: '编辑' }).click();
  const supplierDrawer = page.getByRole('dialog', { name: /编辑供应商/ });
  await failOnce(page, 'supplier/update', 'name');
  await saveButton(supplierDrawer).click();
  await expectShown(page, supplierDrawer, '供应商名称');
  await screenshot(page, 'form-errors-supplier');

  // 采购任务 (a line's amount in fen lands on its yuan input)
  await page.goto(`/procurementManagement/procurementTaskList?keyword=${encodeURIComponent(`E2E报错任务${stamp}`)}`);
  await page.locator('.table-card .ant-table-row').first().getByRole('button', { name: '编辑' }).click();
  const taskDrawer = page.getByRole('dialog', { name: /^编辑采购任务/ });
  await failOnce(page, 'procurement_task/update', 'lines.0.target_price_fen');
  await saveButton(taskDrawer, '保存草稿').click();
  await expect(taskDrawer.locator('.ant-table-row').first()).toContainText(`服务器拒绝了此字段${stamp}`);
  await expect(page.locator('.ant-message')).toContainText(`不在表单上的错误${stamp}`);

  // 计划 (a period error lands on the period range)
  await page.goto(`/planningManagement/planningTaskDetail?id=${plan.data.id}`);
  const planCard = page.locator('.ant-card').first();
  await page.getByLabel('计划名称').fill(`E2E报错计划${stamp}改`);
  await failOnce(page, 'planning_task/update', 'period_start');
  await saveButton(page.locator('body')).first().click();
  await expectShown(page, planCard, '计划周期');

  // 角色
  await page.goto(`/permissionManagement/roleManagement?keyword=err_${stamp}`);
  await page
    .locator('.ant-table-row', { hasText: `err_${stamp}` })
    .getByRole('button', { name: '编辑' })
    .click();
  const roleModal = page.locator('.ant-modal', { hasText: '编辑角色' });
  await failOnce(page, 'role/update', 'name');
  await saveButton(roleModal).click();
  await expectShown(page, roleModal, '角色名称');

  // 商品
  await page.goto(`/commodityManagement/commodityList?keyword=${encodeURIComponent(commodity.sku_code)}`);
  await page.locator('.table-card .ant-table-row').first().getByRole('button', { name: '编辑' }).click();
  const commodityModal = page.locator('.ant-modal', { hasText: '编辑商品' });
  await failOnce(page, 'commodity/update', 'reference_price_fen');
  await saveButton(commodityModal).click();
  await expectShown(page, commodityModal, '参考价');
});

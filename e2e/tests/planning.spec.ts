import { type Browser, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, apiLogin, login, openFromMenu, pickOption, screenshot } from '../support/app';
import { addDays, shanghaiDay } from '@scm/contract';

const PLAN_NAME = '2027年2月常规补货计划-上海仓（验收）';

async function asUser(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, email);
  return page;
}

async function lineImportFile(skus: string[], bad = false) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('计划明细');
  sheet.addRow(['SKU编码*', '计划数量*', '预算单价(元)', '需求日期', '备注']);
  for (const [i, sku] of skus.entries()) sheet.addRow([sku, 40 + i * 10, '', '2027-02-20', `Excel导入第${i + 1}行`]);
  if (bad) sheet.addRow(['NO-SUCH-SKU', 0, '1.234', '2027-02-30', '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const confirm = (page: Page) => page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ });
const status = (page: Page) => page.locator('.ant-card-head-title .ant-tag').first();

/** Invites a supplier, publishes, enters its quote and closes quoting: the buyer's work before the award. */
async function prepareAward(request: Parameters<typeof api>[0], token: string, taskId: number, supplierId: number) {
  const info = (await api(request, token, '/admin/procurement_task/info', { id: taskId })).data;
  const update = await api(request, token, '/admin/procurement_task/update', {
    id: taskId,
    version: info.version,
    name: info.name,
    plan_id: info.plan_id,
    buyer_id: info.buyer_id ?? info.buyer?.id,
    quote_deadline: info.quote_deadline,
    delivery_region_code: info.delivery_region_code,
    required_by: info.required_by,
    lines: info.lines.map((l: Record<string, unknown>) => ({
      commodity_id: l.commodity_id,
      quantity: l.quantity,
      target_price_fen: l.target_price_fen,
      plan_line_id: l.plan_line_id,
    })),
    supplier_ids: [supplierId],
    // Unsealed, so 关闭报价 ends quoting at once; sealed tasks end by 提前开标 (portal.spec.ts).
    sealed: false,
  });
  expect(update.code, update.message).toBe(200);
  const act = async (action: string, extra: Record<string, unknown> = {}) => {
    const { version } = (await api(request, token, '/admin/procurement_task/info', { id: taskId })).data;
    const answer = await api(request, token, `/admin/procurement_task/${action}`, { id: taskId, version, ...extra });
    expect(answer.code, `${action}: ${answer.message}`).toBe(200);
  };
  await act('publish');
  const lines = (await api(request, token, '/admin/procurement_task/info', { id: taskId })).data.lines as { id: number }[];
  const day = (offset: number) => addDays(shanghaiDay(Date.now()), offset);
  const quote = await api(request, token, '/admin/quotation/save', {
    task_id: taskId,
    supplier_id: supplierId,
    quote_date: day(0),
    valid_until: day(30),
    tax_rate_percent: 13,
    freight_mode: 'manual',
    freight_fen: 0,
    lines: lines.map((l) => ({ task_line_id: l.id, unit_price_fen: 2500, moq: 1, lead_time_days: 7 })),
  });
  expect(quote.code, quote.message).toBe(200);
  await act('close_quote');
}

/** The buyer awards the task on the quotation page (the lowest landed cost is pre-selected). */
async function awardOnQuotationPage(buyer: Page, taskId: number) {
  await buyer.goto(`/procurementManagement/procurementTaskMaintain?id=${taskId}`);
  await buyer.getByRole('button', { name: '定标' }).click();
  const award = buyer.getByRole('dialog', { name: /^定标/ });
  await award.getByRole('button', { name: '确认定标' }).click();
  await buyer.locator('.ant-modal-confirm').getByRole('button', { name: '确认定标' }).click();
  await expect(buyer.locator('.ant-message').last()).toContainText('定标成功');
  await expect(buyer.locator('.ant-card-head').first()).toContainText('已定标');
}

test('a plan goes from draft through rejection, approval and procurement to 已完成', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(request);
  const options = (await api(request, admin, '/admin/commodity/options', { limit: 50 })).data as { sku_code: string }[];
  const importSkus = [options[40].sku_code, options[41].sku_code];

  // The planner creates a plan with three lines.
  const planner = await asUser(browser, 'planner@jiaju.com');
  await openFromMenu(planner, '计划管理', '计划任务列表');
  await expect(planner.locator('.ant-table-row').first()).toBeVisible();
  await screenshot(planner, 'planning-list');
  await planner.getByRole('button', { name: '新建计划' }).click();
  await expect(planner).toHaveURL(/planningTaskDetail$/);
  await expect(planner.locator('.ant-card-head-title').first()).toHaveText('计划任务详情 · 新建计划');
  await expect(planner.locator('.opened-tabs .ant-tabs-tab-active')).toContainText('计划任务详情');
  // The list keeps its tab beside the new plan.
  await expect(planner.locator('.opened-tabs')).toContainText('计划任务列表');
  await expect(planner.getByRole('button', { name: '保存并导入明细' })).toBeVisible();
  await planner.getByRole('textbox', { name: '计划名称' }).fill(PLAN_NAME);
  await pickOption(planner, planner.locator('.ant-form-item', { has: planner.getByRole('combobox', { name: '仓库' }) }), '上海嘉定中心仓');
  const period = planner.locator('.ant-form-item').filter({ hasText: '计划周期' });
  await period.getByPlaceholder('开始日期').click();
  await period.getByPlaceholder('开始日期').fill('2027-02-01');
  await period.getByPlaceholder('结束日期').fill('2027-02-28');
  await period.getByPlaceholder('结束日期').press('Enter');
  const quantities = planner.getByLabel('计划数量');
  for (let added = 1; added <= 3; added++) {
    // Retried until the line shows; a try that already added it is not repeated.
    await expect(async () => {
      if ((await quantities.count()) >= added) return;
      if ((await planner.locator('.ant-select-dropdown:visible').count()) > 0) await planner.keyboard.press('Escape');
      await planner.locator('.ant-select').filter({ hasText: '搜索SKU编码' }).click({ timeout: 3000 });
      await planner
        .locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-disabled)')
        .first()
        .click({ timeout: 3000 });
      await expect(quantities).toHaveCount(added, { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
  }
  await expect(quantities).toHaveCount(3);
  for (const [i, quantity] of [100, 60, 30].entries()) await quantities.nth(i).fill(String(quantity));
  await screenshot(planner, 'planning-detail-new');
  await planner.getByRole('button', { name: '创建计划' }).click();
  await expect(planner).toHaveURL(/planningTaskDetail\?id=\d+/);
  await expect(status(planner)).toHaveText('草稿');
  const planId = Number(new URL(planner.url()).searchParams.get('id'));

  // … imports two more from Excel …
  await planner.getByRole('button', { name: '导入明细' }).click();
  const upload = planner.locator('.ant-modal input[type=file]');
  await upload.setInputFiles({
    name: '计划明细-有误.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await lineImportFile(importSkus, true),
  });
  await planner.getByRole('button', { name: /校\s*验/ }).click();
  const report = planner.locator('.ant-modal');
  await expect(report).toContainText('错误明细（4 处）');
  await expect(report).toContainText('SKU编码“NO-SUCH-SKU”不存在');
  await expect(report).toContainText('计划数量须大于0');
  await expect(report).toContainText('需求日期不是有效日期');
  await screenshot(planner, 'planning-import-report');
  await expect(planner.getByText('计划明细（3）')).toBeVisible();
  await upload.setInputFiles({
    name: '计划明细.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await lineImportFile(importSkus),
  });
  await planner.getByRole('button', { name: /校\s*验/ }).click();
  await expect(report).toContainText('全部有效');
  await planner.getByRole('button', { name: '开始导入' }).click();
  await expect(report).toContainText('成功导入 2 行');
  await planner.getByRole('button', { name: /完\s*成/ }).click();
  await expect(planner.locator('.ant-modal')).toHaveCount(0);
  await expect(planner.getByText('计划明细（5）')).toBeVisible();
  await expect(planner.getByText(importSkus[1])).toBeVisible();

  // … and submits.
  await planner.getByRole('button', { name: /^提\s*交$/ }).click();
  await confirm(planner).click();
  await expect(status(planner)).toHaveText('待审核');

  // The approver (a second user) rejects with a reason.
  const manager = await asUser(browser, 'manager@jiaju.com');
  await manager.goto(`/planningManagement/planningTaskDetail?id=${planId}`);
  await manager.getByRole('button', { name: /^审\s*核$/ }).click();
  await manager.locator('.ant-modal').getByText('驳回').click();
  // What is being approved: the budget, the lines and a box for the decision.
  await expect(manager.locator('.ant-modal')).toContainText('预算金额');
  await expect(manager.locator('.ant-modal')).toContainText('明细行数');
  await expect(manager.locator('.ant-modal .ant-table-row')).not.toHaveCount(0);
  await manager.getByLabel('驳回原因').fill('收纳箱数量偏大，请压缩到80件以内');
  await screenshot(manager, 'planning-review');
  await manager
    .locator('.ant-modal')
    .getByRole('button', { name: /^驳\s*回$/ })
    .click();
  await expect(status(manager)).toHaveText('已驳回');

  // The planner edits and resubmits.
  await planner.reload();
  await expect(planner.getByText('已驳回：收纳箱数量偏大，请压缩到80件以内')).toBeVisible();
  await planner.getByLabel('计划数量').first().fill('80');
  await planner.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(planner.getByText('保存成功')).toBeVisible();
  await expect(planner.locator('.plan-timeline').getByText('编辑', { exact: true })).toBeVisible();
  await planner.getByRole('button', { name: /^提\s*交$/ }).click();
  await confirm(planner).click();
  await expect(status(planner)).toHaveText('待审核');

  // The approver approves and generates procurement tasks by category.
  await manager.reload();
  await manager.getByRole('button', { name: /^审\s*核$/ }).click();
  await manager.getByLabel('审核意见').fill('数量已压缩，同意');
  await manager
    .locator('.ant-modal')
    .getByRole('button', { name: /审核通过/ })
    .click();
  await expect(status(manager)).toHaveText('已审核');
  await expect(manager.locator('.plan-timeline')).toContainText('数量已压缩，同意');
  await manager.getByRole('button', { name: '生成采购任务' }).click();
  const generate = manager.locator('.ant-modal');
  await expect(generate.getByText('按商品分类，每个分类一个采购任务')).toBeVisible();
  // The preview lists every task with its lines; the manager holds no procurement codes, so no buyer is proposed.
  const preview = generate.getByRole('region', { name: '将生成的采购任务' });
  await expect(preview.locator('.ant-card')).not.toHaveCount(0);
  const byCategory = await preview.locator('.ant-card').count();
  await expect(preview).toContainText(`将生成 ${byCategory} 个采购任务`);
  await expect(preview.locator('.ant-table-row')).toHaveCount(5);
  await generate.getByText('整个计划生成一个采购任务').click();
  await expect(preview.locator('.ant-card')).toHaveCount(1);
  await expect(preview.locator('.ant-card').first()).toContainText('整单');
  await generate.getByText('按商品分类，每个分类一个采购任务').click();
  await generate.getByRole('button', { name: /生成 \d+ 个采购任务/ }).click();
  await expect(generate.locator('.ant-form-item-explain-error')).toHaveText('请选择采购员');
  await pickOption(manager, generate.locator('.ant-form-item', { hasText: '采购员' }), '李采购');
  await screenshot(manager, 'planning-generate-preview');
  await generate.getByRole('button', { name: /生成 \d+ 个采购任务/ }).click();
  await expect(status(manager)).toHaveText('采购中');
  const plan = (await api(request, admin, '/admin/planning_task/info', { id: planId })).data;
  expect(plan.procurement_tasks.length).toBe(byCategory);
  for (const task of plan.procurement_tasks as { id: number }[]) {
    expect((await api(request, admin, '/admin/procurement_task/info', { id: task.id })).data.buyer_name).toBe('李采购');
  }
  await expect(manager.getByText(plan.procurement_tasks[0].code)).toBeVisible();

  // Procurement awards every task; the plan shows progress and ends 已完成 by itself.
  const supplier = await api(request, admin, '/admin/supplier/create', {
    name: '宁波甬家家居用品有限公司',
    contact_person: '陈经理',
    phone: '13800138000',
    region_code: '330200',
    credit_code: '91330200MA2H3K7X5F',
    settlement_type: 'monthly',
    grade: 'A',
    status: 'enabled',
  });
  expect(supplier.code, supplier.message).toBe(200);
  const buyer = await asUser(browser, 'buyer@jiaju.com');
  const [firstTask, ...otherTasks] = plan.procurement_tasks as { id: number }[];
  await prepareAward(request, admin, firstTask.id, supplier.data.id);
  await awardOnQuotationPage(buyer, firstTask.id);
  if (otherTasks.length > 0) {
    await planner.reload();
    await expect(status(planner)).toHaveText('采购中');
    await screenshot(planner, 'planning-detail-partly-awarded');
  }
  for (const task of otherTasks) {
    await prepareAward(request, admin, task.id, supplier.data.id);
    await awardOnQuotationPage(buyer, task.id);
  }

  // The awards bought everything, but nothing has arrived: the plan waits for its goods.
  await planner.reload();
  await expect(status(planner)).toHaveText('采购中');
  await expect(planner.locator('.plan-progress-text').first()).toHaveText('0%');
  // The buyer confirms each order for its supplier and receives all of it.
  const buyerToken = await apiLogin(request, 'buyer@jiaju.com');
  const today = shanghaiDay(Date.now());
  for (const task of plan.procurement_tasks as { id: number }[]) {
    const orders = (await api(request, buyerToken, '/admin/purchase_order/list', { task_id: task.id })).data.list as { id: number }[];
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders) {
      expect((await api(request, buyerToken, '/admin/purchase_order/confirm', { id: order.id, version: 0 })).code).toBe(200);
      const lines = (await api(request, buyerToken, '/admin/purchase_order/info', { id: order.id })).data.lines as { id: number; quantity: number }[];
      const receipt = await api(request, buyerToken, '/admin/purchase_order/receive', {
        id: order.id,
        version: 1,
        received_on: today,
        lines: lines.map((l) => ({ order_line_id: l.id, quantity: l.quantity })),
      });
      expect(receipt.code, receipt.message).toBe(200);
    }
  }

  await planner.reload();
  await expect(status(planner)).toHaveText('已完成');
  await expect(planner.locator('.plan-progress-text').first()).toHaveText('100%');
  const timeline = planner.locator('.plan-timeline');
  for (const step of ['创建', '导入明细', '提交', '驳回', '编辑', '审核通过', '生成采购任务', '到货回写', '明细完成，自动完成']) {
    await expect(timeline.getByText(step, { exact: true }).first()).toBeVisible();
  }
  await expect(timeline.getByText('原因：收纳箱数量偏大，请压缩到80件以内')).toBeVisible();
  await expect(timeline.getByText(/张主管/).first()).toBeVisible();
  await expect(timeline.getByText(/李采购/).first()).toBeVisible();
  // Each 定标回写 names its task, the bought quantity and its 定标货值; the awarding buyer updated the plan last.
  await expect(timeline.getByText(`采购任务 ${plan.procurement_tasks[0].code}：定标数量`)).toBeVisible();
  await expect(timeline).toContainText('定标货值 ¥');
  const header = planner.locator('.ant-descriptions').first();
  await expect(header.locator('.ant-descriptions-item', { hasText: '更新人' })).toContainText('李采购');
  await expect(header.locator('.ant-descriptions-item', { hasText: '定标货值 / 预算' })).toContainText('%');
  await planner.locator('.plan-timeline').scrollIntoViewIfNeeded();
  await screenshot(planner, 'planning-detail-completed');

  // The linked procurement tasks open the quotation page (for a user allowed to see it).
  const adminPage = await asUser(browser, 'admin@jiaju.com');
  await adminPage.goto(`/planningManagement/planningTaskDetail?id=${planId}`);
  await adminPage.getByRole('button', { name: plan.procurement_tasks[0].code }).click();
  await expect(adminPage).toHaveURL(new RegExp(`procurementTaskMaintain\\?id=${firstTask.id}$`));
  // Its orders all arrived, so the task completed by itself.
  await expect(adminPage.locator('.ant-card-head').first()).toContainText('已完成');

  await openFromMenu(planner, '计划管理', '计划任务列表');
  await planner.getByPlaceholder('计划编号 / 名称').fill('上海仓（验收）');
  await planner.getByRole('button', { name: /查\s*询/ }).click();
  await expect(planner).toHaveURL(/keyword=/);
  await expect(planner.locator('.ant-table-row')).toHaveCount(1);
  await expect(planner.locator('.ant-table-row').first()).toContainText('已完成');
  await screenshot(planner, 'planning-list-filtered');
});

test('the list keeps its filters in the URL, shows actions by status and role, and exports Excel', async ({ browser }) => {
  const planner = await asUser(browser, 'planner@jiaju.com');
  await openFromMenu(planner, '计划管理', '计划任务列表');
  await pickOption(planner, planner.locator('.ant-form-item', { has: planner.getByRole('combobox', { name: '状态' }) }), '已驳回');
  await planner.getByRole('button', { name: /查\s*询/ }).click();
  await expect(planner).toHaveURL(/status=rejected/);
  const row = planner.locator('.ant-table-row').first();
  await expect(row).toContainText('2026年11月常规补货计划-广州仓');
  await expect(row.getByRole('button', { name: '编辑' })).toBeVisible();
  await expect(row.getByRole('button', { name: '提交' })).toBeVisible();
  await expect(row.getByRole('button', { name: '审核' })).toHaveCount(0);
  await planner.reload();
  await expect(planner.getByRole('combobox', { name: '状态' }).locator('..').locator('..')).toContainText('已驳回');
  const download = planner.waitForEvent('download');
  await planner.getByRole('button', { name: /导出 Excel/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^计划任务_\d+\.xlsx$/);

  const manager = await asUser(browser, 'manager@jiaju.com');
  await manager.goto('/planningManagement/planningTaskList?status=submitted');
  const submitted = manager.locator('.ant-table-row').first();
  await expect(submitted.getByRole('button', { name: '审核' })).toBeVisible();
  await expect(submitted.getByRole('button', { name: '编辑' })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: '新建计划' })).toHaveCount(0);
  await screenshot(manager, 'planning-list-manager');
  await submitted.getByRole('button', { name: '详情' }).click();
  await expect(manager).toHaveURL(/planningTaskDetail\?id=\d+/);
  await expect(manager.locator('.opened-tabs')).not.toContainText('计划任务列表');
});

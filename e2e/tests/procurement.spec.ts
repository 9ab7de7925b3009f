import { expect, type Page, test } from '@playwright/test';
import { api, apiLogin, creditCode, pickOption, pickRegion, login, openFromMenu, screenshot } from '../support/app';
import { createPublishedTask, createSupplier, saveQuote } from '../support/procurement';

const stamp = Date.now().toString().slice(-6);
const names = { s1: `E2E义乌优选${stamp}有限公司`, s2: `E2E顺德家居${stamp}制品厂`, s3: `E2E苏州塑业${stamp}有限公司` };

async function typeQuote(panel: ReturnType<Page['locator']>, skus: string[], prices: (string | null)[], leads: string[]) {
  for (const [i, sku] of skus.entries()) {
    const price = panel.getByLabel(`单价-${sku}`);
    await price.fill('');
    if (prices[i] != null) await price.fill(prices[i] as string);
    await panel.getByLabel(`交期-${sku}`).fill(leads[i]);
  }
}

test('suppliers, a three-line task, three quotes, the comparison and an award with a reason', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const templates = await api(request, token, '/admin/price_template/options', {});
  const weightTemplate = templates.data.find((t: { charge_mode: string }) => t.charge_mode === 'weight');
  const commodityAnswer = await api(request, token, '/admin/commodity/options', { limit: 3 });
  expect(commodityAnswer.code, JSON.stringify(commodityAnswer)).toBe(200);
  const commodities = commodityAnswer.data as { value: number; sku_code: string }[];
  const skus = commodities.map((c) => c.sku_code);

  // The first supplier through the form; the other two through the API.
  await login(page);
  await openFromMenu(page, '采购管理', '供应商管理');
  await expect(page.locator('.table-card')).toContainText('浙江义乌优品家居用品有限公司');
  await screenshot(page, 'supplier-list');
  await page.getByRole('button', { name: '新建' }).click();
  const drawer = page.getByRole('dialog', { name: '新建供应商' });
  await drawer.getByLabel('供应商名称').fill(names.s1);
  await drawer.getByLabel('联系人').fill('陈经理');
  await drawer.getByLabel('联系电话').fill('1234');
  await drawer.getByLabel('统一社会信用代码').fill('91350100M000100Y44');
  await drawer.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(drawer).toContainText('请输入有效的手机号或固话');
  await expect(drawer).toContainText('统一社会信用代码须为18位且校验位正确');
  await drawer.getByLabel('联系电话').fill('13957912345');
  await drawer.getByLabel('统一社会信用代码').fill(creditCode(`91330782MA2E${stamp.slice(0, 5)}`));
  await pickRegion(page, drawer.locator('.ant-cascader'), ['浙江省', '金华市', '义乌市']);
  await pickOption(page, drawer.locator('.ant-form-item', { has: page.getByLabel('配送价格模板') }), weightTemplate.label);
  await drawer.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.locator('.ant-message')).toContainText('新建成功');
  await expect(page.locator('.table-card')).toContainText(names.s1);

  const base = { contact_person: '梁经理', phone: '0757-22334455', region_code: '440606', settlement_type: 'monthly', grade: 'A', status: 'enabled' };
  const s2 = await api(request, token, '/admin/supplier/create', { ...base, name: names.s2, credit_code: creditCode(`92440606L1${stamp}0`) });
  const s3 = await api(request, token, '/admin/supplier/create', { ...base, name: names.s3, credit_code: creditCode(`91320506MA1${stamp}`) });
  expect([s2.code, s3.code]).toEqual([200, 200]);
  const s1 = (await api(request, token, '/admin/supplier/list', { keyword: names.s1 })).data.list[0];

  const task = await api(request, token, '/admin/procurement_task/create', {
    // Unsealed: this test reads the quotes' prices while the task is quoting (sealed tasks: portal.spec.ts).
    sealed: false,
    name: `E2E比价任务${stamp}`,
    buyer_id: 1,
    quote_deadline: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    delivery_region_code: '440305',
    lines: [
      { commodity_id: commodities[0].value, quantity: 20, target_price_fen: 3000 },
      { commodity_id: commodities[1].value, quantity: 30, target_price_fen: 2000 },
      { commodity_id: commodities[2].value, quantity: 10 },
    ],
    supplier_ids: [s1.id, s2.data.id, s3.data.id],
  });
  expect(task.code).toBe(200);
  const taskName = `E2E比价任务${stamp}`;

  // Publish from the list, then open the maintenance page.
  await openFromMenu(page, '采购管理', '采购任务列表');
  await page.getByPlaceholder('任务编号 / 名称').fill(taskName);
  await page.getByRole('button', { name: /^查\s*询$/ }).click();
  const row = page.locator('.table-card tr', { hasText: taskName });
  await row.getByRole('button', { name: /^发\s*布$/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(row).toContainText('报价中');
  await expect(row).toContainText(/剩 \d+天/);
  await screenshot(page, 'procurement-task-list');
  await row.getByRole('button', { name: '报价维护' }).click();
  await expect(page).toHaveURL(/procurementTaskMaintain\?id=/);

  // S1: declines the third line, freight estimated from its template.
  const quotePanel = (name: string) => page.getByRole('tabpanel', { name: new RegExp(name) });
  await page.getByRole('tab', { name: new RegExp(names.s1) }).click();
  let panel = quotePanel(names.s1);
  await typeQuote(panel, skus, ['28.00', '19.00', null], ['7', '7', '7']);
  await expect(panel).toContainText('完整性检查：1 行未报价');
  await panel.getByRole('button', { name: '估算运费' }).click();
  await expect(panel).toContainText('计算过程');
  await expect(panel).toContainText(weightTemplate.label);
  await panel.getByRole('button', { name: '保存报价' }).click();
  await expect(page.locator('.ant-message')).toContainText('报价已保存');

  await page.getByRole('tab', { name: new RegExp(names.s2) }).click();
  panel = quotePanel(names.s2);
  await typeQuote(panel, skus, ['28.00', '21.00', '50.00'], ['5', '5', '10']);
  await panel.getByLabel('运费').fill('15');
  await panel.getByRole('button', { name: '保存报价' }).click();
  await expect(page.locator('.ant-message').last()).toContainText('报价已保存');

  await page.getByRole('tab', { name: new RegExp(names.s3) }).click();
  panel = quotePanel(names.s3);
  await typeQuote(panel, skus, ['29.00', '18.00', '52.00'], ['3', '3', '10']);
  await panel.getByLabel('运费').fill('0');
  await panel.getByRole('button', { name: '保存报价' }).click();
  await expect(page.getByRole('tab', { name: new RegExp(names.s3) })).toContainText('已报价');

  // Best cells: line 1 ties at 28.00 (two highlighted), line 2 one, line 3 one; S3 has the lowest landed total.
  const matrix = page.locator('.comparison-matrix');
  const matrixRows = matrix.locator('.ant-table-tbody tr.ant-table-row');
  await expect(matrixRows.nth(0).locator('[data-best-price]')).toHaveCount(2);
  await expect(matrixRows.nth(1).locator('[data-best-price]')).toHaveCount(1);
  await expect(matrixRows.nth(1).locator('[data-best-price]')).toContainText('18.00');
  await expect(matrixRows.nth(2).locator('[data-best-price]')).toContainText('50.00');
  await expect(matrixRows.nth(2)).toContainText('未报价');
  await expect(matrix.locator('[data-best-landed]')).toHaveCount(1);
  await screenshot(page, 'procurement-maintain');
  await matrix.scrollIntoViewIfNeeded();
  await matrix.screenshot({ path: 'screenshots/procurement-matrix.png' });

  // Close quoting, then award with one non-lowest choice and its reason.
  const info = await api(request, token, '/admin/procurement_task/info', { id: task.data.id });
  expect((await api(request, token, '/admin/procurement_task/close_quote', { id: task.data.id, version: info.data.version })).code).toBe(200);
  await page
    .getByRole('button', { name: /刷\s*新/ })
    .first()
    .click();
  await page.getByRole('button', { name: '定标' }).click();
  const award = page.getByRole('dialog', { name: /^定标/ });
  // Pick a supplier other than the pre-selected lowest one (which depends on the templates' freight).
  const firstLine = award.locator('tr', { hasText: skus[0] });
  await expect(firstLine).toContainText('最低');
  const preselected = await firstLine.innerText();
  const other = [names.s2, names.s3, names.s1].find((name) => !preselected.includes(name))!;
  await pickOption(page, firstLine, other);
  await award.getByRole('button', { name: '确认定标' }).click();
  await expect(award).toContainText('请填写定标理由');
  await award.getByLabel(`定标理由-${skus[0]}`).fill('顺德美居交期更稳定');
  await award.getByRole('button', { name: '确认定标' }).click();
  // A second look with the totals before anything is written.
  const summary = page.locator('.ant-modal-confirm', { hasText: '确认定标' });
  await expect(summary).toContainText('定标行数');
  await expect(summary).toContainText('实际到货成本');
  await expect(summary).toContainText('非最低或不满足起订量1 行');
  await screenshot(page, 'procurement-award-summary');
  await summary.getByRole('button', { name: '确认定标' }).click();
  await expect(page.locator('.ant-message').last()).toContainText('定标成功');
  const result = page.locator('.ant-card', { hasText: '定标结果' });
  await expect(result).toContainText('顺德美居交期更稳定');
  await expect(result).toContainText('部分中标');
  await expect(result).toContainText('未中标');
  await expect(page.locator('.ant-card-head').first()).toContainText('已定标');
  await screenshot(page, 'procurement-awarded');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出比价 Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/^比价定标_CG\d+_\d{14}\.xlsx$/);
});

test('the matrix shows tax-inclusive and real cost side by side; the special invoice wins for a general taxpayer', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const [commodity] = (await api(request, token, '/admin/commodity/options', { limit: 1 })).data as { value: number; sku_code: string }[];
  const base = { contact_person: '钱经理', grade: 'B' };
  const special = await createSupplier(request, token, { ...base, name: `E2E专票厨具${stamp}有限公司`, creditBody: `91330100MA7${stamp}` });
  const ordinary = await createSupplier(request, token, { ...base, name: `E2E普票日用${stamp}商行`, creditBody: `92330100MA8${stamp}` });
  const taskName = `E2E含税比价${stamp}`;
  const task = await createPublishedTask(request, token, {
    name: taskName,
    delivery_region_code: '310114',
    lines: [{ commodity_id: commodity.value, quantity: 10, target_price_fen: 12000 }],
    supplier_ids: [special, ordinary],
  });
  // ¥113.00 under the default invoice (a 13 % special one), through the API without invoice fields.
  await saveQuote(request, token, {
    task_id: task.id,
    supplier_id: special,
    freight_fen: 0,
    lines: [{ task_line_id: task.lines[0].id, unit_price_fen: 11300 }],
  });

  // ¥105.00 under a 3 % ordinary invoice, through the quote editor.
  await login(page);
  await page.goto(`/procurementManagement/procurementTaskMaintain?id=${task.id}`);
  await page.getByRole('tab', { name: new RegExp(`E2E普票日用${stamp}`) }).click();
  const panel = page.getByRole('tabpanel', { name: new RegExp(`E2E普票日用${stamp}`) });
  await pickOption(page, panel.locator('.ant-form-item', { has: page.getByLabel('发票类型') }), '增值税普通发票');
  await pickOption(page, panel.locator('.ant-form-item', { has: page.getByLabel('税率') }), '3%', { exact: true });
  await panel.getByLabel(`单价-${commodity.sku_code}`).fill('105.00');
  await panel.getByLabel('运费').fill('0');
  await expect(panel.locator('.quote-real-cost')).toContainText('含税合计（货值 + 运费）¥1,050.00，实际成本 ¥1,050.00');
  await panel.getByRole('button', { name: '保存报价' }).click();
  await expect(page.getByRole('tab', { name: new RegExp(`E2E普票日用${stamp}`) })).toContainText('已报价');

  const matrix = page.locator('.comparison-matrix');
  await expect(page.locator('.matrix-taxpayer')).toContainText('本公司为一般纳税人');
  const header = matrix.locator('.ant-table-thead');
  await expect(header).toContainText('专票 13%');
  await expect(header).toContainText('普票 3%');
  const line = matrix.locator('.ant-table-tbody tr.ant-table-row').first();
  const cells = line.locator('.matrix-cell');
  await expect(cells).toHaveCount(2);
  // Columns in invitation order: the special invoice first.
  await expect(cells.nth(0).locator('[data-amount-inclusive]')).toContainText('1,130.00');
  await expect(cells.nth(0).locator('[data-amount-real]')).toContainText('1,000.00');
  await expect(cells.nth(1).locator('[data-amount-inclusive]')).toContainText('1,050.00');
  await expect(cells.nth(1).locator('[data-amount-real]')).toContainText('1,050.00');
  // The cheaper tax-inclusive quote is not the lowest: the special invoice's real cost is.
  await expect(cells.nth(0).locator('[data-best-price]')).toHaveCount(1);
  await expect(cells.nth(1).locator('[data-best-price]')).toHaveCount(0);
  const totalRow = (label: string) => matrix.locator('.ant-table-tbody tr', { hasText: label });
  await expect(totalRow('到货成本(含税)').locator('[data-landed-inclusive]')).toHaveText(['1,130.00', '1,050.00']);
  await expect(totalRow('实际到货成本').locator('[data-landed-real]')).toHaveText(['1,000.00', '1,050.00']);
  await expect(totalRow('实际到货成本').locator('[data-best-landed]')).toHaveText('1,000.00');
  await matrix.scrollIntoViewIfNeeded();
  await screenshot(page, 'procurement-matrix-vat');
});

test('the comparison stays readable with 30 lines × 10 suppliers', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const commodities = (await api(request, token, '/admin/commodity/options', { limit: 30 })).data as { value: number; reference_price_fen: number }[];
  expect(commodities).toHaveLength(30);
  const supplierIds: number[] = [];
  for (let k = 0; k < 10; k++) {
    supplierIds.push(
      await createSupplier(request, token, {
        name: `E2E宽表供应商${stamp}-${k + 1}`,
        creditBody: `91330100MA${stamp}${k}`,
        contact_person: '赵经理',
        grade: 'B',
      }),
    );
  }
  const task = await createPublishedTask(request, token, {
    name: `E2E宽表比价${stamp}`,
    delivery_region_code: '310114',
    lines: commodities.map((c, i) => ({ commodity_id: c.value, quantity: 10 + i, target_price_fen: c.reference_price_fen })),
    supplier_ids: supplierIds,
  });
  for (const [k, supplierId] of supplierIds.entries()) {
    await saveQuote(request, token, {
      task_id: task.id,
      supplier_id: supplierId,
      tax_rate_percent: 13,
      freight_fen: 1000 * k,
      lines: task.lines.map((line, i) => ({
        task_line_id: line.id,
        unit_price_fen: (i + k) % 11 === 0 ? null : Math.round(commodities[i].reference_price_fen * (0.9 + ((i * 7 + k * 3) % 20) / 100)),
        moq: 20,
        lead_time_days: 3 + ((i + k) % 9),
      })),
    });
  }
  await login(page);
  await page.goto(`/procurementManagement/procurementTaskMaintain?id=${task.id}`);
  const matrix = page.locator('.comparison-matrix');
  // 30 lines + 货值合计, 运费, 到货成本(含税), 实际到货成本, 较目标价节省.
  await expect(matrix.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(35);
  await matrix.scrollIntoViewIfNeeded();
  await screenshot(page, 'procurement-matrix-30x10');
});

test('a buyer picked in the task form, then the list filtered by buyer and by source plan', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const commodity = (await api(request, token, '/admin/commodity/options', { limit: 1 })).data[0] as { value: number; sku_code: string };
  // The file's other tasks carry the same stamp: this test's pair shares a marker of its own.
  const marker = `E2E按采购员${stamp}`;
  const formTask = `${marker}-李采购`;
  const adminTask = `${marker}-管理员`;
  const created = await api(request, token, '/admin/procurement_task/create', {
    name: adminTask,
    buyer_id: 1,
    quote_deadline: new Date(Date.now() + 86_400_000).toISOString(),
    delivery_region_code: '310114',
    lines: [{ commodity_id: commodity.value, quantity: 5 }],
  });
  expect(created.code, created.message).toBe(200);

  await login(page);
  await openFromMenu(page, '采购管理', '采购任务列表');
  await page.getByRole('button', { name: '新建' }).click();
  const drawer = page.getByRole('dialog', { name: '新建采购任务' });
  await expect(drawer.locator('.ant-form-item', { hasText: '采购员' })).toContainText('系统管理员');
  await pickOption(page, drawer.locator('.ant-form-item', { hasText: '采购员' }), '李采购');
  await drawer.getByLabel('任务名称').fill(formTask);
  await pickOption(page, drawer.locator('.ant-form-item', { hasText: '收货仓库' }), '上海嘉定中心仓');
  await pickRegion(page, drawer.locator('.ant-cascader'), ['上海市', '上海市', '嘉定区']);
  const line = drawer.locator('.ant-table-row').first();
  await pickOption(page, line, commodity.sku_code, { search: commodity.sku_code });
  await line.getByLabel('数量').fill('12');
  await screenshot(page, 'procurement-task-form');
  await drawer.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.locator('.ant-message')).toContainText('新建成功');

  // Filter by buyer: the form's task is 李采购's, the API's the administrator's.
  const filters = page.locator('.filter-card');
  await filters.getByPlaceholder('任务编号 / 名称').fill(marker);
  await pickOption(page, filters.locator('.ant-form-item', { hasText: '采购员' }), '李采购');
  await filters.getByRole('button', { name: /^查\s*询$/ }).click();
  await expect(page).toHaveURL(/buyerId=\d+/);
  const rows = page.locator('.table-card .ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(formTask);
  await expect(rows.first()).toContainText('李采购');
  await screenshot(page, 'procurement-task-list-by-buyer');
  await pickOption(page, filters.locator('.ant-form-item', { hasText: '采购员' }), '系统管理员');
  await filters.getByRole('button', { name: /^查\s*询$/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(adminTask);

  // Filter by source plan: the demo's 双十二 plan generated 厨房收纳双十二促销备货.
  await filters.getByRole('button', { name: /^重\s*置$/ }).click();
  await expect(page).not.toHaveURL(/buyerId=/);
  // The unfiltered list is on screen (the reset has been rendered) before the next filter is picked.
  await expect(rows.nth(1)).toBeVisible();
  const planItem = filters.locator('.ant-form-item', { hasText: '来源计划' });
  const plans = await api(request, token, '/admin/procurement_task/plan_options', { keyword: '双十二' });
  expect(plans.data).toHaveLength(1);
  const planCode = plans.data[0].code as string;
  await pickOption(page, planItem, planCode, { search: '双十二' });
  await filters.getByRole('button', { name: /^查\s*询$/ }).click();
  await expect(page).toHaveURL(new RegExp(`planCode=${planCode}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('厨房收纳双十二促销备货');
  // 来源计划 is a secondary column at 1440 px: the row's expanded part shows it.
  await rows.first().locator('.ant-table-row-expand-icon').click();
  await expect(page.locator('.table-card tr.ant-table-expanded-row')).toContainText(planCode);
  await expect(filters).toContainText(planCode);
  await screenshot(page, 'procurement-task-list-by-plan');
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(filters).toContainText(planCode);
});

test('a task re-created from its plan: the plan picked as source, its open lines brought in and linked', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request);
  const manager = await apiLogin(request, 'manager@jiaju.com');
  const commodities = (await api(request, admin, '/admin/commodity/options', { limit: 2 })).data as { value: number; sku_code: string }[];
  const planName = `E2E来源计划${stamp}`;
  const created = await api(request, admin, '/admin/planning_task/create', {
    name: planName,
    plan_type: 'regular',
    warehouse: 'sh_jiading',
    period_start: '2027-03-01',
    period_end: '2027-03-31',
    lines: [
      { commodity_id: commodities[0].value, quantity: 30 },
      { commodity_id: commodities[1].value, quantity: 12 },
    ],
  });
  expect(created.code, created.message).toBe(200);
  const planId = created.data.id as number;
  const plan = async () => (await api(request, admin, '/admin/planning_task/info', { id: planId })).data;
  const planAct = async (token: string, action: string, extra: Record<string, unknown> = {}) => {
    const answer = await api(request, token, `/admin/planning_task/${action}`, { id: planId, version: (await plan()).version, ...extra });
    expect(answer.code, `${action}: ${answer.message}`).toBe(200);
    return answer.data;
  };
  await planAct(admin, 'submit');
  await planAct(manager, 'approve');
  // The plan manager generates; the task goes to a buyer (only a user who may work tasks can be one).
  const users = (await api(request, admin, '/admin/back_user/options', { permission_codes: ['procurementTaskList', 'procurementTaskMaintain'] }))
    .data as {
    value: number;
    label: string;
  }[];
  const buyerId = users.find((u) => u.label === '李采购')?.value;
  const [generatedId] = (await planAct(manager, 'generate', { mode: 'plan', buyer_id: buyerId })).task_ids as number[];
  // The generated task is cancelled, so the plan's lines are open again.
  const generated = (await api(request, admin, '/admin/procurement_task/info', { id: generatedId })).data;
  const cancelled = await api(request, admin, '/admin/procurement_task/cancel', {
    id: generatedId,
    version: generated.version,
    reason: '调整邀请范围，重新建任务',
  });
  expect(cancelled.code, cancelled.message).toBe(200);

  await login(page);
  await openFromMenu(page, '采购管理', '采购任务列表');
  await page.getByRole('button', { name: '新建' }).click();
  const drawer = page.getByRole('dialog', { name: '新建采购任务' });
  const taskName = `${planName}-重建任务`;
  await drawer.getByLabel('任务名称').fill(taskName);
  await pickOption(page, drawer.locator('.ant-form-item', { hasText: '收货仓库' }), '上海嘉定中心仓');
  await pickRegion(page, drawer.locator('.ant-cascader'), ['上海市', '上海市', '嘉定区']);
  await expect(drawer.getByRole('button', { name: '带入计划明细' })).toBeDisabled();
  await pickOption(page, drawer.locator('.ant-form-item', { hasText: '来源计划' }), planName, { search: planName });
  await drawer.getByRole('button', { name: '带入计划明细' }).click();
  await expect(page.locator('.ant-message')).toContainText('已带入 2 行计划明细');
  const lines = drawer.locator('.ant-table-row');
  await expect(lines).toHaveCount(2);
  for (const [i, quantity] of ['30', '12'].entries()) {
    await expect(lines.nth(i)).toContainText(commodities[i].sku_code);
    await expect(lines.nth(i).locator('.ant-tag', { hasText: '计划' })).toBeVisible();
    await expect(lines.nth(i).getByLabel('数量')).toHaveValue(quantity);
  }
  await screenshot(page, 'procurement-task-form-from-plan');
  await drawer.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.locator('.ant-message')).toContainText('新建成功');

  // Edited in the form, the draft keeps its plan and its links.
  await page.locator('.filter-card').getByPlaceholder('任务编号 / 名称').fill(taskName);
  await page
    .locator('.filter-card')
    .getByRole('button', { name: /^查\s*询$/ })
    .click();
  const row = page.locator('.table-card .ant-table-tbody tr.ant-table-row');
  await expect(row).toHaveCount(1);
  await row.locator('.ant-table-row-expand-icon').click();
  await expect(page.locator('.table-card tr.ant-table-expanded-row')).toContainText(created.data.code);
  await row.getByRole('button', { name: '编辑' }).click();
  const editor = page.getByRole('dialog', { name: /^编辑采购任务/ });
  await expect(editor.locator('.ant-form-item', { hasText: '来源计划' })).toContainText(created.data.code);
  await expect(editor.locator('.ant-table-row .ant-tag', { hasText: '计划' })).toHaveCount(2);
  await editor.locator('.ant-table-row').first().getByLabel('数量').fill('25');
  await editor.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.locator('.ant-message')).toContainText('保存成功');

  // Saved as the plan's task: each line points at its plan line, so the award is written back there.
  const found = await api(request, admin, '/admin/procurement_task/list', { keyword: taskName });
  expect(found.data.total).toBe(1);
  const saved = (await api(request, admin, '/admin/procurement_task/info', { id: found.data.list[0].id })).data;
  expect(saved).toMatchObject({ plan_id: planId, plan_code: created.data.code, version: 1 });
  const planLineIds = ((await plan()).lines as { id: number }[]).map((l) => l.id);
  expect(saved.lines.map((l: { plan_line_id: number; quantity: number }) => [l.plan_line_id, l.quantity])).toEqual([
    [planLineIds[0], 25],
    [planLineIds[1], 12],
  ]);
});

test('a quote below its MOQ is flagged and not pre-selected; 关闭报价 on 报价维护; disabled actions say why', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const commodity = (await api(request, token, '/admin/commodity/options', { limit: 1 })).data[0] as { value: number; sku_code: string };
  const base = { contact_person: '周经理', phone: '13800138001', region_code: '440300', grade: 'B' };
  const moqName = `E2E整箱起订${stamp}有限公司`;
  const plainName = `E2E散件供应${stamp}有限公司`;
  const moqSupplier = await createSupplier(request, token, { ...base, name: moqName, creditBody: `91440300MA${stamp}7` });
  const plainSupplier = await createSupplier(request, token, { ...base, name: plainName, creditBody: `91440300MA${stamp}8` });
  const taskName = `E2E起订量任务${stamp}`;
  const task = await createPublishedTask(request, token, {
    name: taskName,
    quote_deadline: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    delivery_region_code: '440305',
    lines: [{ commodity_id: commodity.value, quantity: 10, target_price_fen: 3000 }],
    supplier_ids: [moqSupplier, plainSupplier],
  });
  const id = task.id;
  for (const [supplierId, price, moq] of [
    [moqSupplier, 2000, 50], // cheaper, but sells by the case of 50 where 10 are needed
    [plainSupplier, 2500, 1],
  ]) {
    await saveQuote(request, token, {
      task_id: id,
      supplier_id: supplierId,
      tax_rate_percent: 13,
      freight_fen: 0,
      lines: [{ task_line_id: task.lines[0].id, unit_price_fen: price, moq, lead_time_days: 5 }],
    });
  }

  await login(page);
  await page.goto(`/procurementManagement/procurementTaskMaintain?id=${id}`);
  // While quoting, 定标 is disabled and says why on hover.
  const awardButton = page.locator('.reasoned-disabled', { has: page.getByRole('button', { name: '定标' }) });
  await expect(awardButton.getByRole('button', { name: '定标' })).toBeDisabled();
  await awardButton.hover();
  await expect(page.getByRole('tooltip')).toHaveText('报价截止或关闭报价后才能定标');
  await screenshot(page, 'procurement-award-disabled');

  // The MOQ cell is flagged, priced at the MOQ and never the lowest.
  const matrix = page.locator('.comparison-matrix');
  const line = matrix.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(line.locator('[data-below-moq]')).toHaveText('不满足起订量');
  await expect(line.locator('[data-best-price]')).toHaveCount(1);
  await expect(line.locator('[data-best-price]')).toContainText('25.00');
  await expect(line).toContainText('1,000.00（按50）');

  // 关闭报价 right here, after a confirmation.
  await page.getByRole('button', { name: '关闭报价' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.locator('.ant-card-head').first()).toContainText('待定标');
  await expect(page.getByRole('button', { name: '关闭报价' })).toHaveCount(0);

  // The award pre-selects the supplier that meets its MOQ; picking the other needs a reason and buys 50.
  await page.getByRole('button', { name: '定标' }).click();
  const award = page.getByRole('dialog', { name: /^定标/ });
  const awardLine = award.locator('tr', { hasText: commodity.sku_code });
  await expect(awardLine).toContainText(plainName);
  await expect(awardLine.getByRole('cell').nth(2)).toHaveText('10');
  await pickOption(page, awardLine, moqName);
  await expect(awardLine).toContainText('不满足起订量');
  await expect(awardLine.getByRole('cell').nth(2)).toHaveText('50');
  await award.getByRole('button', { name: '确认定标' }).click();
  await expect(award).toContainText('所选供应商不满足起订量，请填写定标理由');
  await award.getByLabel(`定标理由-${commodity.sku_code}`).fill('整箱价更低，多余40件转入下月');
  await expect(award).toContainText('定标货值 ¥1,000.00');
  await screenshot(page, 'procurement-award-moq');
  await award.getByRole('button', { name: '确认定标' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('定标货值¥1,000.00');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认定标' }).click();
  await expect(page.locator('.ant-message').last()).toContainText('定标成功');
  const result = page.locator('.ant-card', { hasText: '定标结果' });
  await expect(result).toContainText('50（起订量）');
  await expect(result).toContainText('定标货值 ¥1,000.00');
  await screenshot(page, 'procurement-awarded-moq');

  // A supplier already invited to a task cannot be deleted: 删除 is disabled with the reason.
  await openFromMenu(page, '采购管理', '供应商管理');
  await page.getByPlaceholder('编码 / 名称 / 联系人').fill(moqName);
  await page.getByRole('button', { name: /^查\s*询$/ }).click();
  const supplierRow = page.locator('.table-card .ant-table-tbody tr.ant-table-row', { hasText: moqName });
  await expect(supplierRow.getByRole('button', { name: /删\s*除/ })).toBeDisabled();
  // The list may re-render under the pointer once its counts load: hover again until the reason shows.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await supplierRow.locator('.reasoned-disabled').hover();
    await expect(page.getByRole('tooltip')).toHaveText('已被邀请参与1个采购任务，不能删除，可改为停用', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await screenshot(page, 'supplier-delete-disabled');
});

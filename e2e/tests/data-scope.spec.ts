import { expect, test } from '@playwright/test';
import { api, apiLogin, login, openFromMenu, screenshot, takeOverPassword } from '../support/app';

/**
 * 数据范围 仅本人: a user whose role sees only their own records finds only their plans and tasks in
 * the lists, and someone else's plan, opened by its address, reads as not found.
 */

const stamp = Date.now().toString(36).slice(-5);
const EMAIL = `own-${stamp}@jiaju.com`;
const PASSWORD = 'OwnScope2026';
const ROLE_CODES = [
  'dashboard',
  'basic',
  'planningManagement',
  'planningTaskList',
  'planningTaskDetail',
  'planningTaskList:create',
  'planningTaskList:edit',
  'planningTaskList:submit',
  'procurementManagement',
  'procurementTaskList',
  'procurementTaskMaintain',
  'procurementTaskList:create',
  'procurementTaskList:edit',
];

test('a user with data scope 仅本人 sees only their own plans and tasks', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request);
  const ok = async (token: string, path: string, body: unknown) => {
    const answer = await api(request, token, path, body);
    expect(answer.code, `${path}: ${answer.message}`).toBe(200);
    return answer.data;
  };

  const role = await ok(admin, '/admin/role/create', {
    name: `仅本人计划采购${stamp}`,
    code: `own_scope_${stamp}`,
    data_scope: 'own',
    permission_codes: ROLE_CODES,
  });
  expect((await ok(admin, '/admin/role/detail', { id: role.id })).data_scope).toBe('own');
  const user = await ok(admin, '/admin/back_user/create', { email: EMAIL, username: `赵本人${stamp}`, role_id: role.id, password: PASSWORD });
  const ownPassword = await takeOverPassword(request, EMAIL, PASSWORD);
  const own = await apiLogin(request, EMAIL, ownPassword);

  const [commodity] = (await ok(admin, '/admin/commodity/options', { limit: 1 })) as { value: number }[];
  const plan = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    plan_type: 'regular',
    warehouse: 'sh_jiading',
    period_start: '2027-04-01',
    period_end: '2027-04-30',
    lines: [{ commodity_id: commodity.value, quantity: 20 }],
    ...extra,
  });
  const ownPlanName = `本人编制的计划${stamp}`;
  const otherPlanName = `他人编制的计划${stamp}`;
  await ok(own, '/admin/planning_task/create', plan(ownPlanName));
  const otherPlan = await ok(admin, '/admin/planning_task/create', plan(otherPlanName));

  const task = (name: string, buyerId: number) => ({
    name,
    buyer_id: buyerId,
    quote_deadline: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    delivery_region_code: '310114',
    lines: [{ commodity_id: commodity.value, quantity: 20 }],
    supplier_ids: [],
  });
  const ownTaskName = `本人负责的采购任务${stamp}`;
  await ok(admin, '/admin/procurement_task/create', task(ownTaskName, user.id));

  await login(page, EMAIL, ownPassword);

  // Plans: the user's own, none of the administrator's or the demo planner's.
  await openFromMenu(page, '计划管理', '计划任务列表');
  const planRows = page.locator('.table-card .ant-table-tbody tr.ant-table-row');
  await expect(planRows.filter({ hasText: ownPlanName })).toHaveCount(1);
  await expect(planRows).toHaveCount(1);
  await expect(page.getByText(otherPlanName)).toHaveCount(0);
  await expect(page.getByText('2026年12月常规补货计划-上海仓')).toHaveCount(0);
  await screenshot(page, 'data-scope-plan-list');

  // Tasks: the one the user buys for, none of the demo buyer's.
  await openFromMenu(page, '采购管理', '采购任务列表');
  const taskRows = page.locator('.table-card .ant-table-tbody tr.ant-table-row');
  await expect(taskRows.filter({ hasText: ownTaskName })).toHaveCount(1);
  await expect(taskRows).toHaveCount(1);
  await expect(page.getByText('厨房收纳618促销备货')).toHaveCount(0);
  await screenshot(page, 'data-scope-task-list');

  // Someone else's plan by its address: not found, its content never shown.
  await page.goto(`/planningManagement/planningTaskDetail?id=${otherPlan.id}`);
  await expect(page.getByText('无权限访问')).toBeVisible();
  await expect(page.getByText('该计划不存在，或不在您的数据范围内')).toBeVisible();
  await expect(page.getByRole('button', { name: '返回工作台' })).toBeVisible();
  await expect(page.getByText(otherPlanName)).toHaveCount(0);
  await screenshot(page, 'data-scope-plan-not-found');
  expect((await api(request, own, '/admin/planning_task/info', { id: otherPlan.id })).code).toBe(404);
});

import { expect, type Page, test } from '@playwright/test';
import { E2E_PASSWORD } from '../support/constants';
import { api, apiLogin, login, screenshot, tabLabels } from '../support/app';

const todo = (page: Page, key: string) => page.locator(`.todo-card[data-todo="${key}"]`);
const todoCount = (page: Page, key: string) => todo(page, key).locator('.ant-statistic-content-value');

async function overviewOf(request: Parameters<typeof apiLogin>[0], email: string) {
  const token = await apiLogin(request, email, E2E_PASSWORD);
  const answer = await api(request, token, '/admin/workbench/overview');
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
}

test.describe('工作台', () => {
  test('an approver sees the plans waiting for approval and opens them in a tab', async ({ page, request }) => {
    const expected = await overviewOf(request, 'manager@jiaju.com');
    expect(expected.todos.plans_to_approve).toBeGreaterThan(0);
    await login(page, 'manager@jiaju.com');
    await expect(page.getByRole('heading', { name: /张主管/ })).toBeVisible();
    await expect(page.locator('.workbench').getByText('计划主管')).toBeVisible();
    await expect(todoCount(page, 'plansToApprove')).toHaveText(String(expected.todos.plans_to_approve));
    // Procurement to-dos are outside this role's codes: not shown.
    await expect(todo(page, 'tasksToAward')).toHaveCount(0);
    await expect(todo(page, 'quotesExpiringSoon')).toHaveCount(0);
    await expect(page.locator('.workbench .ant-spin-spinning')).toHaveCount(0);
    await screenshot(page, 'workbench-approver');

    await todo(page, 'plansToApprove').click();
    await expect(page).toHaveURL(/\/planningManagement\/planningTaskList\?status=submitted$/);
    await expect.poll(() => tabLabels(page)).toEqual(expect.arrayContaining(['工作台', '计划任务列表']));
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
  });

  test('a buyer sees procurement to-dos, not plan approvals, and a card opens the filtered task list', async ({ page, request }) => {
    const expected = await overviewOf(request, 'buyer@jiaju.com');
    await login(page, 'buyer@jiaju.com');
    await expect(page.getByRole('heading', { name: /李采购/ })).toBeVisible();
    const todoKeys = [
      ['tasksDeadlineSoon', 'tasks_deadline_soon'],
      ['tasksToAward', 'tasks_to_award'],
      ['quotesExpiringSoon', 'quotes_expiring_soon'],
    ];
    for (const [key] of todoKeys) await expect(todoCount(page, key)).toBeVisible();
    // Other spec files award and publish tasks at the same time: the page must match the counts
    // either before or after its own load.
    const after = await overviewOf(request, 'buyer@jiaju.com');
    for (const [key, field] of todoKeys) {
      const shown = await todoCount(page, key).innerText();
      expect([String(expected.todos[field]), String(after.todos[field])]).toContain(shown);
    }
    await expect(todo(page, 'plansToApprove')).toHaveCount(0);
    await expect(todo(page, 'myDraftPlans')).toHaveCount(0);
    // The buyer holds the data-board code: this month's figures are shown.
    await expect(page.getByText(/本月数据/)).toBeVisible();
    await expect(page.locator('.workbench .ant-spin-spinning')).toHaveCount(0);
    await screenshot(page, 'workbench-buyer');

    await todo(page, 'tasksToAward').click();
    await expect(page).toHaveURL(/\/procurementManagement\/procurementTaskList\?status=evaluating$/);
    await expect.poll(() => tabLabels(page)).toEqual(expect.arrayContaining(['工作台', '采购任务列表']));
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await screenshot(page, 'workbench-to-award-list');
  });

  test('shortcuts follow the pages this user opens most', async ({ page }) => {
    await login(page, 'buyer@jiaju.com');
    const sider = page.locator('.shell-sider');
    const counted = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/workbench/visit') && r.request().postData()?.includes('dataBoard') === true,
    );
    await sider.getByRole('menuitem', { name: /数据看板/ }).click();
    await expect(page).toHaveURL(/\/dataBoard/);
    await counted;
    await page.locator('.opened-tabs').getByText('工作台', { exact: true }).click();
    await expect(page.locator('[data-shortcut="dataBoard"]')).toContainText(/\d+ 次/);
  });
});

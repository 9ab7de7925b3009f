import { expect, type Page, test } from '@playwright/test';
import { api, apiLogin, login, openFromMenu } from '../support/app';

const stamp = Date.now().toString().slice(-6);
const question = (page: Page) => page.locator('.ant-modal-confirm', { hasText: '放弃未保存的修改？' });

test('a dirty plan asks before the sidebar, 返回列表, the tab’s × and a reload take it away', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const [commodity] = (await api(request, token, '/admin/commodity/options', { limit: 1 })).data as { value: number }[];
  const plan = await api(request, token, '/admin/planning_task/create', {
    name: `E2E未保存${stamp}`,
    plan_type: 'regular',
    warehouse: 'sh_jiading',
    lines: [{ commodity_id: commodity.value, quantity: 10 }],
  });
  expect(plan.code, plan.message).toBe(200);
  await login(page);
  await page.goto(`/planningManagement/planningTaskDetail?id=${plan.data.id}`);
  const name = page.getByLabel('计划名称');
  const dialog = question(page);

  // Sidebar: 继续编辑 keeps the page and the typed name.
  await name.fill(`E2E未保存${stamp}改`);
  const sider = page.locator('.shell-sider');
  const listEntry = sider.getByRole('menuitem', { name: '计划任务列表', exact: true });
  if (!(await listEntry.isVisible())) await sider.getByText('计划管理', { exact: true }).click();
  await listEntry.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '继续编辑' }).click();
  await expect(page).toHaveURL(/planningTaskDetail/);
  await expect(name).toHaveValue(`E2E未保存${stamp}改`);

  // 返回列表: the same question; the tabs stay as they were.
  const tabsBefore = await page.locator('.opened-tabs .ant-tabs-tab').allInnerTexts();
  await page.getByRole('button', { name: '返回列表' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '继续编辑' }).click();
  await expect(page.locator('.opened-tabs .ant-tabs-tab')).toHaveText(tabsBefore);

  // The tab's ×.
  await page.locator('.opened-tabs .ant-tabs-tab-active .ant-tabs-tab-remove').click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '继续编辑' }).click();
  await expect(page).toHaveURL(/planningTaskDetail/);

  // A reload or closing the window: the page cancels the unload, which is what makes the browser ask
  // its own question (headless Chromium shows that dialog only when a page is closed, not reloaded).
  const held = await page.evaluate(() => {
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    return unload.defaultPrevented;
  });
  expect(held).toBe(true);
  await expect(name).toHaveValue(`E2E未保存${stamp}改`);

  // 放弃修改 leaves.
  await page.getByRole('button', { name: '返回列表' }).click();
  await dialog.getByRole('button', { name: '放弃修改' }).click();
  await expect(page).toHaveURL(/planningTaskList/);
});

test('Esc on a typed-in 新建采购任务 drawer asks before emptying it', async ({ page }) => {
  await login(page);
  await openFromMenu(page, '采购管理', '采购任务列表');
  await page.getByRole('button', { name: '新建' }).click();
  const drawer = page.getByRole('dialog', { name: '新建采购任务' });
  await drawer.getByLabel('任务名称').fill(`E2E抽屉${stamp}`);
  await page.keyboard.press('Escape');
  const dialog = question(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '继续编辑' }).click();
  await expect(drawer.getByLabel('任务名称')).toHaveValue(`E2E抽屉${stamp}`);
  await drawer.getByRole('button', { name: /^取\s*消$/ }).click();
  await dialog.getByRole('button', { name: '放弃修改' }).click();
  await expect(drawer).toBeHidden();
  // Untouched, it closes without a question.
  await page.getByRole('button', { name: '新建' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: '新建采购任务' })).toBeHidden();
  await expect(dialog).toHaveCount(0);
});

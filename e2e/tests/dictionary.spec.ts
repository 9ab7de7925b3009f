import { expect, type Page, test } from '@playwright/test';
import { exportedSheets, login, openFromMenu, pickOption, screenshot, tabLabels } from '../support/app';

const dialog = (page: Page) => page.locator('.ant-modal:visible');

async function addItem(page: Page, item: { label: string; value: string; color: string; isDefault?: boolean }) {
  await page.getByRole('button', { name: '新增字典项' }).click();
  const modal = dialog(page);
  await modal.getByLabel('字典标签').fill(item.label);
  await modal.getByLabel('字典值').fill(item.value);
  await pickOption(page, modal.locator('.ant-form-item', { has: page.getByLabel('标签颜色') }), item.color, { exact: true });
  if (item.isDefault) await modal.getByRole('switch').click();
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await expect(modal).toBeHidden();
}

test('create a dictionary type, jump to its detail page and maintain its items', async ({ page }) => {
  await login(page);
  await openFromMenu(page, '基础数据', '数据字典');
  const table = page.locator('.table-card');
  await expect(table).toContainText('plan_status');
  await expect(table.getByRole('row', { name: /plan_status/ })).toContainText('内置');
  await screenshot(page, 'dictionary-list');

  const code = `pack_style_${Date.now() % 100000}`;
  await page.getByRole('button', { name: '新建' }).click();
  const modal = dialog(page);
  await modal.getByLabel('字典编码').fill('Pack Style');
  await modal.getByLabel('字典名称').fill('包装方式');
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await expect(modal).toContainText('snake_case');
  await modal.getByLabel('字典编码').fill(code);
  await modal.getByRole('button', { name: /确\s*定/ }).click();

  // Saving a new type jumps to its detail page: the list tab is replaced by the detail tab.
  await expect(page).toHaveURL(new RegExp(`/basicData/dataDictionaryDetail\\?code=${code}$`));
  await expect(page.locator('.ant-breadcrumb')).toContainText('数据字典详情');
  expect(await tabLabels(page)).not.toContain('数据字典');
  await expect(page.getByText(`包装方式（${code}）`)).toBeVisible();

  await addItem(page, { label: '纸箱', value: 'carton', color: '蓝', isDefault: true });
  await addItem(page, { label: '木架', value: 'crate', color: '橙' });
  await page.getByRole('button', { name: '新增字典项' }).click();
  await dialog(page).getByLabel('字典标签').fill('重复');
  await dialog(page).getByLabel('字典值').fill('carton');
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('字典值 carton 已存在')).toBeVisible();
  await dialog(page)
    .getByRole('button', { name: /取\s*消/ })
    .click();
  // What was typed is not thrown away without a word.
  await page.locator('.ant-modal-confirm', { hasText: '放弃未保存的修改？' }).getByRole('button', { name: '放弃修改' }).click();

  const items = page.locator('.table-card');
  const carton = items.getByRole('row', { name: /carton/ });
  await expect(carton.locator('.ant-tag-blue')).toHaveText('纸箱');
  await expect(carton).toContainText('默认');
  const crate = items.getByRole('row', { name: /crate/ });
  await crate.getByRole('button', { name: '停用' }).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(crate).toContainText('停用');
  await screenshot(page, 'dictionary-detail');

  // Back on the list the type shows its two items and cannot be deleted while they exist.
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/basicData\/dataDictionary$/);
  await page.getByPlaceholder('字典编码或名称').fill(code);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.table-card').getByRole('row', { name: new RegExp(code) });
  await expect(row.getByTestId('item-count')).toHaveText('2');
  await expect(row.getByRole('button', { name: '删除' })).toBeDisabled();

  // Batch operations: disable the selected type, after a confirmation.
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '批量停用' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('已停用 1 个字典')).toBeVisible();
  await expect(row).toContainText('停用');

  // The code link opens the detail with the jump as well.
  await row.getByTestId(`dict-code-${code}`).click();
  await expect(page).toHaveURL(new RegExp(`code=${code}$`));
  await expect(page.locator('.table-card')).toContainText('木架');
});

test('export the filtered dictionary types with their items to Excel', async ({ page }) => {
  await login(page);
  await openFromMenu(page, '基础数据', '数据字典');
  await page.getByPlaceholder('字典编码或名称').fill('unit');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.table-card .ant-table-row')).toHaveCount(1);
  const [types, items] = await exportedSheets(page);
  expect(types.name).toBe('字典类型');
  expect(types.rows[0].slice(0, 2)).toEqual(['字典编码', '字典名称']);
  expect(types.rows.slice(1).map((r) => r[0])).toEqual(['unit']);
  expect(items.name).toBe('字典项');
  const piece = items.rows.find((r) => r[3] === 'piece');
  expect(piece?.slice(0, 3)).toEqual(['unit', types.rows[1][1], '件']);
  expect(new Set(items.rows.slice(1).map((r) => r[0]))).toEqual(new Set(['unit']));
});

test('a detail page for a dictionary that does not exist says so and leads back to the list', async ({ page }) => {
  await login(page);
  await page.goto('/basicData/dataDictionaryDetail?code=no_such_dict');
  await expect(page.getByText('字典不存在')).toBeVisible();
  await expect(page.getByText('没有编码为 no_such_dict 的字典')).toBeVisible();
  await screenshot(page, 'dictionary-detail-missing');
  await page.getByRole('button', { name: '返回数据字典' }).click();
  await expect(page).toHaveURL(/\/basicData\/dataDictionary$/);
  await expect(page.locator('.table-card .ant-table-row').first()).toBeVisible();
});

test('a status dictionary shows the business flow’s statuses read-only', async ({ page }) => {
  await login(page);
  await page.goto('/basicData/dataDictionaryDetail?code=plan_status');
  await expect(page.getByText('该字典为业务状态，由系统按业务流程维护')).toBeVisible();
  const items = page.locator('.table-card');
  await expect(items.getByRole('row', { name: /draft/ })).toContainText('草稿');
  await expect(page.getByRole('button', { name: '新增字典项' })).toHaveCount(0);
  await expect(items.getByRole('button', { name: '编辑' })).toHaveCount(0);
  await screenshot(page, 'dictionary-status-read-only');
});

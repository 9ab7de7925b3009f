import { expect, test } from '@playwright/test';
import { login, openFromMenu, pickRegion, screenshot } from '../support/app';

test('收货仓库: create a warehouse with its address, see it in the dictionary, disable it', async ({ page }) => {
  await login(page);
  await openFromMenu(page, '基础数据', '收货仓库');
  const table = page.locator('.table-card');
  await expect(table).toContainText('上海嘉定中心仓');
  await expect(table).toContainText('宝安公路2999号');

  const code = `e2e_wh_${Date.now() % 100000}`;
  await page.getByRole('button', { name: '新建' }).click();
  const drawer = page.locator('.ant-drawer:visible');
  await drawer.getByLabel('仓库编码').fill(code);
  await drawer.getByLabel('仓库名称').fill('杭州余杭测试仓');
  await pickRegion(page, drawer.getByLabel('所在地区'), ['浙江省', '杭州市', '余杭区']);
  await drawer.getByLabel('详细地址').fill('杭州市余杭区仓前街道文一西路1号');
  await drawer.getByLabel('收货人').fill('冯晓东');
  await drawer.getByLabel('联系电话').fill('12345');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer).toContainText('请输入有效的手机号或固话');
  await drawer.getByLabel('联系电话').fill('0571-88881234');
  await drawer.getByLabel('收货时间').fill('周一至周五 9:00–17:00');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer).toBeHidden();
  const row = table.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('文一西路1号');
  await expect(row).toContainText('冯晓东');
  await screenshot(page, 'warehouse-list');

  // The `warehouse` dictionary answers the warehouses and points here.
  await page.goto('/basicData/dataDictionaryDetail?code=warehouse');
  await expect(page.getByText('该字典由「收货仓库」维护')).toBeVisible();
  await expect(page.locator('.table-card')).toContainText('杭州余杭测试仓');
  await expect(page.getByRole('button', { name: '新增字典项' })).toHaveCount(0);
  await screenshot(page, 'warehouse-dictionary');
  await page.getByRole('button', { name: '前往收货仓库' }).click();
  await expect(page.locator('.ant-breadcrumb')).toContainText('收货仓库');

  await table
    .getByRole('row', { name: new RegExp(code) })
    .getByRole('button', { name: '停用' })
    .click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(table.getByRole('row', { name: new RegExp(code) })).toContainText('停用');
});

test('公司信息: fill in the company the printed papers name', async ({ page }) => {
  await login(page);
  await openFromMenu(page, '基础数据', '公司信息');
  const name = page.getByLabel('公司名称');
  await expect(name).not.toHaveValue('');
  await page.getByLabel('统一社会信用代码').fill('91310114MA1GT5Y8X0');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('统一社会信用代码须为18位且校验位正确')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('统一社会信用代码')).not.toHaveValue('91310114MA1GT5Y8X0');
  await page.getByLabel('电话').fill('021-59560001');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await screenshot(page, 'company-info');
});

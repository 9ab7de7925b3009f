import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, login, screenshot } from '../support/app';

/** Every page of the administrator's menu, in menu order (the first test checks it against the sidebar). */
const MENU_PAGES = [
  '/dashboard/basic',
  '/planningManagement/planningTaskList',
  '/procurementManagement/procurementTaskList',
  '/procurementManagement/purchaseOrderList',
  '/procurementManagement/purchaseReturnList',
  '/procurementManagement/supplierStatementList',
  '/procurementManagement/supplierManagement',
  '/commodityManagement/commodityList',
  '/commodityManagement/commodityClassification',
  '/costManagement/costCalculate',
  '/dataBoard',
  '/basicData/priceModel',
  '/basicData/warehouse',
  '/basicData/company',
  '/basicData/dataDictionary',
  '/permissionManagement/roleManagement',
  '/permissionManagement/menuManagement',
  '/permissionManagement/userManagement',
  '/permissionManagement/operationLog',
];

interface MenuNode {
  path: string;
  isMenu: boolean;
  children?: MenuNode[];
}

/** The paths of every page the signed-in user's sidebar offers (the session's menu tree). */
async function menuPages(page: Page): Promise<string[]> {
  const tree: MenuNode[] = await page.evaluate(() => JSON.parse(sessionStorage.getItem('authorizatedMenuList') ?? '[]'));
  const walk = (nodes: MenuNode[]): string[] =>
    nodes.flatMap((node) => (node.children?.length ? walk(node.children) : node.isMenu ? [node.path] : []));
  return walk(tree);
}

test('the login page has no serious accessibility violation', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  await expectAccessible(page, '/login');
  await screenshot(page, 'accessibility-login');
});

test('the checked pages are every page of the administrator menu', async ({ page }) => {
  await login(page);
  expect(await menuPages(page)).toEqual(MENU_PAGES);
});

/** Pages every signed-in user has outside the menu (docs/messages.md). */
const SIGNED_IN_PAGES = ['/message/center'];

for (const path of [...MENU_PAGES, ...SIGNED_IN_PAGES]) {
  test(`${path} has one h1 and no serious accessibility violation`, async ({ page }) => {
    // axe reads the whole page; a long list takes a while on a busy machine.
    test.setTimeout(180_000);
    await login(page);
    await page.goto(path);
    await expect(page.locator('.shell-sider')).toBeVisible();
    await expect.soft(page.locator('h1'), `${path} has one h1`).toHaveCount(1);
    // Check the page with its data: every request answered, no skeleton left.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.ant-skeleton-active')).toHaveCount(0);
    await expectAccessible(page, path);
    await screenshot(page, `accessibility${path.replaceAll('/', '-')}`);
  });
}

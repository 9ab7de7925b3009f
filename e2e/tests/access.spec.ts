import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { api, apiLogin, login, openFromMenu, pickOption, screenshot, takeOverPassword } from '../support/app';
import { E2E_ADMIN_EMAIL } from '../support/constants';

/**
 * Access management end to end: a role limited to 商品管理, a user holding it, what that user can
 * reach, disabling them mid-session, renaming a menu entry, changing a password and the log of it all.
 * Users and roles are this file's own, so the other spec files running beside it are not disturbed.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const ROLE_NAME = `商品专员${stamp}`;
const ROLE_CODE = `commodity_${stamp}`;
const USER_EMAIL = `goods.${stamp}@jiaju.com`;
const USER_NAME = `赵商品${stamp}`;
const USER_PASSWORD = 'Goods2026ab';
/** What the user sets in the forced 修改密码 dialog of their first sign-in. */
const USER_OWN_PASSWORD = 'Goods2026cd';
const XSS = '<img src=x onerror="window.__xss=1">';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Picks the option reading exactly `option` in the select of the form item labelled `label`. */
const choose = (page: Page, scope: Locator, label: string, option: string) =>
  pickOption(page, scope.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) }), option, { exact: true });

/** Opens a 权限管理 page from the sidebar; a click that lands while the group is still opening is retried. */
const openAccessPage = (page: Page, label: string) => openFromMenu(page, '权限管理', label);

async function toast(page: Page, text: string | RegExp) {
  await expect(page.locator('.ant-message').getByText(text)).toBeVisible();
}

test('an admin creates a role limited to 商品管理 and grants it on the permission tree', async ({ page }) => {
  await login(page);
  await openAccessPage(page, '角色管理');
  await expect(page.locator('.ant-table-row', { hasText: '超级管理员' })).toBeVisible();
  await page.getByRole('button', { name: '新建角色' }).click();
  const modal = page.locator('.ant-modal', { hasText: '新建角色' });
  await modal.getByRole('button', { name: /保\s*存/ }).click();
  await expect(modal.getByText('请输入角色名称')).toBeVisible();
  await modal.getByLabel('角色名称').fill(ROLE_NAME);
  await modal.getByLabel('角色编码').fill('1bad');
  await expect(modal.getByText('角色编码以字母开头，只能包含字母、数字和下划线')).toBeVisible();
  await modal.getByLabel('角色编码').fill(ROLE_CODE);
  await modal.getByLabel('描述').fill(XSS);
  await modal.getByRole('button', { name: /保\s*存/ }).click();

  const drawer = page.locator('.ant-drawer', { hasText: `分配权限 · ${ROLE_NAME}` });
  await expect(drawer).toBeVisible();
  const node = (title: string) =>
    drawer
      .locator('.ant-tree-treenode')
      .filter({ has: page.getByText(title, { exact: true }) })
      .first();
  // Actions show their menu labels; the code stays out of sight (it only identifies the node here).
  const action = (code: string) => drawer.locator('.ant-tree-treenode').filter({ has: page.locator(`[data-code="${code}"]`) });
  await expect(action('supplierManagement:export')).toContainText('导出');
  await expect(drawer.getByText('supplierManagement:export')).toHaveCount(0);
  await node('首页').locator('.ant-tree-checkbox').click();
  await node('商品管理').locator('.ant-tree-checkbox').click();
  await expect(node('商品管理').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  // One action under 采购管理 makes its page and group half-checked.
  await action('supplierManagement:export').locator('.ant-tree-checkbox').click();
  await expect(node('采购管理').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await screenshot(page, 'access-role-permissions');
  await action('supplierManagement:export').locator('.ant-tree-checkbox').click();
  await node('访问页面').first().waitFor();
  await node('供应商管理').locator('.ant-tree-checkbox').click();
  await node('供应商管理').locator('.ant-tree-checkbox').click();
  await expect(node('采购管理').locator('.ant-tree-checkbox')).not.toHaveClass(/checked|indeterminate/);
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await toast(page, '权限已保存');

  const row = page.locator('.ant-table-row', { hasText: ROLE_CODE });
  await expect(row).toContainText(ROLE_NAME);
  // Stored markup is shown as text, never run.
  await expect(row).toContainText(XSS);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await screenshot(page, 'access-roles');
});

test('an admin creates a user with that role; the user sees only those menus and is refused elsewhere', async ({ page, browser, request }) => {
  await login(page);
  await openAccessPage(page, '用户管理');
  await page.getByRole('button', { name: '新建用户' }).click();
  const modal = page.locator('.ant-modal', { hasText: '新建用户' });
  await modal.getByLabel('邮箱（登录账号）').fill('not-an-email');
  await modal.getByLabel('用户名').fill(USER_NAME);
  await expect(modal.getByText('请输入有效的邮箱地址')).toBeVisible();
  await modal.getByLabel('邮箱（登录账号）').fill(USER_EMAIL);
  await choose(page, modal, '角色', ROLE_NAME);
  await modal.getByText('手动设置').click();
  await modal.getByLabel('密码', { exact: true }).fill('short');
  await expect(modal.getByText('密码至少8位，且包含字母和数字')).toBeVisible();
  await modal.getByLabel('密码', { exact: true }).fill(USER_PASSWORD);
  await screenshot(page, 'access-user-create');
  await modal.getByRole('button', { name: /保\s*存/ }).click();
  await toast(page, '新建成功');
  await expect(page.locator('.ant-table-row', { hasText: USER_EMAIL })).toContainText(ROLE_NAME);

  const user = await newPage(browser);
  await login(user, USER_EMAIL, USER_PASSWORD);
  // The administrator chose the password: the user replaces it before anything else, and cannot close the dialog.
  const first = user.locator('.ant-modal', { hasText: '首次登录，请修改密码' });
  await expect(first).toBeVisible();
  await user.keyboard.press('Escape');
  await expect(first).toBeVisible();
  await expect(first.getByRole('button', { name: /取\s*消/ })).toBeHidden();
  await screenshot(user, 'access-first-login-password');
  await first.getByLabel('原密码').fill(USER_PASSWORD);
  await first.getByLabel('新密码', { exact: true }).fill(USER_PASSWORD);
  await first.getByLabel('确认新密码').fill(USER_PASSWORD);
  await first.getByRole('button', { name: /确认修改/ }).click();
  await expect(first.getByText('新密码不能与原密码相同')).toBeVisible();
  await first.getByLabel('新密码', { exact: true }).fill(USER_OWN_PASSWORD);
  await first.getByLabel('确认新密码').fill(USER_OWN_PASSWORD);
  await first.getByRole('button', { name: /确认修改/ }).click();
  await expect(first).toBeHidden();
  const sider = user.locator('.shell-sider');
  await expect(sider.getByText('商品管理', { exact: true })).toBeVisible();
  for (const hidden of ['计划管理', '采购管理', '成本管理', '数据看板', '基础数据', '权限管理']) {
    await expect(sider.getByText(hidden, { exact: true })).toHaveCount(0);
  }
  await sider.getByText('商品管理', { exact: true }).click();
  await expect(sider.getByText('商品列表', { exact: true })).toBeVisible();
  await expect(sider.getByText('商品分类', { exact: true })).toBeVisible();

  await user.goto('/permissionManagement/userManagement');
  await expect(user.getByText('无权限访问')).toBeVisible();
  await expect(user.locator('.table-card')).toHaveCount(0);
  const token = await apiLogin(request, USER_EMAIL, USER_OWN_PASSWORD);
  expect((await api(request, token, '/admin/back_user/list', {})).code).toBe(403);
  expect((await api(request, token, '/admin/role/create', { name: '越权', code: 'escalate', permission_codes: ['roleManagement'] })).code).toBe(403);

  // Users list: last login shown once the user has signed in.
  await page.getByRole('button', { name: '刷新' }).click();
  await expect(page.locator('.ant-table-row', { hasText: USER_EMAIL })).toContainText('127.0.0.1');
  await screenshot(page, 'access-users');
  await user.context().close();
});

test('disabling the user shows them the 401 modal on their next call', async ({ page, browser }) => {
  const user = await newPage(browser);
  await login(user, USER_EMAIL, USER_OWN_PASSWORD);

  await login(page);
  await openAccessPage(page, '用户管理');
  const row = page.locator('.ant-table-row', { hasText: USER_EMAIL });
  await row.getByRole('button', { name: '停用' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await toast(page, '已停用，该用户已被强制下线');
  await expect(row).toContainText('停用');

  // Their next call meets the 401. On a slow machine the bell's own refresh can be that call while
  // they are still filling in a form, and the modal then covers what they would click: the page's
  // reload makes the next call at a moment the test decides.
  await user.reload();
  const modal = user.locator('.ant-modal-confirm');
  await expect(modal).toContainText('用户未登录');
  await modal.getByRole('button', { name: /确\s*认/ }).click();
  await expect(user).toHaveURL(/\/login$/);
  await user.getByPlaceholder('邮箱').fill(USER_EMAIL);
  await user.getByPlaceholder('密码').fill(USER_OWN_PASSWORD);
  await user.getByRole('button', { name: /登\s*录/ }).click();
  await expect(user.getByText('账号已停用')).toBeVisible();
  await user.context().close();
});

test('renaming a menu entry changes the sidebar and breadcrumb after a reload', async ({ page }) => {
  await login(page);
  await openAccessPage(page, '菜单管理');
  const row = page.locator('.ant-table-row', { hasText: 'operationLog' });
  await expect(row).toContainText('操作日志');
  await screenshot(page, 'access-menus');
  await row.getByRole('button', { name: '编辑' }).click();
  const modal = page.locator('.ant-modal', { hasText: '编辑菜单' });
  await modal.getByLabel('名称').fill('审计日志');
  await modal.getByRole('button', { name: /保\s*存/ }).click();
  await toast(page, /保存成功/);
  try {
    await page.reload();
    await openAccessPage(page, '审计日志');
    await expect(page.locator('.ant-breadcrumb')).toHaveText('权限管理/审计日志');
    await expect(page.locator('.opened-tabs')).toContainText('审计日志');
  } finally {
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const menus = await page.request.post('/api/admin/menu/list', { data: {}, headers: { authorization: `Bearer ${token}` } });
    const entry = (await menus.json()).data.find((m: { key: string }) => m.key === 'operationLog');
    const restore = await page.request.post('/api/admin/menu/update', {
      headers: { authorization: `Bearer ${token}` },
      data: { id: entry.id, version: entry.version, label: '操作日志', icon: '', sort: entry.sort, is_menu: true, status: 'enabled' },
    });
    expect((await restore.json()).code).toBe(200);
  }
});

test('a user changes their own password; their other sessions end', async ({ page, request }) => {
  const admin = await apiLogin(request);
  const roles = await api(request, admin, '/admin/role/list', { keyword: ROLE_CODE });
  const email = `pwd.${stamp}@jiaju.com`;
  const created = await api(request, admin, '/admin/back_user/create', {
    email,
    username: `钱密码${stamp}`,
    role_id: roles.data.list[0].id,
    password: USER_PASSWORD,
  });
  expect(created.code).toBe(200);
  const own = await takeOverPassword(request, email, USER_PASSWORD);
  const otherSession = await apiLogin(request, email, own);

  await login(page, email, own);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const form = page.locator('.ant-modal', { hasText: '修改密码' });
  await form.getByLabel('原密码').fill('Wrong2026x');
  await form.getByLabel('新密码', { exact: true }).fill('Changed2026');
  await form.getByLabel('确认新密码').fill('Changed2027');
  await form.getByRole('button', { name: /确认修改/ }).click();
  await expect(form.getByText('两次输入的新密码不一致')).toBeVisible();
  await form.getByLabel('确认新密码').fill('Changed2026');
  await form.getByRole('button', { name: /确认修改/ }).click();
  await expect(form.getByText('原密码错误')).toBeVisible();
  await form.getByLabel('原密码').fill(own);
  await screenshot(page, 'access-change-password');
  await form.getByRole('button', { name: /确认修改/ }).click();
  await toast(page, '密码已修改，其他设备上的登录已退出');

  expect((await api(request, otherSession, '/admin/back_user/info', { id: created.data.id })).code).toBe(401);
  await page.reload();
  await expect(page.getByTestId('user-menu')).toContainText(`钱密码${stamp}`);
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  expect(await apiLogin(request, email, 'Changed2026')).toBeTruthy();
});

test('the operation log shows all of it with before/after', async ({ page }) => {
  await login(page);
  await openAccessPage(page, '操作日志');
  await page.getByPlaceholder('摘要 / 记录 / IP').fill(stamp);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const table = page.locator('.table-card');
  for (const text of [`新建角色 ${ROLE_NAME}`, `分配权限 ${ROLE_NAME}`, `新建用户 ${USER_EMAIL}`, `停用用户 ${USER_EMAIL}`]) {
    await expect(table.getByText(text)).toBeVisible();
  }
  await expect(page).toHaveURL(new RegExp(`keyword=${stamp}`));

  const disabled = page.locator('.ant-table-row', { hasText: `停用用户 ${USER_EMAIL}` });
  await disabled.locator('.ant-table-row-expand-icon').click();
  const diff = page.locator('.ant-table-expanded-row').first();
  await expect(diff).toContainText('状态');
  await expect(diff).toContainText('启用');
  await expect(diff).toContainText('停用');
  await screenshot(page, 'access-operation-log');

  await page.getByRole('button', { name: /重\s*置/ }).click();
  await expect(page).not.toHaveURL(/keyword=/);
  // The form refills from the URL after a reset; retry if that lands between typing and 查询.
  await expect(async () => {
    await page.getByPlaceholder('摘要 / 记录 / IP').fill(`钱密码${stamp}`);
    await choose(page, page.locator('.filter-card'), '操作', '修改密码');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(/action=change_password(&|$)/, { timeout: 2000 });
    await expect(page).toHaveURL(/keyword=/, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  // Two changes: the one at the first sign-in (a password the administrator chose) and the one above.
  await expect(page.locator('.ant-table-row')).toHaveCount(2);
  await expect(page.locator('.ant-table-row').first()).toContainText(`钱密码${stamp}`);

  // Filters live in the URL: opening it shows the same selection.
  await page.goto(`/permissionManagement/operationLog?action=login_failed&keyword=${encodeURIComponent(USER_EMAIL)}`);
  await expect(page.locator('.filter-card')).toContainText('登录失败');
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await expect(page.locator('.ant-table-row').first()).toContainText('账号已停用');
});

test('a role’s 数据范围 is edited in the role form and shown in the list', async ({ page, request }) => {
  const scopeCode = `scope_${stamp}`;
  await api(request, await apiLogin(request), '/admin/role/create', { name: `范围角色${stamp}`, code: scopeCode });
  await login(page);
  await openAccessPage(page, '角色管理');
  const row = page.locator('.ant-table-row', { hasText: scopeCode });
  await expect(row).toContainText('全部数据');
  await row.getByRole('button', { name: '编辑' }).click();
  const modal = page.locator('.ant-modal', { hasText: '编辑角色' });
  await expect(modal.getByLabel('全部数据')).toBeChecked();
  await modal.getByText('仅本人', { exact: true }).click();
  await modal.getByRole('button', { name: /保\s*存/ }).click();
  await toast(page, '保存成功');
  await expect(row).toContainText('仅本人');
  await screenshot(page, 'access-role-data-scope');
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(page.locator('.ant-modal', { hasText: '编辑角色' }).getByLabel('仅本人')).toBeChecked();
});

test('a user manager without super-admin rights is not offered the super-admin role nor its row', async ({ browser, request }) => {
  const admin = await apiLogin(request);
  const clerkRole = `用户专员${stamp}`;
  const codes = [
    'dashboard',
    'basic',
    'permissionManagement',
    'userManagement',
    'userManagement:create',
    'userManagement:edit',
    'userManagement:status',
  ];
  const role = await api(request, admin, '/admin/role/create', {
    name: clerkRole,
    code: `user_clerk_${stamp}`,
    permission_codes: [...codes, 'userManagement:resetPassword', 'userManagement:delete'],
  });
  const email = `clerk.${stamp}@jiaju.com`;
  expect(
    (await api(request, admin, '/admin/back_user/create', { email, username: `孙专员${stamp}`, role_id: role.data.id, password: USER_PASSWORD }))
      .code,
  ).toBe(200);

  const clerkPassword = await takeOverPassword(request, email, USER_PASSWORD);
  const page = await newPage(browser);
  await login(page, email, clerkPassword);
  await openAccessPage(page, '用户管理');
  const superRow = page.locator('.ant-table-row', { hasText: E2E_ADMIN_EMAIL });
  for (const action of ['编辑', '停用', '重置密码', '删除']) {
    await expect(superRow.getByRole('button', { name: action })).toBeDisabled();
  }
  await superRow.getByRole('button', { name: '编辑' }).hover({ force: true });
  await expect(page.locator('.ant-tooltip', { hasText: '只有超级管理员可以操作超级管理员账号' })).toBeVisible();
  await screenshot(page, 'access-users-clerk');

  await page.getByRole('button', { name: '新建用户' }).click();
  const modal = page.locator('.ant-modal', { hasText: '新建用户' });
  await modal.locator('.ant-form-item', { hasText: '角色' }).locator('.ant-select').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.filter({ hasText: clerkRole })).toHaveCount(1);
  await expect(options.filter({ hasText: '超级管理员' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await modal.getByRole('button', { name: /取\s*消/ }).click();

  const ownRow = page.locator('.ant-table-row', { hasText: email });
  await ownRow.getByRole('button', { name: '编辑' }).click();
  const own = page.locator('.ant-modal', { hasText: '编辑用户' });
  await expect(own.getByText('不能修改自己的角色')).toBeVisible();
  await expect(own.locator('.ant-form-item', { hasText: '角色' }).locator('.ant-select')).toHaveClass(/ant-select-disabled/);

  const token = await apiLogin(request, email, clerkPassword);
  const users = await api(request, token, '/admin/back_user/list', { keyword: E2E_ADMIN_EMAIL });
  const target = users.data.list[0];
  expect((await api(request, token, '/admin/back_user/disable', { id: target.id, version: target.version })).code).toBe(403);
  await page.context().close();
});

import { expect, test } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from '../support/constants';
import { api, login, openFromMenu, screenshot, tabLabels } from '../support/app';

test.describe('login screen', () => {
  test('an unauthenticated visit to the shell is sent to /login, replacing the history entry', async ({ page }) => {
    await page.goto('/login');
    await page.goto('/planningManagement/planningTaskList');
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await expect(page).not.toHaveURL(/planningTaskList/);
  });

  test('/ and /login show the login screen with its footer', async ({ page }) => {
    for (const path of ['/', '/login']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
    }
    await expect(page.getByPlaceholder('密码')).toHaveAttribute('type', 'password');
    await expect(page.locator('footer')).toContainText('Copyright ©');
    await expect(page.locator('footer')).toContainText(/ICP备/);
    const inputHeight = await page.locator('input[placeholder="邮箱"]').evaluate((el) => el.getBoundingClientRect().height);
    expect(Math.round(inputHeight)).toBeGreaterThanOrEqual(46);
    const button = page.getByRole('button', { name: /登\s*录/ });
    expect(Math.round((await button.boundingBox())!.height)).toBe(40);
    await expect(button).toHaveCSS('background-color', 'rgb(16, 104, 152)');
    await screenshot(page, 'login');
  });

  test('the form comes with the document: it shows without script, and styled before any stylesheet file', async ({ browser, page }) => {
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    try {
      const bare = await withoutScripts.newPage();
      await bare.goto('/login');
      await expect(bare.getByRole('heading', { name: '登录' })).toBeVisible();
      await expect(bare.getByPlaceholder('密码')).toBeEditable();
      await expect(bare.getByRole('button', { name: /登\s*录/ })).toHaveCSS('background-color', 'rgb(16, 104, 152)');
      await expect(bare.locator('footer')).toContainText(/ICP备/);
    } finally {
      await withoutScripts.close();
    }

    // Its styles come with it too: with every stylesheet file held back, the form paints styled.
    let releaseStylesheets = () => {};
    const held = new Promise<void>((resolve) => {
      releaseStylesheets = resolve;
    });
    await page.route('**/assets/*.css', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByPlaceholder('密码')).toBeVisible();
    await page.waitForFunction(() => performance.getEntriesByName('first-paint').length > 0);
    const button = page.getByRole('button', { name: /登\s*录/ });
    await expect(button).toHaveCSS('background-color', 'rgb(16, 104, 152)');
    await expect(button).toHaveCSS('height', '40px');
    const heldRequests = await page.evaluate(
      () => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.endsWith('.css')).length,
    );
    expect(heldRequests).toBe(0);
    releaseStylesheets();
  });

  test('what is typed before the script runs is kept, and signs in once it has run', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    let releaseEntry = () => {};
    const entryHeld = new Promise<void>((resolve) => {
      releaseEntry = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await entryHeld;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.getByPlaceholder('邮箱').fill(E2E_ADMIN_EMAIL);
    await page.getByPlaceholder('密码').fill(E2E_PASSWORD);
    await screenshot(page, 'login-before-script');
    const button = page.getByRole('button', { name: /登\s*录/ });
    // Until the script runs, neither the button nor Enter submits: the password never travels in a URL.
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await page.getByPlaceholder('密码').press('Enter');
    await button.dispatchEvent('click');
    expect(page.url()).toMatch(/\/login$/);

    releaseEntry();
    await expect(button).not.toHaveAttribute('aria-disabled');
    await expect(page.getByPlaceholder('邮箱')).toHaveValue(E2E_ADMIN_EMAIL);
    await expect(page.getByPlaceholder('密码')).toHaveValue(E2E_PASSWORD);
    // The field typed in last keeps the focus.
    await expect(page.getByPlaceholder('密码')).toBeFocused();
    await button.click();
    await expect(page).toHaveURL(/\/dashboard\/basic$/);
    await expect(page.locator('.shell-sider')).toBeVisible();
    expect(errors).toEqual([]);

    // What was carried over is not offered again after a logout.
    await page.getByTestId('user-menu').click();
    await page.getByText('退出登录').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByPlaceholder('邮箱')).toHaveValue('');
    await expect(page.getByPlaceholder('密码')).toHaveValue('');
  });

  test('validates before any request is sent', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && calls.push(r.url()));
    await page.goto('/login');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('请输入邮箱')).toBeVisible();
    await expect(page.getByText('请输入密码')).toBeVisible();
    // Each error names its field to assistive technology.
    await expect(page.getByPlaceholder('邮箱')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByPlaceholder('邮箱')).toHaveAccessibleDescription('请输入邮箱');
    await expect(page.getByPlaceholder('密码')).toHaveAccessibleDescription('请输入密码');
    await screenshot(page, 'login-validation');
    await page.getByPlaceholder('邮箱').fill('not-an-email');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('请输入有效的邮箱地址')).toBeVisible();
    await page.getByPlaceholder('邮箱').fill('a@b.c');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('请输入有效的邮箱地址')).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('shows a loading button while the request is pending and the server message on failure', async ({ page }) => {
    await page.route('**/api/admin/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/login');
    await page.getByPlaceholder('邮箱').fill('nobody@jiaju.com');
    await page.getByPlaceholder('密码').fill('Wrong12345');
    const button = page.getByRole('button', { name: /登\s*录/ });
    await button.click();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByText('邮箱或密码错误')).toBeVisible();
    await expect(button).not.toHaveAttribute('aria-busy');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('shell', () => {
  test('login goes through info and role info to the workbench with menu, breadcrumb and user', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && calls.push(new URL(r.url()).pathname));
    await login(page);
    expect(calls.slice(0, 3)).toEqual(['/api/admin/login', '/api/admin/back_user/info', '/api/admin/role/info']);
    const storage = await page.evaluate(() => ({ ...sessionStorage }));
    expect(storage.token).toBeTruthy();
    expect(JSON.parse(storage.userInfo)).toMatchObject({ username: '系统管理员', role: { code: 'admin' } });
    expect(JSON.parse(storage.authorizatedMenuList).map((m: { key: string }) => m.key)).toContain('permissionManagement');
    await expect(page.locator('.ant-breadcrumb')).toHaveText('首页/工作台');
    await expect(page.getByTestId('user-menu')).toContainText('系统管理员');
    const sider = page.locator('.shell-sider');
    for (const label of ['首页', '计划管理', '采购管理', '商品管理', '成本管理', '数据看板', '基础数据', '权限管理']) {
      await expect(sider.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(sider.getByText('工作台', { exact: true })).toBeVisible();
    await expect(sider.getByText('计划任务详情')).toHaveCount(0);
    await screenshot(page, 'shell-workbench');

    await sider.getByText('基础数据', { exact: true }).click();
    await sider.getByText('数据字典', { exact: true }).click();
    await expect(page).toHaveURL(/\/basicData\/dataDictionary$/);
    await expect(page.locator('.ant-breadcrumb')).toHaveText('基础数据/数据字典');
  });

  test('a role with few codes sees only its menu entries and never gets another route', async ({ page }) => {
    await login(page, 'planner@jiaju.com');
    const sider = page.locator('.shell-sider');
    await expect(sider.getByText('计划管理', { exact: true })).toBeVisible();
    await expect(sider.getByText('商品管理', { exact: true })).toBeVisible();
    for (const hidden of ['采购管理', '权限管理', '基础数据', '数据看板', '成本管理']) {
      await expect(sider.getByText(hidden, { exact: true })).toHaveCount(0);
    }
    await sider.getByText('商品管理', { exact: true }).click();
    await expect(sider.getByText('商品列表', { exact: true })).toBeVisible();
    await expect(sider.getByText('商品分类', { exact: true })).toHaveCount(0);

    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/admin/back_user/list') && calls.push(r.url()));
    await page.goto('/permissionManagement/userManagement');
    // A page outside the role: inside the shell, said so, with a way home; never its data.
    await expect(page.getByText('无权限访问')).toBeVisible();
    await expect(page.locator('.shell-sider')).toBeVisible();
    await expect(page.getByText('404 not found')).toHaveCount(0);
    await expect(page).toHaveTitle('无权限访问 - 悦居供应链');
    await screenshot(page, 'shell-no-access');
    expect(calls).toEqual([]);
    await page.getByRole('button', { name: '返回工作台' }).click();
    await expect(page).toHaveURL(/\/dashboard\/basic$/);
  });

  test('unknown paths show the plain 404 page', async ({ page }) => {
    await login(page);
    await page.goto('/no/such/page');
    await expect(page.locator('body')).toHaveText('404 not found');
  });
});

test.describe('opened-page tabs', () => {
  const pages: [string, string][] = [
    ['计划管理', '计划任务列表'],
    ['采购管理', '采购任务列表'],
    ['采购管理', '供应商管理'],
    ['商品管理', '商品列表'],
    ['商品管理', '商品分类'],
    ['成本管理', '配送费用估算'],
    ['基础数据', '配送价格模板'],
    ['基础数据', '数据字典'],
    ['权限管理', '角色管理'],
    ['权限管理', '菜单管理'],
  ];

  test('keep one tab per page, the last 10, and a close icon on all but the first', async ({ page }) => {
    await login(page);
    await expect.poll(() => tabLabels(page)).toEqual(['工作台']);
    for (const [group, label] of pages.slice(0, 9)) await openFromMenu(page, group, label);
    expect(await tabLabels(page)).toEqual(['工作台', ...pages.slice(0, 9).map(([, l]) => l)]);
    await expect(page.locator('.opened-tabs .ant-tabs-tab').first().locator('.ant-tabs-tab-remove')).toHaveCount(0);
    await expect(page.locator('.opened-tabs .ant-tabs-tab-remove')).toHaveCount(9);

    // Re-opening an open page does not add a second tab.
    await openFromMenu(page, '计划管理', '计划任务列表');
    expect(await tabLabels(page)).toHaveLength(10);

    // The 11th distinct page pushes out the oldest.
    await openFromMenu(page, '权限管理', '菜单管理');
    const labels = await tabLabels(page);
    expect(labels).toHaveLength(10);
    expect(labels[0]).toBe('计划任务列表');
    expect(labels.at(-1)).toBe('菜单管理');
    await screenshot(page, 'shell-tabs');

    // Clicking a tab navigates to it.
    await page.locator('.opened-tabs .ant-tabs-tab', { hasText: '商品列表' }).click();
    await expect(page).toHaveURL(/\/commodityManagement\/commodityList$/);
  });

  test('closing the active tab goes to the previous one; the path keeps its query; reload keeps tabs', async ({ page }) => {
    await login(page);
    await page.goto('/basicData/dataDictionary?keyword=unit');
    await expect(page.locator('.ant-breadcrumb')).toHaveText('基础数据/数据字典');
    await page.goto('/commodityManagement/commodityList');
    await expect.poll(() => tabLabels(page)).toEqual(['工作台', '数据字典', '商品列表']);
    await page.reload();
    await expect(page.locator('.shell-sider')).toBeVisible();
    await expect.poll(() => tabLabels(page)).toEqual(['工作台', '数据字典', '商品列表']);
    await page.locator('.opened-tabs .ant-tabs-tab-active .ant-tabs-tab-remove').click();
    await expect(page).toHaveURL(/\/basicData\/dataDictionary\?keyword=unit$/);
    await expect.poll(() => tabLabels(page)).toEqual(['工作台', '数据字典']);
    await page.locator('.opened-tabs .ant-tabs-tab', { hasText: '工作台' }).click();
    await page.locator('.opened-tabs .ant-tabs-tab', { hasText: '数据字典' }).locator('.ant-tabs-tab-remove').click();
    await expect(page).toHaveURL(/\/dashboard\/basic$/);
    await expect.poll(() => tabLabels(page)).toEqual(['工作台']);
  });

  test('a tab shown again keeps its page as the user left it; a hidden page is out of the document; closing drops it', async ({ page }) => {
    await login(page);
    await openFromMenu(page, '商品管理', '商品列表');
    const keyword = page.getByPlaceholder('SKU编码 / 名称 / 条形码');
    // Typed but not searched: only the page itself holds it, not the URL.
    await keyword.fill('还没搜索的词');
    await expect(page.locator('.shell-content .ant-table-row').first()).toBeVisible();
    const listRequests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/admin/commodity/list') && listRequests.push(r.url()));

    await page.locator('.opened-tabs .ant-tabs-tab', { hasText: '工作台' }).click();
    await expect(page.locator('.shell-content')).toContainText('快捷入口');
    // Nothing of the hidden list can be found, focused or labelled twice.
    await expect(page.locator('.shell-content .ant-table')).toHaveCount(0);
    await expect(page.getByPlaceholder('SKU编码 / 名称 / 条形码')).toHaveCount(0);

    await page.locator('.opened-tabs .ant-tabs-tab', { hasText: '商品列表' }).click();
    await expect(keyword).toHaveValue('还没搜索的词');
    await expect(page.locator('.shell-content .ant-table-row').first()).toBeVisible();
    await expect(page.locator('.shell-content .ant-table')).toHaveCount(1);
    // Shown from what it holds: its rows are not fetched again on the way back.
    expect(listRequests).toEqual([]);

    // Closed and reopened, it starts anew.
    await page.locator('.opened-tabs .ant-tabs-tab', { hasText: '商品列表' }).locator('.ant-tabs-tab-remove').click();
    await expect(page).toHaveURL(/\/dashboard\/basic$/);
    await openFromMenu(page, '商品管理', '商品列表');
    await expect(page.getByPlaceholder('SKU编码 / 名称 / 条形码')).toHaveValue('');
  });
});

test.describe('session', () => {
  test('reload keeps the session; logout clears it and returns to /login', async ({ page }) => {
    await login(page);
    await page.reload();
    await expect(page.getByTestId('user-menu')).toContainText('系统管理员');
    await page.getByTestId('user-menu').click();
    await page.getByText('退出登录').click();
    await expect(page).toHaveURL(/\/login$/);
    const storage = await page.evaluate(() => ({ ...sessionStorage }));
    expect(storage.token).toBeUndefined();
    expect(storage.userInfo).toBeUndefined();
    expect(storage.authorizatedMenuList).toBeUndefined();
    await page.goto('/dashboard/basic');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a token revoked on the server opens the re-login modal; confirming clears the session', async ({ page, request }) => {
    await login(page, 'manager@jiaju.com');
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    expect((await api(request, token!, '/admin/logout')).code).toBe(200);
    await page.reload();
    const modal = page.locator('.ant-modal-confirm');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('用户未登录');
    await expect(modal).toContainText('您尚未登录或登录已过期，是否重新登录？');
    const confirm = modal.getByRole('button', { name: /确\s*认/ });
    await expect(confirm).toHaveCSS('background-color', 'rgb(16, 104, 152)');
    await screenshot(page, 'relogin-modal');
    await confirm.click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  test('an HTTP error shows the seed toast', async ({ page }) => {
    await login(page);
    await page.route('**/api/admin/role/info', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ message: 'Bad Gateway' }) }),
    );
    await page.reload();
    await expect(page.getByText('HTTP Error: 502, Message: Bad Gateway')).toBeVisible();
  });
});

test('a page chunk that fails to load shows the error page with Reload', async ({ page }) => {
  await login(page, 'buyer@jiaju.com', E2E_PASSWORD);
  await page.route(/workbench-page-.*\.js$/, (route) => route.abort());
  await page.reload();
  await expect(page.getByText('Oops! Something went wrong.')).toBeVisible();
  await expect(page.getByText(/ChunkLoadError/)).toBeVisible();
  await screenshot(page, 'error-page');
  await page.unroute(/workbench-page-.*\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.locator('.shell-sider')).toBeVisible();
});

test('a user who asks for reduced motion gets dialogs without animation; others get the animation', async ({ browser }) => {
  for (const [reducedMotion, animated] of [
    ['reduce', false],
    ['no-preference', true],
  ] as const) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await login(page);
    // Note the animation duration of the dialog at every class it is given, from the moment it is created.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { dialogMotion: string[] }).dialogMotion = seen;
      new MutationObserver(() => {
        for (const modal of document.querySelectorAll('.ant-modal')) seen.push(getComputedStyle(modal).animationDuration);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    });
    await page.getByTestId('user-menu').click();
    await page.getByText('修改密码').click();
    await expect(page.locator('.ant-modal', { hasText: '修改密码' })).toBeVisible();
    const durations = await page.evaluate(() => (window as unknown as { dialogMotion: string[] }).dialogMotion);
    expect(
      durations.some((d) => d !== '0s'),
      `${reducedMotion}: ${durations.join(' ')}`,
    ).toBe(animated);
    await context.close();
  }
});

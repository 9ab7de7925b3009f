import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { api, apiLogin, login, openFromMenu, screenshot } from '../support/app';

// Names that would become markup if any page put them into HTML unescaped (category names stop at
// 50 characters, hence the short refresh target). The user name has to
// fit 30 characters, hence the short handler (a bare assignment still sets window.__xss).
const IMG = '<img src=x onerror="window.__xss=1">';
const META = '<meta http-equiv=refresh content=0;url=/x>';
const SHORT_IMG = '<img src=x onerror=__xss=1>';

const UPDATE_FIELDS = {
  category: ['name', 'code', 'sort', 'status', 'remark'],
  supplier: [
    'name',
    'short_name',
    'contact_person',
    'phone',
    'email',
    'region_code',
    'address',
    'category_ids',
    'credit_code',
    'bank_name',
    'bank_account',
    'settlement_type',
    'grade',
    'price_template_id',
    'status',
    'remark',
  ],
  commodity: [
    'sku_code',
    'name',
    'category_id',
    'brand',
    'spec',
    'unit',
    'barcode',
    'weight_g',
    'volume_cm3',
    'reference_price_fen',
    'price_template_id',
    'default_supplier_id',
    'status',
    'remark',
  ],
  back_user: ['email', 'username', 'phone', 'role_id'],
} as const;
type Resource = keyof typeof UPDATE_FIELDS;
type Row = Record<string, unknown> & { id: number };

/** The record as its update call wants it (snake_case fields), with its current version. */
async function current(request: APIRequestContext, token: string, resource: Resource, id: number): Promise<Row> {
  if (resource !== 'back_user') return (await api(request, token, `/admin/${resource}/info`, { id })).data;
  const user = ((await api(request, token, '/admin/back_user/list', { page_size: 200 })).data.list as Row[]).find((u) => u.id === id);
  if (!user) throw new Error(`no user ${id}`);
  return { ...user, role_id: user.role_id ?? (user.role as { id: number } | undefined)?.id };
}

/** Renames one record through its update call; returns what puts the old name back. */
async function rename(request: APIRequestContext, token: string, resource: Resource, id: number, name: string) {
  const field = resource === 'back_user' ? 'username' : 'name';
  const save = async (value: unknown, client = request) => {
    const row = await current(client, token, resource, id);
    const body: Record<string, unknown> = { id, version: row.version, [field]: value };
    for (const key of UPDATE_FIELDS[resource]) if (key !== field && row[key] !== undefined && row[key] !== null) body[key] = row[key];
    const answer = await api(client, token, `/admin/${resource}/update`, body);
    expect(answer.code, `${resource} ${answer.message}`).toBe(200);
  };
  const old = (await current(request, token, resource, id))[field];
  await save(name);
  // Called after the test, whose request context is gone by then.
  return (client: APIRequestContext) => save(old, client);
}

/** Whatever the names did to the page: injected elements, the handler's flag, a navigation. */
async function expectNoInjection(page: Page, url: string) {
  const found = await page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"]').length,
    metas: document.querySelectorAll('meta[http-equiv]').length,
    flag: (window as unknown as { __xss?: unknown }).__xss,
  }));
  expect(found).toEqual({ images: 0, metas: 0, flag: undefined });
  expect(page.url()).toBe(url);
}

/** Moves the mouse over a grid of points on every chart, so each bar, slice and point shows its tooltip; returns the tooltips' texts. */
async function hoverEveryChart(page: Page) {
  const charts = page.locator('.board-chart[data-rendered="true"]');
  await expect(charts).toHaveCount(6);
  const seen = new Set<string>();
  // A loaded machine may draw a tooltip after the next move has begun: an observer keeps every text shown, late or not.
  await page.evaluate(() => {
    const shown: string[] = [];
    (window as unknown as { __tooltips: string[] }).__tooltips = shown;
    const record = () => {
      for (const d of document.querySelectorAll<HTMLElement>('.board-chart div')) {
        if (d.style.zIndex === '9999999' && d.style.display !== 'none' && d.textContent) shown.push(d.textContent);
      }
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['style'],
    });
  });
  for (const chart of await charts.all()) {
    await chart.scrollIntoViewIfNeeded();
    const box = await chart.locator('canvas').first().boundingBox();
    if (!box) throw new Error('a chart without a canvas');
    // Fine enough in height for a TOP10 bar chart with ten bars (other specs add suppliers with awards).
    for (let y = 0.04; y < 1; y += 0.04) {
      for (let x = 0.05; x < 1; x += 0.08) {
        await page.mouse.move(box.x + box.width * x, box.y + box.height * y);
        // ECharts draws its tooltip as a div of its own inside the chart.
        const texts = await chart.evaluate((el) =>
          [...el.querySelectorAll('div')].filter((d) => d.style.zIndex === '9999999' && d.style.display !== 'none').map((d) => d.textContent ?? ''),
        );
        for (const text of texts) seen.add(text);
      }
    }
  }
  await page.waitForTimeout(300);
  for (const text of await page.evaluate(() => (window as unknown as { __tooltips: string[] }).__tooltips)) seen.add(text);
  return [...seen];
}

test.describe('stored HTML in names', () => {
  // The other specs share this server: the demo names come back afterwards.
  const restore: ((client: APIRequestContext) => Promise<void>)[] = [];
  test.afterAll(async ({ playwright }) => {
    const client = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    for (const undo of restore.reverse()) await undo(client);
    await client.dispose();
  });

  test('shows the names as text on every page and every chart tooltip, and never navigates', async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await apiLogin(request);
    // The records the board ranks first, so the hostile names reach the pie, the TOP10 and the response rates.
    const pie = (await api(request, token, '/admin/data_board/category_amount', { date_from: '2022-01-01', date_to: '2030-12-31' })).data;
    const top = (await api(request, token, '/admin/data_board/top_suppliers', { date_from: '2022-01-01', date_to: '2030-12-31' })).data;
    expect(pie.items.length).toBeGreaterThanOrEqual(2);
    expect(top.length).toBeGreaterThanOrEqual(2);
    const goods = (await api(request, token, '/admin/commodity/list', { page_size: 2 })).data.list as Row[];
    const buyer = ((await api(request, token, '/admin/back_user/list', { page_size: 200 })).data.list as Row[]).find(
      (u) => u.email === 'buyer@jiaju.com',
    ) as Row;

    const names = [IMG, META];
    for (const [i, item] of pie.items.slice(0, 2).entries()) {
      // Category names stop at 50 characters: the payload alone.
      restore.push(await rename(request, token, 'category', item.category_id, names[i]));
    }
    for (const [i, item] of top.slice(0, 2).entries()) {
      restore.push(await rename(request, token, 'supplier', item.supplier_id, `${names[i]}义乌优品`));
    }
    for (const [i, good] of goods.entries()) restore.push(await rename(request, token, 'commodity', good.id, `${names[i]}商品`));
    restore.push(await rename(request, token, 'back_user', buyer.id, SHORT_IMG));

    await login(page);
    const sider = page.locator('.shell-sider');
    // Every page of the menu: each group's entries, opened through the shared helper.
    const pages: [string, string][] = (await sider.locator('.ant-menu-root > .ant-menu-item').allInnerTexts()).map((l) => ['', l.trim()]);
    for (const group of (await sider.locator('.ant-menu-submenu > .ant-menu-submenu-title').allInnerTexts()).map((g) => g.trim()).filter(Boolean)) {
      const submenu = sider.locator('.ant-menu-submenu', { has: page.getByText(group, { exact: true }) });
      await expect(async () => {
        if (!(await submenu.evaluate((e) => e.classList.contains('ant-menu-submenu-open')))) await submenu.locator('.ant-menu-submenu-title').click();
        await expect(submenu.locator('.ant-menu-item').first()).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 20_000 });
      for (const label of await submenu.locator('.ant-menu-item').allInnerTexts()) pages.push([group, label.trim()]);
    }
    expect(pages.map(([, label]) => label)).toContain('数据看板');
    for (const [group, label] of pages) {
      await openFromMenu(page, group, label);
      await page.waitForLoadState('networkidle');
      const url = page.url();
      if (label === '数据看板') {
        const tooltips = await hoverEveryChart(page);
        // The tooltips did show the hostile names, as text.
        expect(tooltips.some((t) => t.includes(`${META}义乌优品`))).toBe(true);
        expect(tooltips.some((t) => t.includes(IMG))).toBe(true);
        await screenshot(page, 'stored-html-board');
      }
      if (label === '供应商管理') await expect(page.getByText(`${IMG}义乌优品`).first()).toBeVisible();
      await expectNoInjection(page, url);
    }
  });
});

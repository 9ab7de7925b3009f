import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD, E2E_PORT } from './constants';

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** A phone-sized window (375×812, touch) as a supplier's salesperson uses the portal. */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 375, height: 812 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
    isMobile: true,
    hasTouch: true,
  });
}

/** Signs in to the supplier portal through its form and waits for 我的询价. */
export async function portalSignIn(page: Page, email: string, password: string) {
  await page.goto('/portal/login');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/portal\/rfq$/);
}

/** Signs in through the login form and waits for the workbench. */
export async function login(page: Page, email = E2E_ADMIN_EMAIL, password = E2E_PASSWORD) {
  await page.goto('/login');
  await page.getByPlaceholder('邮箱').fill(email);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/basic$/);
  await expect(page.locator('.shell-sider')).toBeVisible();
}

/** A token for direct API calls (server-side checks, setting up data). */
export async function apiLogin(request: APIRequestContext, email = E2E_ADMIN_EMAIL, password = E2E_PASSWORD) {
  const response = await request.post('/api/admin/login', { data: { email, password } });
  const body = await response.json();
  expect(body.code, body.message).toBe(200);
  return body.data.token as string;
}

/**
 * A user whose password an administrator set must change it at the first sign-in: done here through
 * the API, for tests about something else. Returns the user's own password.
 */
export async function takeOverPassword(request: APIRequestContext, email: string, chosen: string, own = `${chosen}Own`) {
  const token = await apiLogin(request, email, chosen);
  const answer = await api(request, token, '/admin/back_user/change_password', { old_password: chosen, new_password: own, confirm_password: own });
  expect(answer.code, answer.message).toBe(200);
  return own;
}

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A valid unified social credit code (GB 32100-2015) from its first 17 characters, for suppliers made by a test. */
export function creditCode(body17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(body17[i]) * CREDIT_WEIGHTS[i];
  return body17 + CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

/** Calls an API route with a bearer token; returns the body envelope. */
export async function api(request: APIRequestContext, token: string, path: string, data: unknown = {}) {
  const response = await request.post(`/api${path}`, { data, headers: { authorization: `Bearer ${token}` } });
  return response.json();
}

/** Saves a screenshot of the viewport (1440×900 unless the test sets another) to the git-ignored e2e/screenshots/ folder. */
/** The header bell's unread count, once the bell has loaded it. */
export async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByTestId('message-bell');
  await expect(bell).toHaveAttribute('data-unread', /^\d+$/);
  return Number(await bell.getAttribute('data-unread'));
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}${name}.png` });
}

export const tabLabels = (page: Page) => page.locator('.opened-tabs .ant-tabs-tab').allInnerTexts();

/** Opens a page from the sidebar, expanding its group first when it is closed. */
export async function openFromMenu(page: Page, group: string, label: string) {
  const sider = page.locator('.shell-sider');
  // A top-level entry's accessible name starts with its icon's name ("bar-chart 数据看板").
  const item = group
    ? sider.getByRole('menuitem', { name: label, exact: true })
    : sider.getByRole('menuitem', { name: new RegExp(`(^|\\s)${label}$`) });
  // A click that lands while the group is still sliding open can miss: retry until the page shows.
  await expect(async () => {
    // A top-level entry (group '') has no group to open.
    if (group && !(await item.isVisible())) await sider.getByText(group, { exact: true }).click();
    await item.click({ timeout: 3000 });
    await expect(page.locator('.ant-breadcrumb')).toContainText(label, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Picks the option holding `option` (reading exactly `option` with `exact`) in the select inside
 * `field` (a form item, a table row), typing `search` first for a server-searched select; `shows` is
 * what the field then shows, if not the option's text. Retried whole: a click can land while the
 * dropdown still animates, or on an option list that the server's answer is about to replace.
 */
export async function pickOption(
  page: Page,
  field: Locator,
  option: string,
  { search, shows = option, exact = false }: { search?: string; shows?: string; exact?: boolean } = {},
) {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const text = exact ? new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : option;
  await expect(async () => {
    // Escape closes a list left open by a failed try and clears its search text.
    if ((await dropdown.count()) > 0) await page.keyboard.press('Escape');
    await field.locator('.ant-select').first().click({ timeout: 3000 });
    if (search) await page.keyboard.type(search);
    await dropdown.locator('.ant-select-item-option').filter({ hasText: text }).first().click({ timeout: 3000 });
    await expect(field).toContainText(shows, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

const cascaderMenu = (page: Page, level: number) => page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').nth(level);

/** Expands `path` (province, city…) in the open region cascader, retried until its last entry shows. */
export async function expandRegions(page: Page, opener: Locator, path: string[]) {
  const last = cascaderMenu(page, path.length - 1).locator(`.ant-cascader-menu-item[title="${path[path.length - 1]}"]`);
  await expect(async () => {
    if ((await page.locator('.ant-cascader-dropdown:visible').count()) === 0) await opener.click({ timeout: 3000 });
    for (const [level, name] of path.slice(0, -1).entries()) {
      await cascaderMenu(page, level).locator(`.ant-cascader-menu-item[title="${name}"]`).click({ timeout: 3000 });
    }
    await expect(last).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  return last;
}

/** Picks a region (province → city → district) in a single-choice cascader and waits for it to close. */
export async function pickRegion(page: Page, opener: Locator, path: string[]) {
  await expect(async () => {
    const last = await expandRegions(page, opener, path);
    await last.click({ timeout: 3000 });
    await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}

/** Clicks "导出 Excel" (or `button`) and reads the downloaded workbook: each sheet's name and its rows of cell values. */
export async function exportedSheets(page: Page, button = '导出 Excel') {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await (await download).path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: sheet.name, rows };
  });
}

/** Runs axe (WCAG 2 A and AA) and fails (softly) on any critical or serious violation, naming rule and elements. */
export async function expectAccessible(page: Page, name: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const blocking = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  const report = blocking.map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect.soft(report, `${name}:\n${report.join('\n')}`).toEqual([]);
}

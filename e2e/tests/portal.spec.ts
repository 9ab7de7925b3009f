import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, apiLogin, creditCode, login, openFromMenu, screenshot, expectAccessible } from '../support/app';
import { E2E_PORT } from '../support/constants';

const stamp = Date.now().toString().slice(-6);
const names = { a: `E2E门户家纺${stamp}有限公司`, b: `E2E门户厨具${stamp}有限公司` };
const emails = { a: `portal-a-${stamp}@example.com`, b: `portal-b-${stamp}@example.com` };
const PASSWORD = 'Quote2026ok';
const taskName = `E2E密封询价${stamp}`;
/** What supplier A types: no admin answer may show these while the task is sealed. */
const PRICES = { first: '36.80', revised: '35.50', second: '12.30' };

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

/** A supplier's own browser: its own session storage, at the size it uses. */
async function supplierPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  });
  return context.newPage();
}

/** Every portal page is looked at on a desktop and on a phone (the whole page at each size) and checked by axe. */
async function shootBoth(page: Page, name: string) {
  await expectAccessible(page, `portal ${name}`);
  const own = page.viewportSize() ?? DESKTOP;
  // From the top, so the sticky header sits where a person sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const [suffix, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `screenshots/portal-${name}-${suffix}.png`, fullPage: true });
  }
  await page.setViewportSize(own);
}

/** Opens the activation link, is refused a weak password, sets a good one and signs in. */
async function activateAndSignIn(page: Page, link: string, email: string, shotName?: string) {
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: '激活账号' })).toBeVisible();
  // The page names the account and the company before any password is typed.
  await expect(page.getByTestId('activation-owner')).toContainText(email);
  if (shotName) await shootBoth(page, shotName);
  await page.getByLabel('新密码').fill('short');
  await page.getByLabel('确认密码').fill('short');
  await page.getByRole('button', { name: '激活并设置密码' }).click();
  // Refused before any request, on the field, which names its error to assistive technology.
  await expect(page.getByLabel('新密码')).toHaveAccessibleDescription('密码至少8位，且包含字母和数字');
  await expect(page.getByLabel('新密码')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('新密码').fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByRole('button', { name: '激活并设置密码' }).click();
  await expect(page).toHaveURL(/\/portal\/login\?activated=1/);
  await expect(page.getByText('账号已激活')).toBeVisible();
  if (shotName) await shootBoth(page, 'login');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/portal\/rfq$/);
}

test('a sealed task quoted through the portal: activation, template freight and a revision, a decline, 提前开标, award, own outcomes', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const token = await apiLogin(request);
  const templates = await api(request, token, '/admin/price_template/options', {});
  const weightTemplate = templates.data.find((t: { charge_mode: string }) => t.charge_mode === 'weight');
  const commodities = (await api(request, token, '/admin/commodity/options', { limit: 2 })).data as { value: number; sku_code: string }[];
  const base = { contact_person: '周经理', phone: '13800138000', region_code: '330100', settlement_type: 'monthly', grade: 'A', status: 'enabled' };
  const a = await api(request, token, '/admin/supplier/create', {
    ...base,
    name: names.a,
    credit_code: creditCode(`91330100MA5${stamp}`),
    price_template_id: weightTemplate.value,
  });
  const b = await api(request, token, '/admin/supplier/create', { ...base, name: names.b, credit_code: creditCode(`91330100MA6${stamp}`) });
  expect([a.code, b.code], JSON.stringify([a, b])).toEqual([200, 200]);

  // The buyer opens a portal account for supplier A in 供应商管理 and gets its link once.
  await login(page);
  await openFromMenu(page, '采购管理', '供应商管理');
  await page.getByPlaceholder('编码 / 名称 / 联系人').fill(names.a);
  await page.getByRole('button', { name: /^查\s*询$/ }).click();
  await page.locator('.table-card tr', { hasText: names.a }).getByRole('button', { name: '门户账号' }).click();
  const drawer = page.getByRole('dialog', { name: `门户账号 - ${names.a}` });
  await expect(drawer).toContainText('该供应商尚未开通门户账号');
  await drawer.getByRole('button', { name: '开通门户账号' }).click();
  await drawer.getByLabel('姓名').fill('周小妹');
  await drawer.getByLabel('邮箱').fill(emails.a);
  await drawer.getByLabel('联系电话').fill('13912345678');
  await drawer.getByRole('button', { name: '开通并生成激活链接' }).click();
  const linkDialog = page.getByRole('dialog', { name: '激活链接' });
  await expect(linkDialog).toContainText('只显示这一次');
  const linkA = (await linkDialog.getByTestId('activation-link').innerText()).trim();
  expect(linkA).toMatch(/\/portal\/activate\?token=/);
  await screenshot(page, 'portal-account-link');
  await linkDialog.getByRole('button', { name: '我已复制' }).click();
  await expect(drawer.locator('tr', { hasText: emails.a })).toContainText('待激活');
  await screenshot(page, 'portal-accounts');
  await drawer
    .getByRole('button', { name: /关\s*闭|Close/ })
    .first()
    .click();
  const accountB = await api(request, token, '/admin/portal_account/create', { supplier_id: b.data.id, email: emails.b, name: '吴先生' });
  expect(accountB.code, JSON.stringify(accountB)).toBe(200);

  // A new task is sealed by default; the buyer publishes one with both suppliers.
  await openFromMenu(page, '采购管理', '采购任务列表');
  await page.getByRole('button', { name: /新\s*建/ }).click();
  const form = page.getByRole('dialog', { name: '新建采购任务' });
  await expect(form.getByRole('switch')).toBeChecked();
  await form.getByRole('button', { name: /取\s*消/ }).click();
  const created = await api(request, token, '/admin/procurement_task/create', {
    name: taskName,
    buyer_id: 1,
    quote_deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    delivery_region_code: '440305',
    required_by: '2099-01-31',
    lines: [
      { commodity_id: commodities[0].value, quantity: 40 },
      { commodity_id: commodities[1].value, quantity: 25 },
    ],
    supplier_ids: [a.data.id, b.data.id],
  });
  expect(created.code, JSON.stringify(created)).toBe(200);
  await page.getByPlaceholder('任务编号 / 名称').fill(taskName);
  await page.getByRole('button', { name: /^查\s*询$/ }).click();
  const row = page.locator('.table-card tr', { hasText: taskName });
  await expect(row).toContainText('密封');
  await row.getByRole('button', { name: /^发\s*布$/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(row).toContainText('报价中');
  await expect(row.getByRole('button', { name: '关闭报价' })).toHaveCount(0);

  // Supplier A, on a phone: activates, quotes with template freight, asks a question, revises.
  const phone = await supplierPage(browser, PHONE);
  await phone.goto('/portal/rfq');
  await expect(phone).toHaveURL(/\/portal\/login\?redirect=/);
  await activateAndSignIn(phone, linkA, emails.a, 'activate');
  const item = phone.getByRole('link', { name: new RegExp(taskName) });
  await expect(item).toContainText('待报价');
  await expect(item).toContainText(/剩 \d+天/);
  await shootBoth(phone, 'rfq-list');
  await item.click();
  await expect(phone.getByRole('heading', { name: taskName })).toBeVisible();
  await expect(phone.getByTestId('rfq-summary')).toContainText('密封报价');
  await shootBoth(phone, 'rfq-detail');
  const line = (i: number) => phone.getByTestId(`quote-line-${i}`);
  await line(0).getByLabel('单价(元)').fill(PRICES.first);
  await line(0)
    .getByLabel(/起订量/)
    .fill('20');
  await line(0).getByLabel('交期(天)').fill('7');
  await line(1).getByLabel('单价(元)').fill(PRICES.second);
  await line(1).getByLabel('交期(天)').fill('10');
  await phone.getByText('不开票').click();
  await expect(phone.getByText('不开票的税率为 0')).toBeVisible();
  await phone.getByText('增值税专用发票').click();
  // Choosing 按模板估算 estimates at once: no button to press before the total shows the freight.
  await phone.getByText('按模板估算').click();
  const working = phone.getByTestId('freight-working');
  await expect(working).toContainText(weightTemplate.label);
  await expect(working).toContainText('计算过程');
  await expect(working).toContainText('估算运费合计');
  await shootBoth(phone, 'quote-form-estimated');
  await phone.getByRole('button', { name: '提交报价' }).click();
  let receipt = phone.getByRole('dialog', { name: /报价已提交（第 1 版）/ });
  await expect(receipt.getByTestId('receipt-digest')).toHaveText(/^[0-9a-f]{64}$/);
  await shootBoth(phone, 'receipt');
  await receipt.getByRole('button', { name: '知道了' }).click();
  // From the top of the page, one tap reaches the question box.
  await phone.evaluate(() => window.scrollTo(0, 0));
  await phone.getByRole('button', { name: /^向采购方提问（\d+ 条答疑）$/ }).click();
  await expect(phone.getByLabel('向采购方提问')).toBeFocused();
  await expect(phone.getByLabel('向采购方提问')).toBeInViewport();
  await phone.getByLabel('向采购方提问').fill('包装是否需要中性纸箱？');
  await phone.getByRole('button', { name: '提交问题' }).click();
  await expect(phone.getByTestId('clarifications')).toContainText('待答复');
  await line(0).getByLabel('单价(元)').fill(PRICES.revised);
  await phone.getByRole('button', { name: '提交新一版报价' }).click();
  receipt = phone.getByRole('dialog', { name: /报价已提交（第 2 版）/ });
  const digest2 = (await receipt.getByTestId('receipt-digest').innerText()).trim();
  await receipt.getByRole('button', { name: '知道了' }).click();
  await expect(phone.getByTestId('revisions')).toContainText('第 2 版');
  await expect(phone.getByTestId('revisions')).toContainText('第 1 版');
  // Each revision reads back what it said: its own lines and totals, not only a digest.
  await expect(phone.getByTestId('revision-1')).toContainText(`¥${PRICES.first} × 40`);
  await expect(phone.getByTestId('revision-2')).toContainText(`¥${PRICES.revised} × 40`);
  await expect(phone.getByTestId('revision-2')).toContainText('合计');
  // The receipt's canonical content: read on the page and downloaded, its SHA-256 is the receipt.
  const receiptContent = phone.getByTestId('receipt-content-2');
  await receiptContent.locator('summary').click();
  const shown = await receiptContent.locator('pre').innerText();
  expect(createHash('sha256').update(shown, 'utf8').digest('hex')).toBe(digest2);
  const [saved] = await Promise.all([phone.waitForEvent('download'), receiptContent.getByRole('button', { name: '下载回执内容' }).click()]);
  expect(
    createHash('sha256')
      .update(readFileSync((await saved.path()) as string))
      .digest('hex'),
  ).toBe(digest2);
  await receiptContent.scrollIntoViewIfNeeded();
  await shootBoth(phone, 'receipt-content');
  await expect(phone.getByTestId('rfq-summary')).toContainText('已报价');

  // Supplier B, on a desktop: activates and declines with a reason, after a confirmation.
  const desk = await supplierPage(browser, DESKTOP);
  await activateAndSignIn(desk, `http://127.0.0.1:${E2E_PORT}${accountB.data.activation_url}`, emails.b);
  await desk.getByRole('link', { name: new RegExp(taskName) }).click();
  await desk.getByRole('button', { name: '放弃报价' }).click();
  const decline = desk.getByRole('dialog', { name: '确认放弃本次报价？' });
  await decline.getByRole('button', { name: '确认放弃' }).click();
  await expect(decline).toContainText('请输入放弃原因');
  await decline.getByLabel('放弃原因').fill('该品类暂无现货');
  await shootBoth(desk, 'decline');
  await decline.getByRole('button', { name: '确认放弃' }).click();
  await expect(desk.getByText('您已放弃本次报价：该品类暂无现货')).toBeVisible();
  await expect(desk.getByTestId('rfq-summary')).toContainText('已放弃');
  await shootBoth(desk, 'declined');

  // The buyer (the administrator) was told of the quotes, the question and the decline: whatever
  // toasts still show name no price, and are put away before it goes on.
  const toasts = page.locator('.ant-notification-notice');
  for (const text of await toasts.allInnerTexts()) for (const price of Object.values(PRICES)) expect(text).not.toContain(price);
  while ((await page.locator('.ant-notification-notice-close').count()) > 0) {
    await page.locator('.ant-notification-notice-close').first().click({ force: true });
    await page.waitForTimeout(200);
  }

  // The buyer sees who submitted which revision when, and no price at all (at 1280 px, a laptop's width).
  await page.setViewportSize({ width: 1280, height: 800 });
  await row.getByRole('button', { name: '报价维护' }).click();
  await expect(page).toHaveURL(/procurementTaskMaintain\?id=/);
  const sealedCard = page.locator('.ant-card', { hasText: '报价情况（密封中）' });
  await expect(sealedCard).toContainText(names.a);
  await expect(sealedCard).toContainText('第 2 版');
  await expect(sealedCard).toContainText('第 1 版');
  await expect(sealedCard).toContainText('开标后显示');
  const content = await page.locator('.shell-content').innerText();
  for (const price of Object.values(PRICES)) expect(content).not.toContain(price);
  await expect(page.getByText('比价矩阵')).toHaveCount(0);
  // Each supplier is a read-only card, never an empty price form; 代录 is a separate, explained action.
  const cardA = page.getByTestId(`sealed-card-${a.data.id}`);
  await expect(cardA).toContainText('供应商门户');
  await expect(cardA).toContainText('第 2 版');
  await expect(cardA).toContainText('开标后显示');
  await expect(page.getByRole('button', { name: '保存报价' })).toHaveCount(0);
  await expect(page.locator('.quote-editor')).toHaveCount(0);
  // A quoted itself: 代录 over its own bid is not offered, and the button says why.
  await expect(cardA.locator('.reasoned-disabled')).toHaveAttribute('data-reason', '供应商已在门户自行报价，不能代录或代为放弃');
  await screenshot(page, 'portal-maintain-sealed');
  await page.getByRole('tab', { name: new RegExp(names.b) }).click();
  const cardB = page.getByTestId(`sealed-card-${b.data.id}`);
  await expect(cardB).toContainText('已放弃');
  await expect(cardB).toContainText('尚未提交');
  await cardB.getByRole('button', { name: '代录报价' }).click();
  const entry = page.getByRole('dialog', { name: `代录报价：${names.b}` });
  await expect(entry).toContainText('代录：替供应商录入其通过电话、邮件等方式发来的报价');
  await expect(entry.getByRole('button', { name: '保存报价' })).toBeVisible();
  await screenshot(page, 'portal-maintain-sealed-entry');
  await entry.getByRole('button', { name: /关\s*闭|Close/ }).click();
  await expect(entry).toHaveCount(0);

  // It answers the question; both suppliers will see it without the asker's name.
  const thread = page.locator('.ant-card', { hasText: '答疑' });
  await expect(thread).toContainText('包装是否需要中性纸箱？');
  await thread.getByRole('textbox').fill('需要，每箱贴我司条码。');
  await thread.getByRole('button', { name: /答\s*复/ }).click();
  await expect(thread).toContainText('已答复');

  // 提前开标: a reason, a confirmation; then the prices and each revision's receipt digest.
  await page.getByRole('button', { name: '提前开标' }).click();
  const unseal = page.getByRole('dialog', { name: '确认提前开标？' });
  await unseal.getByRole('button', { name: '确认开标' }).click();
  await expect(unseal).toContainText('请输入开标原因');
  await unseal.getByLabel('开标原因').fill('两家供应商均已答复');
  await unseal.getByRole('button', { name: '确认开标' }).click();
  await expect(page.locator('.ant-message').last()).toContainText('已开标');
  await expect(page.locator('.ant-card-head').first()).toContainText('待定标');
  const receipts = page.locator('.ant-card', { hasText: '报价版本与回执' });
  await expect(receipts).toContainText(digest2);
  const [maintainReceipt] = await Promise.all([page.waitForEvent('download'), receipts.getByTestId('receipt-download').first().click()]);
  const receiptDigests = await receipts.locator('.receipt-digest').allInnerTexts();
  expect(receiptDigests.map((d) => d.trim())).toContain(
    createHash('sha256')
      .update(readFileSync((await maintainReceipt.path()) as string))
      .digest('hex'),
  );
  await expect(page.locator('.comparison-matrix')).toContainText(PRICES.revised);
  // Who opened it early, when and why: on 报价维护 and on the printed 比价审批单.
  await expect(page.getByTestId('early-opening')).toContainText(/已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 由 .+ 提前开标，原因：两家供应商均已答复/);
  await screenshot(page, 'portal-maintain-unsealed');
  const [printed] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: '打印比价审批单' }).click()]);
  await expect(printed.locator('body')).toContainText('提前开标，原因：两家供应商均已答复');
  await printed.screenshot({ path: 'screenshots/portal-comparison-print-early.png', fullPage: true });
  await printed.close();

  // Award: A is the only quote, so it is pre-selected on every line.
  await page.getByRole('button', { name: '定标' }).click();
  await page.getByRole('dialog', { name: /^定标/ }).getByRole('button', { name: '确认定标' }).click();
  // A summary with the totals comes before the award is written.
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认定标' }).click();
  await expect(page.locator('.ant-message').last()).toContainText('定标成功');

  // Each supplier sees its own outcome, and nothing of the other.
  await phone.reload();
  const outcomeA = phone.getByTestId('outcome');
  await expect(outcomeA).toContainText('中标');
  await expect(outcomeA).toContainText(PRICES.revised);
  await expect(phone.getByTestId('clarifications')).toContainText('需要，每箱贴我司条码。');
  await shootBoth(phone, 'outcome-won');
  // 我的询价 marks the awarded task with its own outcome.
  await phone.goto('/portal/rfq');
  await expect(phone.getByRole('link', { name: new RegExp(taskName) }).getByTestId('rfq-outcome')).toHaveText(/结果\s*中标/);
  await shootBoth(phone, 'rfq-list-outcome');
  await desk.reload();
  await expect(desk.getByTestId('outcome')).toContainText('未中标');
  const seenByB = await desk.locator('body').innerText();
  expect(seenByB).not.toContain(names.a);
  for (const price of Object.values(PRICES)) expect(seenByB).not.toContain(price);
  await expect(desk.getByTestId('clarifications')).toContainText('需要，每箱贴我司条码。');
  await shootBoth(desk, 'outcome-lost');

  // Disabling B's account ends its session at once: its next call answers 401 and the portal sends it to its own login.
  const accounts = await api(request, token, '/admin/portal_account/list', { supplier_id: b.data.id });
  const [accountOfB] = accounts.data.list;
  expect((await api(request, token, '/admin/portal_account/disable', { id: accountOfB.id, version: accountOfB.version })).code).toBe(200);
  await desk.reload();
  await expect(desk).toHaveURL(/\/portal\/login\?redirect=/);
  await expect(desk.getByLabel('邮箱')).toBeVisible();

  // A signs out by itself; the portal then asks for its login again.
  await phone.getByRole('button', { name: '退出登录' }).click();
  await expect(phone).toHaveURL(/\/portal\/login$/);
  await phone.goto('/portal/rfq');
  await expect(phone).toHaveURL(/\/portal\/login\?redirect=/);

  // The buyer's session is not a portal session, and the portal leaves the buyer's alone.
  await page.goto('/portal/rfq');
  await expect(page).toHaveURL(/\/portal\/login\?redirect=/);
  await page.goto('/procurementManagement/procurementTaskList');
  await expect(page.locator('.shell-sider')).toBeVisible();
  await phone.context().close();
  await desk.context().close();
});

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, web } from '../config';
import { apiClient } from './api';
import { CHROMIUM_ARGS, coldPage, contextOptions, readyAfterNavigation } from './cold-load';
import { fmt, type Row, spread } from './report';

/**
 * The supplier portal on a phone (docs/rules/quality-bars.md, "portal on a phone"): Chromium at
 * 375×812, 10 Mbit/s down, 150 ms round trip, CPU 4× slower; cold loads of /portal/login (password
 * field usable) and of an RFQ detail after sign-in (the quote form's first price field usable), and
 * for comparison the back office's /login on the same phone.
 */
const PRICE_FIELD = '[data-testid="quote-line-0"] input';

/** A portal account of a supplier invited to the demo's sealed task, signed in; null without the demo data. */
async function portalCaller(baseUrl: string) {
  const api = apiClient(baseUrl);
  const admin = (await api.call('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).data?.token;
  if (!admin) return null;
  const list = await api.call('/admin/procurement_task/list', { keyword: '年货节收纳备货', status: 'quoting', page_size: 1 }, admin);
  const task = list.data?.list?.[0];
  if (!task) return null;
  const info = await api.call('/admin/procurement_task/info', { id: task.id }, admin);
  const supplierId = info.data?.suppliers?.[0]?.supplier_id;
  if (!supplierId) return null;
  const email = `bench-${randomBytes(4).toString('hex')}@portal.bench`;
  const password = 'Bench2026portal';
  const created = await api.call('/admin/portal_account/create', { supplier_id: supplierId, email, name: '基准测试' }, admin);
  const token = new URL(created.data.activation_url, baseUrl).searchParams.get('token');
  await api.call('/portal/account/activate', { token, password });
  return { api, email, password, taskId: task.id as number };
}

export async function portalPhoneTimings(rows: Row[], baseUrl: string, loads: number, log: (line: string) => void) {
  const section = `Web 时间 · 门户手机 (375×812, 10 Mbit/s, RTT 150 ms, CPU 4×, ${loads} 次冷启动, 中位数 [最小–最大])`;
  if (!existsSync(web.chromium)) {
    rows.push({ section, name: '门户', value: `未测量（缺少 ${web.chromium}）`, bar: '', ok: null });
    return;
  }
  const caller = await portalCaller(baseUrl);
  if (!caller) rows.push({ section, name: '门户', value: '未测量（需要演示数据中的密封任务）', bar: '', ok: null });
  const browser = await chromium.launch({
    executablePath: web.chromium,
    args: CHROMIUM_ARGS,
  });
  const samples: Record<'admin' | 'login' | 'form', number[]> = { admin: [], login: [], form: [] };
  try {
    for (let i = 0; i < loads; i++) {
      log(`手机冷启动 ${i + 1}/${loads}`);
      for (const which of caller ? (['admin', 'login', 'form'] as const) : (['admin'] as const)) {
        const context = await browser.newContext(contextOptions('phone'));
        if (which === 'form' && caller) {
          const signedIn = await caller.api.call('/portal/login', { email: caller.email, password: caller.password });
          const me = await caller.api.call('/portal/account/info', {}, signedIn.data.token);
          const account = JSON.stringify({ name: me.data.name, email: me.data.email, supplierName: me.data.supplier_name });
          await context.addInitScript(
            ([token, snapshot]) => {
              sessionStorage.setItem('portalToken', token);
              sessionStorage.setItem('portalAccount', snapshot);
            },
            [signedIn.data.token as string, account] as const,
          );
        }
        const page = await coldPage(context, 'phone');
        try {
          const path = { admin: web.loginPath, login: '/portal/login', form: `/portal/rfq/detail?id=${caller?.taskId}` }[which];
          const selector = which === 'form' ? PRICE_FIELD : 'input[type="password"]';
          samples[which].push(await readyAfterNavigation(page, `${baseUrl}${path}`, selector));
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  for (const [key, name, limit] of [
    ['admin', `后台 ${web.loginPath} 密码框可用`, null],
    ['login', '/portal/login 密码框可用', null],
    ['form', '询价详情报价表单可用（已登录）', 1200],
  ] as const) {
    if (samples[key].length === 0) continue;
    const s = spread(samples[key]);
    rows.push({
      section,
      name,
      value: fmt.spread(s),
      bar: limit ? `≤ ${limit} ms` : '',
      ok: limit ? s.median <= limit : null,
      data: s,
    });
  }
}

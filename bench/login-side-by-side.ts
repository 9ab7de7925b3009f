/**
 * `npm run bench:login -- --app vben=http://127.0.0.1:5666/#/auth/login [--app …] [--loads 7] [--phone] [--sign-in]`
 *
 * Cold loads of login pages side by side: this checkout's /login (built and served as `npm start`
 * serves it, on embedded PGlite with the demo data) and each `--app name=url`. The loads are
 * interleaved, each round loading every page once in turn, so a machine that slows down during the
 * run slows all of them alike; only figures from one run are compared. For each page: the password
 * field visible and enabled after navigation start, DOMContentLoaded, and the scripts asked for
 * before the field was ready (files, bytes on the wire); then this checkout's median as a ratio of each other page's.
 * With `--sign-in`, each desktop load then signs in, once the page has loaded and its network is
 * idle (as a person takes a while to type), and times the click until the landing page is drawn: for
 * this checkout and for each other page that `SIGN_IN` knows by its name.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, web } from './config';
import { CHROMIUM_ARGS, coldPage, contextOptions, readyAfterNavigation } from './lib/cold-load';
import { startAppServer } from './lib/processes';
import { fmt, printTable, type Row, spread } from './lib/report';
import { buildWeb, clickAt, measure, watchInPage } from './lib/web';

const { values: args } = parseArgs({
  options: {
    app: { type: 'string', multiple: true, default: [] },
    loads: { type: 'string', default: '7' },
    phone: { type: 'boolean', default: false },
    'sign-in': { type: 'boolean', default: false },
  },
});
const log = (line: string) => process.stderr.write(`· ${line}\n`);
const OURS = '本仓库';
const PASSWORD_FIELD = 'input[type="password"]';

interface Sample {
  password: number;
  dcl: number;
  scripts: number;
  scriptBytes: number;
  /** Click on the login button until the landing page is drawn (desktop, `--sign-in`). */
  signIn?: number;
}

interface SignIn {
  /** Fills the form (and passes whatever else stands before the button); the page has loaded. */
  fill: (page: Page) => Promise<void>;
  button: string;
  landed: { selector: string; text?: string; count?: number };
}

/**
 * How a page signs in and what shows its landing page drawn. This checkout: the bench's admin, the
 * workbench with its 快捷入口. vben 5.7's web-antd against its own mock backend (docs/operations.md):
 * its demo user, its slider check, and its analytics page with its four charts.
 */
const SIGN_IN: Record<string, SignIn> = {
  [OURS]: {
    fill: async (page) => {
      await page.getByPlaceholder('邮箱').fill(ADMIN_EMAIL);
      await page.getByPlaceholder('密码').fill(ADMIN_PASSWORD);
      await page.locator('button[type="submit"]:not([aria-disabled])').waitFor();
    },
    button: 'button[type="submit"]',
    landed: web.workbench,
  },
  vben: {
    fill: async (page) => {
      await page.locator('input[name="username"]').fill('vben');
      await page.locator('input[name="password"]').fill('123456');
      // The form's rows slide in; the slider is measured once they stand still.
      await page.waitForFunction(
        () =>
          document.querySelector('[name="captcha-action"]') &&
          document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
      );
      const track = (await page.locator('[name="captcha"]').boundingBox())!;
      const handle = (await page.locator('[name="captcha-action"]').boundingBox())!;
      const y = handle.y + handle.height / 2;
      await page.mouse.move(handle.x + handle.width / 2, y);
      await page.mouse.down();
      await page.mouse.move(track.x + track.width - 2, y, { steps: 20 });
      await page.mouse.up();
      await page.locator('[name="captcha"]', { hasText: /验证通过|Passed/ }).waitFor({ timeout: 5_000 });
    },
    button: 'button[aria-label="login"]',
    landed: { selector: '[_echarts_instance_] canvas', count: 4 },
  },
};

async function main() {
  const others = args.app.map((entry) => {
    const at = entry.indexOf('=');
    if (at < 1) throw new Error(`--app name=url expected, got ${entry}`);
    return { name: entry.slice(0, at), url: entry.slice(at + 1) };
  });
  const rows: Row[] = [];
  const build = await buildWeb(rows, log);
  if (!build) throw new Error('vite build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'scm-login-bench-'));
  const app = await startAppServer({ DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST: build.dist });
  const pages = [{ name: OURS, url: `${app.baseUrl}${web.loginPath}` }, ...others];
  const devices = args.phone ? (['desktop', 'phone'] as const) : (['desktop'] as const);
  const loads = Number(args.loads);
  const samples = new Map<string, Sample[]>();
  const browser = await chromium.launch({ executablePath: web.chromium, args: CHROMIUM_ARGS });
  try {
    for (let round = 0; round < loads; round++) {
      log(`第 ${round + 1}/${loads} 轮`);
      // Each round starts with another page, so none is always the first after a pause.
      const order = pages.map((_, i) => pages[(i + round) % pages.length]);
      for (const device of devices) {
        for (const { name, url } of order) {
          const context = await browser.newContext(contextOptions(device));
          await watchInPage(context);
          try {
            const page = await coldPage(context, device);
            const password = await readyAfterNavigation(page, url, PASSWORD_FIELD);
            await page.waitForLoadState('load');
            const facts = await page.evaluate((readyAt) => {
              const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
              // Modules preloaded by <link rel=modulepreload> count as "other", so scripts are known by their name.
              const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
                (r) => new URL(r.name).pathname.endsWith('.js') && r.startTime <= readyAt,
              );
              return {
                dcl: navigation.domContentLoadedEventEnd,
                scripts: scripts.length,
                scriptBytes: scripts.reduce((n, r) => n + r.transferSize, 0),
              };
            }, password);
            const signIn = args['sign-in'] && device === 'desktop' ? SIGN_IN[name] : undefined;
            let landed: number | undefined;
            if (signIn) {
              await page.waitForLoadState('networkidle');
              await signIn.fill(page);
              landed = await measure(page, 'landed', signIn.landed, () => clickAt(page, signIn.button));
            }
            const key = `${device}:${name}`;
            samples.set(key, [...(samples.get(key) ?? []), { password, ...facts, signIn: landed }]);
          } finally {
            await context.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    await app.stop();
    build.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }

  for (const device of devices) {
    const section = `登录页冷启动并排 (${device === 'phone' ? '375×812, 10 Mbit/s, RTT 150 ms, CPU 4×' : '1440×900'}, ${loads} 轮交替, 中位数 [最小–最大])`;
    const of = (name: string) => samples.get(`${device}:${name}`) ?? [];
    const signedIn = (name: string) => of(name).flatMap((s) => (s.signIn === undefined ? [] : [s.signIn]));
    const ours = spread(of(OURS).map((s) => s.password));
    for (const { name } of pages) {
      const taken = of(name);
      const password = spread(taken.map((s) => s.password));
      const dcl = spread(taken.map((s) => s.dcl));
      const { median: scripts } = spread(taken.map((s) => s.scripts));
      const { median: bytes } = spread(taken.map((s) => s.scriptBytes));
      rows.push({ section, name: `${name} 密码框可用`, value: fmt.spread(password), bar: '', ok: null, data: { samples: taken } });
      rows.push({ section, name: `${name} DOMContentLoaded`, value: fmt.spread(dcl), bar: '', ok: null });
      rows.push({ section, name: `${name} 密码框前的脚本`, value: `${scripts} 个, ${fmt.kb(bytes)} 传输`, bar: '', ok: null });
      if (name !== OURS) {
        rows.push({ section, name: `${OURS} ÷ ${name} (密码框)`, value: fmt.ratio(ours.median / password.median), bar: '', ok: null });
      }
      const signIns = signedIn(name);
      if (signIns.length > 0) {
        rows.push({
          section,
          name: `${name} 点击登录 → 首页绘出`,
          value: fmt.spread(spread(signIns)),
          bar: '',
          ok: null,
          data: { samples: signIns },
        });
      }
    }
    for (const { name } of others) {
      if (signedIn(OURS).length > 0 && signedIn(name).length > 0) {
        const ratio = spread(signedIn(OURS)).median / spread(signedIn(name)).median;
        rows.push({ section, name: `${OURS} ÷ ${name} (登录 → 首页)`, value: fmt.ratio(ratio), bar: '≤ 0.45×', ok: ratio <= 0.45 });
      }
    }
  }
  process.stdout.write(`${printTable(rows)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});

/**
 * `npm run bench:login -- --app vben=http://127.0.0.1:5666/#/auth/login [--app …] [--loads 7] [--phone]`
 *
 * Cold loads of login pages side by side: this checkout's /login (built and served as `npm start`
 * serves it, on embedded PGlite with the demo data) and each `--app name=url`. The loads are
 * interleaved, each round loading every page once in turn, so a machine that slows down during the
 * run slows all of them alike; only figures from one run are compared. For each page: the password
 * field visible and enabled after navigation start, DOMContentLoaded, and the scripts asked for
 * before the field was ready (files, bytes on the wire); then this checkout's median as a ratio of each other page's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { web } from './config';
import { CHROMIUM_ARGS, coldPage, contextOptions, readyAfterNavigation } from './lib/cold-load';
import { startAppServer } from './lib/processes';
import { fmt, printTable, type Row, spread } from './lib/report';
import { buildWeb } from './lib/web';

const { values: args } = parseArgs({
  options: {
    app: { type: 'string', multiple: true, default: [] },
    loads: { type: 'string', default: '7' },
    phone: { type: 'boolean', default: false },
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
}

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
            const key = `${device}:${name}`;
            samples.set(key, [...(samples.get(key) ?? []), { password, ...facts }]);
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
    }
  }
  process.stdout.write(`${printTable(rows)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, web } from '../config';
import { repoRoot } from './processes';
import { CHROMIUM_ARGS, contextOptions } from './cold-load';
import { fmt, type Row, spread } from './report';
import { type ChunkStats, chunkStatsFile } from './chunk-stats';

const webRoot = join(repoRoot, 'apps/web');
const KB = 1024;

export interface WebBuild {
  dist: string;
  dispose(): void;
}

/** `import('…')` targets of lazyPage(...) declarations in a source file, by the name they are given. */
function lazyImports(file: string): Map<string, string> {
  const found = new Map<string, string>();
  if (!existsSync(file)) return found;
  const text = readFileSync(file, 'utf8');
  const source = (path: string) => {
    // `@/…` is `src/…` (the app's alias), anything else is relative to the file.
    const target = path.startsWith('@/') ? join(webRoot, 'src', path.slice(2)) : resolve(dirname(file), path);
    return ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => target + ext).find(existsSync);
  };
  // `X: lazyPage(() => import('…'))`, or `const load = () => import('…')` and `X = lazyPage(load)`.
  const loaders = new Map([...text.matchAll(/(\w+)\s*=\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => [m[1], m[2]]));
  for (const m of text.matchAll(/(\w+)\s*[:=]\s*lazyPage\(\s*(?:\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)|(\w+))\s*\)/g)) {
    const withExt = source(m[2] ?? loaders.get(m[3]) ?? '');
    if (withExt) found.set(m[1], relative(webRoot, withExt));
  }
  return found;
}

/** Names imported from 'echarts/charts' anywhere in the app's source. */
function chartImports(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return chartImports(path);
    if (!/\.tsx?$/.test(entry.name)) return [];
    const found = /import\s*\{([^}]*)\}\s*from\s*['"]echarts\/charts['"]/.exec(readFileSync(path, 'utf8'));
    return found
      ? found[1]
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : [];
  });
}

/** Builds the web app into a temp dir and checks each route's JS against the budgets of docs/rules/quality-bars.md. */
export async function buildWeb(rows: Row[], log: (line: string) => void): Promise<WebBuild | null> {
  const section = 'Web 体积 (vite build, gzip)';
  if (!existsSync(join(webRoot, 'index.html'))) {
    rows.push({ section, name: 'vite build', value: '尚无 Web 应用', bar: '', ok: null });
    return null;
  }
  const work = mkdtempSync(join(tmpdir(), 'scm-bench-web-'));
  const dist = join(work, 'dist');
  const statsFile = join(work, 'chunks.json');
  // The two documents, as `npm run build` builds them (apps/web/vite.config.ts): the back office's, then the portal's.
  const modes = ['production', 'portal'];
  log('vite build (临时目录)');
  for (const mode of modes) {
    const built = spawnSync('npx', ['vite', 'build', '--config', '../../bench/lib/vite-bench.config.ts', '--mode', mode, '--logLevel', 'warn'], {
      cwd: webRoot,
      env: { ...process.env, BENCH_WEB_OUT: dist, BENCH_CHUNK_STATS: statsFile, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: 300_000,
    });
    if (built.status !== 0 || !existsSync(chunkStatsFile(statsFile, mode))) {
      rows.push({ section, name: 'vite build', value: `构建失败 (${mode})`, bar: '', ok: false });
      rmSync(work, { recursive: true, force: true });
      return null;
    }
  }

  const [chunks, portalChunks]: ChunkStats[][] = modes.map((mode) => JSON.parse(readFileSync(chunkStatsFile(statsFile, mode), 'utf8')));
  const size = new Map(
    [...chunks, ...portalChunks].map((c) => {
      const code = readFileSync(join(dist, c.file));
      return [c.file, { raw: code.length, gzip: gzipSync(code).length }];
    }),
  );
  /** One document's chunks, by file and by the module that gives a chunk its name. */
  const graph = (of: ChunkStats[]) => {
    const byFile = new Map(of.map((c) => [c.file, c]));
    /** A chunk and everything it imports statically: what the browser fetches before it runs. */
    const closure = (start: ChunkStats | undefined, into = new Set<string>()) => {
      if (!start || into.has(start.file)) return into;
      into.add(start.file);
      for (const file of start.imports) closure(byFile.get(file), into);
      return into;
    };
    const byFacade = new Map(of.filter((c) => c.facade).map((c) => [relative(webRoot, c.facade!), c]));
    return { byFile, byFacade, closure, entry: closure(of.find((c) => c.isEntry)) };
  };
  const { byFile, byFacade, closure, entry } = graph(chunks);
  const total = (files: Set<string>) => ({
    ...[...files].reduce((sum, f) => ({ raw: sum.raw + size.get(f)!.raw, gzip: sum.gzip + size.get(f)!.gzip }), { raw: 0, gzip: 0 }),
    files: Object.fromEntries([...files].map((f) => [f, size.get(f)])),
  });
  const show = (s: { raw: number; gzip: number }) => `${fmt.kb(s.gzip)} gzip (${fmt.kb(s.raw)} raw)`;
  const withEcharts = new Set(chunks.filter((c) => c.modules.some((m) => /[\\/]node_modules[\\/](echarts|zrender)[\\/]/.test(m))).map((c) => c.file));

  // The charts the app registers (`import { BarChart, … } from 'echarts/charts'`), as ECharts names their folders.
  const usedCharts = new Set(chartImports(join(webRoot, 'src')).map((name) => name.replace(/Chart$/, '').toLowerCase()));
  const routerLazy = lazyImports(join(webRoot, 'src/app/router.tsx'));
  const pages = lazyImports(join(webRoot, 'src/app/page-map.ts'));
  // The entry starts the app by importing app/start.tsx (apps/web/src/main.tsx): the login page needs both.
  const start = chunks.find((c) => c.modules.some((m) => m.endsWith('/src/app/start.tsx')));
  const loginFiles = closure(start, new Set(entry));
  const shellFiles = closure(byFacade.get(routerLazy.get('ShellLayout') ?? ''), new Set(loginFiles));
  const workbenchFiles = closure(byFacade.get(pages.get(web.workbenchPageKey) ?? ''), new Set(shellFiles));

  const login = total(loginFiles);
  rows.push({ section, name: '登录页 JS (入口 + 登录页)', value: show(login), bar: '≤ 200 KB gzip', ok: login.gzip <= 200 * KB, data: login });
  // The styles login.html writes in and links (antd's toast part among them): fetched with the login page, not counted in its JS.
  const loginHtml = readFileSync(join(dist, 'login.html'), 'utf8');
  const styles = [
    ...[...loginHtml.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => readFileSync(join(dist, m[1]))),
    ...[...loginHtml.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => Buffer.from(m[1])),
  ];
  const css = styles.reduce((sum, code) => ({ raw: sum.raw + code.length, gzip: sum.gzip + gzipSync(code).length }), { raw: 0, gzip: 0 });
  rows.push({ section, name: '登录页 CSS (login.html 写入与链接的样式)', value: show(css), bar: '', ok: null, data: css });
  const shell = total(workbenchFiles);
  rows.push({ section, name: '框架 + 工作台 JS', value: show(shell), bar: '≤ 400 KB gzip', ok: shell.gzip <= 400 * KB, data: shell });

  // The supplier portal (docs/portal.md), a document of its own: what a cold load of each portal
  // route fetches, its entry (with the layout), the signed-in frame and the page; never the back
  // office's shell or ECharts.
  const portal = graph(portalChunks);
  const portalLazy = lazyImports(join(webRoot, 'src/portal/portal-layout.tsx'));
  const signedInFrame = portal.closure(portal.byFacade.get(portalLazy.get('SignedInFrame') ?? ''));
  const foreignModule = (module: string) =>
    /[\\/]node_modules[\\/](echarts|zrender|zod|antd)[\\/]/.test(module) || /[\\/]src[\\/](app[\\/]shell|features)[\\/]/.test(module);
  // Every page the portal's layout loads; all but the two signed-out ones come inside the signed-in frame.
  const signedOut = new Set(['LoginPage', 'ActivatePage', 'NotFoundPage']);
  for (const [name, source] of portalLazy) {
    if (name === 'SignedInFrame') continue;
    const signedIn = !signedOut.has(name);
    const label = name.replace(/Page$/, '');
    const files = new Set([...portal.entry, ...(signedIn ? signedInFrame : []), ...portal.closure(portal.byFacade.get(source))]);
    const s = total(files);
    const foreign = [...files].some((f) => portal.byFile.get(f)?.modules.some(foreignModule));
    rows.push({
      section,
      name: `门户 ${label} JS (冷启动全部)`,
      value: `${show(s)}${foreign ? '，含后台框架、antd、zod 或 ECharts' : ''}`,
      bar: '≤ 120 KB gzip，无后台框架、antd、zod',
      ok: s.gzip <= 120 * KB && !foreign,
      data: s,
    });
  }

  const echartsOutside: string[] = [];
  for (const [key, source] of pages) {
    const files = closure(byFacade.get(source));
    if ([...files].some((f) => withEcharts.has(f)) && !web.chartPageKeys.includes(key)) echartsOutside.push(key);
    if (key === web.workbenchPageKey) continue;
    // Every session lands on the workbench first, so a further page fetches what neither loaded.
    // A chart page loads ECharts on mount (a dynamic import): the library is measured on its own
    // below, since ECharts 6 through echarts/core is 170 KB with a single chart (docs/decisions.md).
    const own = new Set([...files].filter((f) => !workbenchFiles.has(f) && !withEcharts.has(f)));
    const s = total(own);
    rows.push({ section, name: `页面 ${key} 独有 JS`, value: show(s), bar: '≤ 120 KB gzip', ok: s.gzip <= 120 * KB, data: s });
  }
  if (![...entry, ...shellFiles].every((f) => !withEcharts.has(f)) || echartsOutside.length > 0) {
    echartsOutside.unshift('入口/框架');
  }
  if (withEcharts.size) {
    const library = total(new Set([...withEcharts].flatMap((f) => [...closure(byFile.get(f))].filter((g) => !workbenchFiles.has(g)))));
    const bundled = new Set(
      chunks.flatMap((c) => c.modules.flatMap((m) => /[\\/]echarts[\\/]lib[\\/]chart[\\/](\w+)[\\/]install\.js$/.exec(m)?.[1] ?? [])),
    );
    const extra = [...bundled].filter((chart) => !usedCharts.has(chart));
    rows.push({
      section,
      name: 'ECharts 库 (图表页挂载时加载)',
      value: `${show(library)}; 图表 ${[...bundled].sort().join(', ')}`,
      bar: `echarts/core + 用到的图表 (${[...usedCharts].sort().join(', ')})`,
      ok: extra.length === 0,
      data: library,
    });
  }
  rows.push({
    section,
    name: 'ECharts 只在图表页',
    value: echartsOutside.length ? `也出现在: ${echartsOutside.join(', ')}` : withEcharts.size ? '是' : '是 (尚未使用 ECharts)',
    bar: `只在 ${web.chartPageKeys.join(', ')}`,
    ok: echartsOutside.length === 0,
  });
  const all = total(new Set([...chunks, ...portalChunks].map((c) => c.file)));
  rows.push({ section, name: '全部 JS 合计', value: `${show(all)}, ${Object.keys(all.files).length} 个文件`, bar: '', ok: null, data: all });
  return { dist, dispose: () => rmSync(work, { recursive: true, force: true }) };
}

/** Records, inside the page, the first moment a selector is rendered, visible, enabled (and holds a text or N matches). */
const watcherScript = () => {
  const w = window as unknown as { __bench: Record<string, number>; __benchWatch: (...a: unknown[]) => void };
  w.__bench = {};
  w.__benchWatch = (name: unknown, selector: unknown, text?: unknown, count?: unknown) => {
    const done = () => {
      const all = [...document.querySelectorAll(selector as string)].filter(
        (el) => el.checkVisibility() && !(el as HTMLInputElement).disabled && (!text || (el.textContent ?? '').includes(text as string)),
      );
      return all.length >= ((count as number) ?? 1);
    };
    const check = () => {
      if (w.__bench[name as string] !== undefined) return;
      if (done()) {
        w.__bench[name as string] = performance.now();
        observer.disconnect();
      } else requestAnimationFrame(check);
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, attributes: true });
    requestAnimationFrame(check);
  };
  w.__benchWatch('password', 'input[type="password"]');
};

/** Lets `measure` watch the context's pages for rendered selectors. */
export async function watchInPage(context: BrowserContext) {
  // tsx compiles with keepNames, wrapping inner functions in __name(), which the page lacks.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addInitScript(watcherScript);
}

const timeOf = async (page: Page, name: string, timeoutMs = 30_000) =>
  (
    await page.waitForFunction((n) => (window as unknown as { __bench: Record<string, number> }).__bench[n], name, { timeout: timeoutMs })
  ).jsonValue() as Promise<number>;

/** Starts a watch, then runs `act` in the page and returns milliseconds from act to rendered. */
export async function measure(page: Page, name: string, target: { selector: string; text?: string; count?: number }, act: () => Promise<void>) {
  const started = await page.evaluate(
    ([n, t]) => {
      (window as unknown as { __benchWatch: (...a: unknown[]) => void }).__benchWatch(n, t.selector, t.text, t.count);
      return performance.now();
    },
    [name, target] as const,
  );
  await act();
  return (await timeOf(page, name)) - started;
}

/** Clicks inside the page (so the clock starts in the same task as the click). */
export const clickAt = (page: Page, selector: string, text?: string) =>
  page.evaluate(
    ([s, t]) => {
      const el = [...document.querySelectorAll<HTMLElement>(s)].find((e) => !t || (e.textContent ?? '').replace(/\s/g, '').includes(t));
      if (!el) throw new Error(`nothing to click: ${s} ${t ?? ''}`);
      el.click();
    },
    [selector, text] as const,
  );

/** What a link click does in the single-page app: push the URL, let the router render it. */
const navigateInApp = (page: Page, path: string) =>
  page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/** Cold loads in Chromium (fresh context each, 1440×900) against the server, as docs/rules/quality-bars.md times them. */
export async function webTimings(rows: Row[], baseUrl: string, loads: number, log: (line: string) => void) {
  const section = `Web 时间 (Chromium, ${loads} 次冷启动, 中位数 [最小–最大])`;
  if (!existsSync(web.chromium) && process.getuid?.() === 0) {
    // As `npm test` does: Debian's Chromium and CJK fonts, never a downloaded browser.
    log('apt-get install -y chromium fonts-noto-cjk');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-q', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env });
  }
  if (!existsSync(web.chromium)) {
    rows.push({ section, name: 'Chromium', value: `缺少 ${web.chromium} (apt-get install -y chromium fonts-noto-cjk)`, bar: '', ok: false });
    return;
  }
  const browser = await chromium.launch({
    executablePath: web.chromium,
    args: CHROMIUM_ARGS,
  });
  const samples: Record<string, number[]> = { password: [], dcl: [], load: [], login: [], list: [], tab: [] };
  try {
    for (let i = 0; i < loads; i++) {
      log(`Chromium 冷启动 ${i + 1}/${loads}`);
      const context = await browser.newContext(contextOptions('desktop'));
      await watchInPage(context);
      const page = await context.newPage();
      try {
        await page.goto(`${baseUrl}${web.loginPath}`, { waitUntil: 'load' });
        samples.password.push(await timeOf(page, 'password'));
        const nav = await page.evaluate(() => {
          const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          return { dcl: entry.domContentLoadedEventEnd, load: entry.loadEventEnd };
        });
        samples.dcl.push(nav.dcl);
        samples.load.push(nav.load);

        await page.getByPlaceholder('邮箱').fill(ADMIN_EMAIL);
        await page.getByPlaceholder('密码').fill(ADMIN_PASSWORD);
        samples.login.push(await measure(page, 'workbench', web.workbench, () => clickAt(page, 'button[type="submit"]')));

        // A second tab: the 50-row list when a module registered one, otherwise the first other menu page.
        if (web.list) {
          const list = web.list;
          samples.list.push(await measure(page, 'list', { selector: list.rowSelector, count: list.rows }, () => navigateInApp(page, list.path)));
        } else {
          await page.locator('.shell-content a.shortcut').first().click();
          await page.waitForFunction(() => document.querySelectorAll('.opened-tabs .ant-tabs-tab').length >= 2);
        }
        samples.tab.push(await measure(page, 'tab', web.workbench, () => clickAt(page, '.opened-tabs .ant-tabs-tab', web.workbenchTabLabel)));
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }

  const add = (key: string, name: string, bar: string, limit: number | null, note = '') => {
    const xs = samples[key];
    if (xs.length === 0) {
      rows.push({ section, name, value: note || '未测量', bar, ok: null });
      return;
    }
    const s = spread(xs);
    rows.push({
      section,
      name,
      value: fmt.spread(s),
      bar,
      ok: limit === null ? null : s.median <= limit,
      data: { samples: xs, ...s },
    });
  };
  add('password', '密码框可见且可用 (自导航开始)', '≤ 450 ms (Ant Design Pro 852, vben 1,228)', 450);
  add('dcl', 'DOMContentLoaded', '', null);
  add('load', 'load', '', null);
  add('login', '点击登录 → 工作台渲染', '≤ 400 ms (vben ~500–600)', 400);
  add('tab', '切换标签页 → 工作台渲染', '≤ 150 ms', 150);
  add('list', '50 行列表渲染 (导航后)', '≤ 800 ms', 800, '尚无 50 行列表页 (bench/config.ts web.list)');
}

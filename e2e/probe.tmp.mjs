import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 1280, height: 800 } });

p.on('request', (r) => { if (r.url().includes('/api/')) console.log('req', r.url(), r.postData()?.slice(0,200)); });
p.on('response', async (r) => { if (r.url().includes('/api/')) console.log('resp', r.url(), r.status(), (await r.text().catch(()=>'')).slice(0, 150)); });
p.on('pageerror', (e) => console.log('pageerror', e.message.slice(0, 300)));
await p.goto('http://127.0.0.1:3105/login');
await p.getByPlaceholder('邮箱').fill('admin@jiaju.com');
await p.getByPlaceholder('密码').fill('E2eAdmin2026');
await p.getByRole('button', { name: /登\s*录/ }).click();
await p.waitForURL(/dashboard/);
await p.addInitScript(() => { const O = window.ResizeObserver; window.__ro = 0; window.ResizeObserver = class extends O { constructor(cb) { super((...a) => { window.__ro++; cb(...a); }); } }; });
await p.goto('http://127.0.0.1:3105/planningManagement/planningTaskList');
await p.evaluate(() => { window.__ro = 0; const O = window.ResizeObserver; });
for (let i = 0; i < 6; i++) { await p.waitForTimeout(3000); const t = Date.now(); const n = await p.evaluate(() => window.__ro); console.log('ro calls', n, 'latency', Date.now() - t); }
const t0 = Date.now(); await p.evaluate(() => 1); console.log('eval latency', Date.now() - t0);
console.log((await p.locator('.table-card').innerText().catch(e=>e.message)).slice(0, 500));
await p.screenshot({ path: '/tmp/lists-probe.png' });
await b.close();

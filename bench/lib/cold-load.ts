import type { BrowserContext, Page } from 'playwright-core';

/** Debian's Chromium as the bench launches it: no sandbox, no GPU, no background traffic of its own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A phone on a mobile network (docs/rules/quality-bars.md, "portal on a phone"). */
export const PHONE = {
  viewport: { width: 375, height: 812 },
  latencyMs: 150,
  downBytesPerS: (10 * 1024 * 1024) / 8,
  upBytesPerS: (5 * 1024 * 1024) / 8,
  cpu: 4,
};

/** A fresh context sized and, for the phone, throttled like the device it stands for. */
export async function coldPage(context: BrowserContext, device: 'desktop' | 'phone'): Promise<Page> {
  const page = await context.newPage();
  if (device === 'phone') {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: PHONE.downBytesPerS,
      uploadThroughput: PHONE.upBytesPerS,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
  }
  return page;
}

export const contextOptions = (device: 'desktop' | 'phone') =>
  device === 'phone'
    ? { viewport: PHONE.viewport, isMobile: true, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' }
    : { viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' };

/**
 * Navigates and answers when the first element matching `selector` was visible and enabled, in ms
 * from navigation start (checked every frame).
 */
export async function readyAfterNavigation(page: Page, url: string, selector: string, timeoutMs = 30_000): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const at = await page.waitForFunction(
    (s) => {
      const el = document.querySelector<HTMLInputElement>(s);
      return el?.checkVisibility() && !el.disabled ? performance.now() : false;
    },
    selector,
    { timeout: timeoutMs, polling: 'raf' },
  );
  return (await at.jsonValue()) as number;
}

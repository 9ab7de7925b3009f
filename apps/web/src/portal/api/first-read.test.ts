import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_SESSION_KEYS } from '@/shared/session/portal-session';

const sent: { url: string; body: unknown }[] = [];

beforeEach(() => {
  sent.length = 0;
  sessionStorage.clear();
  vi.resetModules();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    sent.push({ url: String(url), body: JSON.parse(String(init?.body ?? 'null')) });
    return new Response(JSON.stringify({ code: 200, message: 'ok', data: { task: { id: 5 } } }), {
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe("the portal page's first read", () => {
  it('is sent as the entry loads, for the task the address names, keyed as the page asks for it', async () => {
    sessionStorage.setItem(PORTAL_SESSION_KEYS.token, 'supplier');
    window.history.replaceState(null, '', '/portal/rfq/detail?id=5');
    const { firstRead } = await import('./first-read');
    expect(firstRead?.key).toEqual(['/portal/rfq/info', { taskId: 5 }]);
    expect(sent).toEqual([{ url: '/api/portal/rfq/info', body: { task_id: 5 } }]);
    expect(await firstRead?.answer).toEqual({ task: { id: 5 } });
  });

  it('is not sent without a portal session, nor for a page without one', async () => {
    window.history.replaceState(null, '', '/portal/rfq/detail?id=5');
    expect((await import('./first-read')).firstRead).toBeNull();
    vi.resetModules();
    sessionStorage.setItem(PORTAL_SESSION_KEYS.token, 'supplier');
    window.history.replaceState(null, '', '/portal/orders');
    expect((await import('./first-read')).firstRead).toBeNull();
    expect(sent).toEqual([]);
  });
});

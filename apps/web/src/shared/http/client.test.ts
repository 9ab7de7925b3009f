import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '@/shared/ui/feedback';
import { PORTAL_SESSION_KEYS } from '@/shared/session/portal-session';
import { post, request } from './client';
import { setNavigator } from './navigation';

type Reply = (url: string, init: RequestInit) => Promise<Response>;

function respond(reply: Reply) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((url, init) => reply(String(url), init ?? {}));
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

const toast = { error: vi.fn() };
const modal = { warning: vi.fn() };

beforeEach(() => {
  sessionStorage.clear();
  toast.error.mockReset();
  modal.warning.mockReset();
  feedback.message = toast as never;
  feedback.modal = modal as never;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('HTTP client', () => {
  it('sends the session token as a bearer header and the payload in snake_case under /api', async () => {
    sessionStorage.setItem('token', 'abc');
    let seen: { url: string; init: RequestInit } | undefined;
    respond(async (url, init) => {
      seen = { url, init };
      return jsonResponse(200, { code: 200, message: 'ok', data: null });
    });
    await post('/admin/thing/create', { unitPriceFen: 100, lines: [{ planLineId: 1 }] });
    expect(seen?.url).toBe('/api/admin/thing/create');
    expect(seen?.init.method).toBe('POST');
    const headers = new Headers(seen?.init.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(seen?.init.body as string)).toEqual({ unit_price_fen: 100, lines: [{ plan_line_id: 1 }] });
  });

  it('gives up after 10 s: logs and rejects', async () => {
    vi.useFakeTimers();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    respond(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const answer = post('/admin/x', {});
    const outcome = answer.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(log).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ name: 'TimeoutError', message: 'timeout of 10000ms exceeded' });
    expect(log).toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('converts the data field to camelCase and keeps the rest of the body', async () => {
    respond(async () => jsonResponse(200, { code: 200, message: 'ok', extra_field: 1, data: { u_id: 7, role_info: { permission_codes: ['a_b'] } } }));
    const body = await post('/admin/login', {});
    expect(body).toEqual({ code: 200, message: 'ok', extra_field: 1, data: { uId: 7, roleInfo: { permissionCodes: ['a_b'] } } });
  });

  it('opens the re-login modal once on body code 401 and still returns the body', async () => {
    respond(async () => jsonResponse(200, { code: 401, message: '未登录', data: null }));
    const body = await post('/admin/back_user/info', { id: 1 });
    await post('/admin/back_user/info', { id: 1 });
    expect(body).toEqual({ code: 401, message: '未登录', data: null });
    expect(modal.warning).toHaveBeenCalledTimes(1);
    expect(modal.warning.mock.calls[0][0]).toMatchObject({ title: '用户未登录', okText: '确认' });
    modal.warning.mock.calls[0][0].onOk();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('toasts an HTTP error with its status and message and resolves to null', async () => {
    respond(async () => jsonResponse(500, { message: '服务器内部错误' }));
    await expect(post('/admin/x', {})).resolves.toBeNull();
    expect(toast.error).toHaveBeenCalledWith('HTTP Error: 500, Message: 服务器内部错误');
  });

  it('toasts an HTTP error without a message in its body with a generic one', async () => {
    respond(async () => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(post('/admin/x', {})).resolves.toBeNull();
    expect(toast.error).toHaveBeenCalledWith('HTTP Error: 502, Message: Request failed with status code 502');
  });

  it('logs and rejects a network error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    respond(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(post('/admin/x', {})).rejects.toThrow('Failed to fetch');
    expect(log).toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('returns a non-JSON answer as it is', async () => {
    respond(async () => new Response('plain text', { status: 200, headers: { 'content-type': 'text/plain' } }));
    await expect(request('/admin/export', {})).resolves.toBe('plain text');
  });

  it('hands a file answer back as a Blob of its type, without reading it as an envelope', async () => {
    respond(async () => jsonResponse(200, { code: 401, message: '未登录' }));
    const blob = await request<Blob>('/admin/export', {}, { responseType: 'blob' });
    expect(blob?.type).toContain('application/json');
    expect(JSON.parse((await blob?.text()) ?? '')).toEqual({ code: 401, message: '未登录' });
    expect(modal.warning).not.toHaveBeenCalled();
  });

  it('sends the portal token, not the back office one, on a portal call', async () => {
    sessionStorage.setItem('token', 'staff');
    sessionStorage.setItem(PORTAL_SESSION_KEYS.token, 'supplier');
    const seen: string[] = [];
    respond(async (_url, init) => {
      seen.push(new Headers(init.headers).get('Authorization') ?? '');
      return jsonResponse(200, { code: 200, message: 'ok', data: null });
    });
    await post('/portal/rfq/list', {});
    await post('/admin/supplier/list', {});
    expect(seen).toEqual(['Bearer supplier', 'Bearer staff']);
  });

  it('on a portal 401 ends only the portal session and goes to the portal login, without the staff modal', async () => {
    sessionStorage.setItem('token', 'staff');
    sessionStorage.setItem(PORTAL_SESSION_KEYS.token, 'supplier');
    sessionStorage.setItem(PORTAL_SESSION_KEYS.account, '{"name":"王"}');
    const navigate = vi.fn();
    setNavigator(navigate);
    respond(async () => jsonResponse(200, { code: 401, message: '未登录', data: null }));
    await post('/portal/rfq/list', {});
    expect(modal.warning).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(PORTAL_SESSION_KEYS.token)).toBeNull();
    expect(sessionStorage.getItem(PORTAL_SESSION_KEYS.account)).toBeNull();
    expect(sessionStorage.getItem('token')).toBe('staff');
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/portal\/login/), { replace: true });
  });

  it('keeps the way back when the calls of a page are refused together after the portal account was disabled', async () => {
    sessionStorage.setItem(PORTAL_SESSION_KEYS.token, 'supplier');
    window.history.replaceState(null, '', '/portal/rfq/detail?id=3');
    const navigate = vi.fn((to: string) => window.history.replaceState(null, '', to));
    setNavigator(navigate);
    respond(async () => jsonResponse(200, { code: 401, message: '未登录', data: null }));
    await Promise.all([post('/portal/rfq/info', { taskId: 3 }), post('/portal/message/unread_count', {})]);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(window.location.pathname + window.location.search).toBe(`/portal/login?redirect=${encodeURIComponent('/portal/rfq/detail?id=3')}`);
    window.history.replaceState(null, '', '/');
  });
});

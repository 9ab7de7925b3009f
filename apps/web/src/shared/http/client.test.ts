import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '@/shared/ui/feedback';
import { http, post } from './client';

type Reply = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;

function respond(reply: Reply) {
  http.defaults.adapter = reply as never;
}

function jsonResponse(config: InternalAxiosRequestConfig, status: number, body: unknown): AxiosResponse {
  return { data: body, status, statusText: '', headers: { 'content-type': 'application/json; charset=utf-8' }, config };
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
afterEach(() => vi.restoreAllMocks());

describe('HTTP client', () => {
  it('sends the session token as a bearer header and the payload in snake_case under /api with a 10 s timeout', async () => {
    sessionStorage.setItem('token', 'abc');
    let seen: InternalAxiosRequestConfig | undefined;
    respond(async (config) => {
      seen = config;
      return jsonResponse(config, 200, { code: 200, message: 'ok', data: null });
    });
    await post('/admin/thing/create', { unitPriceFen: 100, lines: [{ planLineId: 1 }] });
    expect(seen?.baseURL).toBe('/api');
    expect(seen?.timeout).toBe(10000);
    expect(seen?.headers.Authorization).toBe('Bearer abc');
    expect(JSON.parse(seen?.data as string)).toEqual({ unit_price_fen: 100, lines: [{ plan_line_id: 1 }] });
  });

  it('converts the data field to camelCase and keeps the rest of the body', async () => {
    respond(async (config) =>
      jsonResponse(config, 200, { code: 200, message: 'ok', extra_field: 1, data: { u_id: 7, role_info: { permission_codes: ['a_b'] } } }),
    );
    const body = await post('/admin/login', {});
    expect(body).toEqual({ code: 200, message: 'ok', extra_field: 1, data: { uId: 7, roleInfo: { permissionCodes: ['a_b'] } } });
  });

  it('opens the re-login modal once on body code 401 and still returns the body', async () => {
    respond(async (config) => jsonResponse(config, 200, { code: 401, message: '未登录', data: null }));
    const body = await post('/admin/back_user/info', { id: 1 });
    await post('/admin/back_user/info', { id: 1 });
    expect(body).toEqual({ code: 401, message: '未登录', data: null });
    expect(modal.warning).toHaveBeenCalledTimes(1);
    expect(modal.warning.mock.calls[0][0]).toMatchObject({ title: '用户未登录', okText: '确认' });
    modal.warning.mock.calls[0][0].onOk();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('toasts an HTTP error with its status and message and resolves to null', async () => {
    respond(async (config) => {
      throw new AxiosError('fail', 'ERR_BAD_RESPONSE', config, null, jsonResponse(config, 500, { message: '服务器内部错误' }));
    });
    await expect(post('/admin/x', {})).resolves.toBeNull();
    expect(toast.error).toHaveBeenCalledWith('HTTP Error: 500, Message: 服务器内部错误');
  });

  it('logs and rejects a network error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    respond(async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    });
    await expect(post('/admin/x', {})).rejects.toThrow('Network Error');
    expect(log).toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('returns a non-JSON answer as it is', async () => {
    respond(async (config) => ({ data: 'plain text', status: 200, statusText: '', headers: { 'content-type': 'text/plain' }, config }));
    const response = await http.post('/admin/export', {});
    expect(response.data).toBe('plain text');
  });
});

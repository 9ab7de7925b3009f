import { type Envelope, toCamelCase, toSnakeCase } from '@scm/contract';
import axios, { type AxiosError, type AxiosResponse } from 'axios';
import { session } from '@/shared/session/session';
import { feedback } from '@/shared/ui/feedback';
import { navigateTo } from './navigation';

/** docs/rules/shell-and-session.md, "HTTP client": base path /api, 10 s timeout, JSON by default. */
export const http = axios.create({
  baseURL: '/api',
  timeout: 10000,
  headers: { 'Content-Type': 'application/json' },
});

let reloginModalOpen = false;

/** The 401 modal (docs/rules/shell-and-session.md, "Error catalogue"). Confirming clears the session and goes to /login. */
export function showReloginModal() {
  if (reloginModalOpen) return;
  reloginModalOpen = true;
  const options = {
    title: '用户未登录',
    content: '您尚未登录或登录已过期，是否重新登录？',
    okText: '确认',
    closable: false,
    keyboard: false,
    maskClosable: false,
    onOk: () => {
      reloginModalOpen = false;
      session.clear();
      navigateTo('/login', { replace: true });
    },
  };
  if (feedback.modal) feedback.modal.warning(options);
  else reloginModalOpen = false;
}

function isJsonRequest(contentType: unknown, data: unknown): boolean {
  if (data instanceof FormData || data instanceof Blob || data instanceof ArrayBuffer) return false;
  return typeof contentType !== 'string' || contentType.includes('application/json');
}

http.interceptors.request.use((config) => {
  const token = session.getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  if (config.data !== undefined && isJsonRequest(config.headers.get('Content-Type'), config.data)) {
    config.data = toSnakeCase(config.data);
  }
  return config;
});

http.interceptors.response.use(
  (response: AxiosResponse) => {
    const contentType = String(response.headers['content-type'] ?? '');
    const body = response.data;
    if (!contentType.includes('application/json') || body === null || typeof body !== 'object') return response;
    if (body.code === 401) showReloginModal();
    if ('data' in body) response.data = { ...body, data: toCamelCase(body.data) };
    return response;
  },
  (error: AxiosError<{ message?: string }>) => {
    if (error.response) {
      const message = error.response.data?.message ?? error.message;
      feedback.message?.error(`HTTP Error: ${error.response.status}, Message: ${message}`);
      return Promise.resolve({ ...error.response, data: null });
    }
    console.error(error);
    return Promise.reject(error);
  },
);

/** POST a JSON body; resolves to the envelope, or null after an HTTP error (already toasted). */
export async function post<T = unknown>(path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<Envelope<T> | null> {
  const response = await http.post<Envelope<T> | null>(path, body, { headers });
  return response.data;
}

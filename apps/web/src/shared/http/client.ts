import { type Envelope, toCamelCase, toSnakeCase, PORTAL_PAGES } from '@scm/contract';
import { portalSession } from '@/shared/session/portal-session';
import { session } from '@/shared/session/session';
import { feedback } from '@/shared/ui/feedback';
import { navigateTo } from './navigation';

/** docs/rules/shell-and-session.md, "HTTP client": base path /api, 10 s timeout, JSON by default. */
const API_BASE = '/api';
const REQUEST_TIMEOUT_MS = 10_000;

/** A request as it goes out: token, default headers and the encoded body already applied. */
export interface OutgoingRequest {
  url: string;
  headers: Headers;
  body: string | FormData | Blob | ArrayBuffer | undefined;
  /** For the whole exchange, the answer's body included. */
  timeoutMs: number;
  responseType: 'text' | 'blob';
}

/** An answer of any status, its body not yet interpreted. */
export interface IncomingResponse {
  status: number;
  contentType: string;
  body: string | Blob;
}

/** Sends a request; rejects only when no answer came (network failure, time-out). */
export type Transport = (request: OutgoingRequest) => Promise<IncomingResponse>;

interface RequestOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** 'blob' for file downloads: the body comes back as a Blob, untouched. */
  responseType?: 'json' | 'blob';
  /** Replaces fetch, for what fetch cannot do (upload progress). */
  transport?: Transport;
}

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

/** Where a portal call that answers 401 sends the supplier: the portal's own login, never the back office's. */
export const PORTAL_LOGIN_PATH = PORTAL_PAGES.login;

/**
 * The two realms (docs/web-guide.md, "Portal"): a call under /portal carries the portal's token and
 * a 401 there ends only the portal session; every other call carries the back office's token.
 */
const isPortalCall = (path: string) => path.startsWith('/portal/');

function portalSignedOut() {
  portalSession.clear();
  const here = window.location.pathname + window.location.search;
  // A page's calls are refused together: the first refusal went to the login with the way back,
  // which a later one must not replace.
  if (here.startsWith(PORTAL_LOGIN_PATH)) return;
  const back = here.startsWith('/portal/') ? `?redirect=${encodeURIComponent(here)}` : '';
  navigateTo(`${PORTAL_LOGIN_PATH}${back}`, { replace: true });
}

const fetchTransport: Transport = async ({ url, headers, body, timeoutMs, responseType }) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`timeout of ${timeoutMs}ms exceeded`, 'TimeoutError')), timeoutMs);
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal: controller.signal });
    return {
      status: response.status,
      contentType: response.headers.get('Content-Type') ?? '',
      body: responseType === 'blob' ? await response.blob() : await response.text(),
    };
  } finally {
    clearTimeout(timer);
  }
};

function encodeBody(body: unknown, headers: Headers): OutgoingRequest['body'] {
  if (body === undefined) {
    headers.delete('Content-Type');
    return undefined;
  }
  if (body instanceof FormData || body instanceof Blob || body instanceof ArrayBuffer) {
    // The browser sets the multipart boundary or the blob's own type.
    headers.delete('Content-Type');
    return body;
  }
  const isJson = headers.get('Content-Type')?.includes('application/json') ?? false;
  return JSON.stringify(isJson ? toSnakeCase(body) : body);
}

/** Any text that parses as JSON is parsed, whatever its Content-Type; other text stays as it is. */
function parseText(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function readEnvelope(contentType: string, body: unknown, portal: boolean): unknown {
  if (!contentType.includes('application/json') || body === null || typeof body !== 'object') return body;
  const envelope = body as { code?: unknown; data?: unknown };
  if (envelope.code === 401) {
    if (portal) portalSignedOut();
    else showReloginModal();
  }
  return 'data' in envelope ? { ...envelope, data: toCamelCase(envelope.data) } : envelope;
}

/**
 * POSTs `body` to `/api${path}` and resolves to the answer's body: a JSON envelope with its `data`
 * in camelCase, other text as it is, or a Blob when asked. An HTTP error status is toasted and
 * resolves to null; a network failure or time-out is logged and rejects.
 */
export async function request<T = unknown>(path: string, body: unknown, options: RequestOptions = {}): Promise<T | null> {
  const { headers: extraHeaders = {}, timeoutMs = REQUEST_TIMEOUT_MS, responseType = 'json', transport = fetchTransport } = options;
  let response: IncomingResponse;
  try {
    const headers = new Headers({ 'Content-Type': 'application/json' });
    for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
    const token = isPortalCall(path) ? portalSession.getToken() : session.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const encoded = encodeBody(body, headers);
    response = await transport({
      url: `${API_BASE}${path}`,
      headers,
      body: encoded,
      timeoutMs,
      responseType: responseType === 'blob' ? 'blob' : 'text',
    });
  } catch (error) {
    console.error(error);
    throw error;
  }
  const data = typeof response.body === 'string' ? parseText(response.body) : response.body;
  if (response.status < 200 || response.status >= 300) {
    const message = (data as { message?: unknown } | null)?.message ?? `Request failed with status code ${response.status}`;
    feedback.message?.error(`HTTP Error: ${response.status}, Message: ${message}`);
    return null;
  }
  return readEnvelope(response.contentType, data, isPortalCall(path)) as T;
}

/** POST a JSON body; resolves to the envelope, or null after an HTTP error (already toasted). */
export async function post<T = unknown>(path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<Envelope<T> | null> {
  return request<Envelope<T>>(path, body, { headers });
}

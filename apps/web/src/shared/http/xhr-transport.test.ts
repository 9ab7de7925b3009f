import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '@/shared/ui/feedback';
import { request } from './client';
import { xhrWithUploadProgress } from './xhr-transport';

/** Records what the transport sets and lets the test play the upload and the answer. */
class FakeXhr {
  static last: FakeXhr;
  url = '';
  headers: Record<string, string> = {};
  timeout = 0;
  responseType = '';
  sent: unknown;
  status = 0;
  response: unknown = '';
  answerType = '';
  upload: { onprogress?: (event: Partial<ProgressEvent>) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader() {
    return this.answerType;
  }
  send(body: unknown) {
    this.sent = body;
  }
  answer(status: number, contentType: string, body: string) {
    Object.assign(this, { status, answerType: contentType, response: body });
    this.onload?.();
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  sessionStorage.setItem('token', 'abc');
  feedback.message = { error: vi.fn() } as never;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('upload with progress', () => {
  it('sends like fetch does, reports whole percents and reads the envelope', async () => {
    const percents: number[] = [];
    const answer = request(
      '/admin/import',
      { fileBase64: 'AAAA' },
      { timeoutMs: 300_000, transport: xhrWithUploadProgress((p) => percents.push(p)) },
    );
    const xhr = FakeXhr.last;
    expect(xhr.url).toBe('/api/admin/import');
    expect(xhr.timeout).toBe(300_000);
    expect(xhr.headers).toMatchObject({ authorization: 'Bearer abc', 'content-type': 'application/json' });
    expect(JSON.parse(xhr.sent as string)).toEqual({ file_base64: 'AAAA' });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 10, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 3 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 3 });
    xhr.answer(200, 'application/json', JSON.stringify({ code: 200, message: 'ok', data: { ok_rows: 2 } }));
    await expect(answer).resolves.toEqual({ code: 200, message: 'ok', data: { okRows: 2 } });
    expect(percents).toEqual([0, 33, 100]);
  });

  it('logs and rejects on a time-out', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = request('/admin/import', {}, { timeoutMs: 300_000, transport: xhrWithUploadProgress(() => {}) });
    FakeXhr.last.ontimeout?.();
    await expect(answer).rejects.toThrow('timeout of 300000ms exceeded');
    expect(log).toHaveBeenCalled();
  });
});

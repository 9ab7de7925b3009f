import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { authApi, dictTypeApi, menuApi } from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** API answers over about 1 KB travel compressed when the client accepts it (docs/operations.md "Compression"). */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

const post = (path: string, acceptEncoding: string | undefined, body: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    payload: body as object,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

describe('compressed answers', () => {
  it('sends the menu list in brotli, then gzip, then plain, and each holds the same answer', async () => {
    const plain = await post(menuApi.list.path, undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = plain.json();
    expect(answer.code).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await post(menuApi.list.path, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(answer);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    // An answer in memory is compressed in one call, not through a stream: it goes out whole, its
    // length known (a stream would send it in chunks of unknown length). The list is past 8 KB,
    // where a two-core host would otherwise stream it.
    expect(plain.rawPayload.length).toBeGreaterThan(8192);
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const typed = await t.api(menuApi.list, {}, token);
    expect(typed.data.map((row) => row.key)).toContain('procurementTaskList');

    const gzip = await post(menuApi.list.path, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(answer);
  });

  it('leaves a small answer as it is', async () => {
    const small = await post(authApi.backUserInfo.path, 'br', { id: 1 });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(200);
  });

  it('sends an Excel export as the zip it already is', async () => {
    const file = await post(dictTypeApi.export.path, 'br, gzip');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

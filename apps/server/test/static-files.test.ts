import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/**
 * The built web app as the server sends it (docs/web-guide.md "Loading"): precompressed files by
 * Accept-Encoding (br first, then gzip, else the file itself), hashed files under /assets cached
 * for a year, index.html (also for client routes) and other root files revalidated every time. The
 * login addresses get login.html, the document with the login screen rendered in, and the supplier
 * portal's addresses the portal's own document (docs/web-guide.md "Loading" and "Portal").
 */

const INDEX = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';
const LOGIN = '<!doctype html><html><head><title>t</title></head><body><div id="root" data-prerendered><h1>登录</h1></div></body></html>';
const PORTAL = '<!doctype html><html><head><title>供应商门户</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('悦居'.repeat(200))});`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'scm-static-'));
  mkdirSync(join(dist, 'assets'));
  const write = (path: string, text: string) => {
    writeFileSync(join(dist, path), text);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
  };
  write('index.html', INDEX);
  write('login.html', LOGIN);
  write('portal.html', PORTAL);
  write('assets/index-abc123.js', SCRIPT);
  writeFileSync(join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

const decoded = (response: Awaited<ReturnType<typeof get>>) => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  return response.body;
};

describe('hashed assets', () => {
  it('sends brotli when accepted, even beside gzip', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(response)).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(decoded(response)).toBe(SCRIPT);
  });

  it('sends the file itself without an accepted encoding', async () => {
    for (const accept of [undefined, 'identity']) {
      const response = await get('/assets/index-abc123.js', accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.body).toBe(SCRIPT);
    }
  });
});

/** The document `url` is answered with, in each encoding it is asked for, revalidated every time. */
async function expectDocument(url: string, document: string) {
  for (const [accept, encoding] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    [undefined, undefined],
  ] as const) {
    const response = await get(url, accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(decoded(response)).toBe(document);
  }
}

describe('index.html is never cached', () => {
  it.each(['/dashboard/basic', '/commodityManagement/commodityList?pageSize=50', '/index.html', '/login/elsewhere', '/loginx'])('%s', async (url) => {
    await expectDocument(url, INDEX);
  });

  it('the login addresses get the document with the login screen rendered in', async () => {
    for (const url of ['/', '/login', '/login?redirect=%2FdataBoard', '/?x=1']) await expectDocument(url, LOGIN);
  });

  it("the portal's addresses get the portal's document", async () => {
    for (const url of ['/portal', '/portal/login', '/portal/rfq/detail?id=7', '/portal/activate?token=abc', '/portal/orders']) {
      await expectDocument(url, PORTAL);
    }
    // The back office's addresses that merely start alike keep its document.
    for (const url of ['/portalish', '/portal-guide']) expect(decoded(await get(url, 'br'))).toBe(INDEX);
  });

  it('other files outside /assets are revalidated too', async () => {
    const response = await get('/logo.svg', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('unknown API paths stay API 404s', async () => {
    const response = await get('/api/nothing-here', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });
});

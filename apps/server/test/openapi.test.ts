import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { allRoutes } from '../src/modules';
import { createTestApp, type TestApp } from './helpers';

/** The API document (docs/deploy.md): generated from the route registry, served with a viewer under the app's CSP. */

let t: TestApp;
// biome-ignore lint/suspicious/noExplicitAny: the document is read as plain JSON
let doc: any;
beforeAll(async () => {
  t = await createTestApp();
  const answer = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(answer.statusCode).toBe(200);
  doc = answer.json();
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and documents every route of the registry, and nothing else', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.keys(doc.paths).sort();
    const registered = allRoutes.map((r) => `/api${r.endpoint.path}`).sort();
    const missing = registered.filter((path) => !documented.includes(path));
    expect(missing).toEqual([]);
    expect(documented).toEqual(registered);
  });

  it('names each route permission code, request and response schema, envelope and error codes', () => {
    for (const route of allRoutes) {
      const operation = doc.paths[`/api${route.endpoint.path}`].post;
      expect(operation['x-permission']).toBe(route.permission);
      expect(operation.description).toContain(route.permission === 'public' || route.permission === 'authenticated' ? '/' : route.permission);
      expect(operation.requestBody.content['application/json'].schema).toBeTypeOf('object');
      const success = operation.responses['200'].content['application/json'].schema.oneOf[0];
      expect(success.required).toEqual(['code', 'message', 'data']);
      expect(success.properties.data).toBeTypeOf('object');
      for (const code of [400, 401, 403, 404, 409, 429]) expect(operation.responses['200'].description).toContain(`| ${code} |`);
      for (const status of ['413', '500', '503']) expect(operation.responses[status]).toBeDefined();
    }
    expect(doc.components.schemas.ErrorEnvelope.required).toContain('request_id');
  });

  it('uses the snake_case names of the wire', () => {
    const schema = doc.paths['/api/admin/back_user/change_password'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toContain('old_password');
    expect(schema.required).toContain('old_password');
    expect(JSON.stringify(doc)).not.toContain('"oldPassword"');
  });

  it('resolves every $ref inside the document', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(doc.components.schemas[ref as string], ref).toBeDefined();
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
  });
});

describe('the viewer', () => {
  it('serves a page without inline script, its script and style, under the same CSP as the rest of the app', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Every <script> element has a src: nothing inline for the CSP to refuse.
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/api\/docs\/viewer\.js"/);
      expect(content?.trim()).toBe('');
    }
    expect(page.body).not.toMatch(/\son[a-z]+=/i);

    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(elsewhere.headers['content-security-policy']).toBe(csp);

    const script = await t.app.inject({ method: 'GET', url: '/api/docs/viewer.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain('/api/docs/openapi.json');
    const style = await t.app.inject({ method: 'GET', url: '/api/docs/viewer.css' });
    expect(style.headers['content-type']).toMatch(/text\/css/);
  });

  it('is off with API_DOCS=false: both answer 404', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', API_DOCS: 'false' });
    const app = await buildApp({ db: t.database.db, config, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

import { roleApi } from '@scm/contract';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { backUsers } from '../src/db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers';

/** The service side of the server (docs/deploy.md): probes, request log lines, request ids in errors. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('answers health with plain JSON, no token needed', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
  });

  it('answers ready when the database is migrated', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 not_ready on a database without migrations, and when it is closed', async () => {
    const fresh = openDatabase({ dataDir: 'memory://' });
    // PGlite starts on the first query; a served database has long started.
    await fresh.db.execute(sql`select 1`);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const app = await buildApp({ db: fresh.db, config, logger: false });
    try {
      const unmigrated = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(unmigrated.statusCode).toBe(503);
      expect(unmigrated.json()).toMatchObject({ status: 'not_ready' });
      expect(unmigrated.json().reason).toMatch(/migrations_pending/);
      await fresh.close();
      const closed = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(closed.statusCode).toBe(503);
      expect(closed.json()).toEqual({ status: 'not_ready', reason: 'database_unavailable' });
      // Health does not touch the database.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
    }
  });

  it('does not fall through to the single-page app, which still serves other paths', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'scm-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', WEB_DIST: dist });
    const app = await buildApp({ db: t.database.db, config, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
      const unknown = await app.inject({ method: 'GET', url: '/api/nothing_here' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 404, data: null });
      const page = await app.inject({ method: 'GET', url: '/procurement/task' });
      expect(page.headers['content-type']).toMatch(/text\/html/);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('request ids in error answers', () => {
  it('puts request_id in the envelope of every error and echoes it in x-request-id', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/role/list', payload: {} });
    expect(refused.json()).toMatchObject({ code: 401, data: null });
    expect(refused.json().request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(refused.headers['x-request-id']).toBe(refused.json().request_id);

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().request_id).toBe(malformed.headers['x-request-id']);

    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/nothing/here', payload: {} });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().request_id).toBe(missing.headers['x-request-id']);

    const token = await t.login();
    const ok = await t.api(roleApi.list, {}, token);
    expect(ok.code).toBe(200);
    expect(ok.headers['x-request-id']).toBeTruthy();
  });
});

describe('request log', () => {
  it('writes one JSON line per request with id, user, route, status, body code and duration; never secrets', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent' });
    const app = await buildApp({ db: t.database.db, config, logStream: stream });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { 'content-type': 'application/json' },
        payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      });
      const token: string = login.json().data.token;
      const list = await app.inject({
        method: 'POST',
        url: '/api/admin/role/list',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: {},
      });
      const denied = await app.inject({
        method: 'POST',
        url: '/api/admin/role/list',
        headers: { authorization: 'Bearer not-a-real-token', 'content-type': 'application/json' },
        payload: {},
      });
      await app.inject({ method: 'GET', url: '/api/health' });

      const entries = lines.map((line) => JSON.parse(line));
      const requests = entries.filter((e) => e.msg === 'request');
      expect(requests).toHaveLength(3);
      const [loginLine, listLine, deniedLine] = requests;
      expect(loginLine).toMatchObject({
        request_id: login.headers['x-request-id'],
        route: '/api/admin/login',
        status: 200,
        code: 200,
        user_id: null,
      });
      const [me] = await t.database.db.select({ id: backUsers.id }).from(backUsers).where(eq(backUsers.email, ADMIN_EMAIL));
      expect(listLine).toMatchObject({
        request_id: list.headers['x-request-id'],
        route: '/api/admin/role/list',
        status: 200,
        code: 200,
        user_id: me.id,
      });
      expect(typeof listLine.duration_ms).toBe('number');
      expect(deniedLine).toMatchObject({ request_id: denied.json().request_id, code: 401, user_id: null });

      const everything = lines.join('\n');
      expect(everything).not.toContain(token);
      expect(everything).not.toContain(ADMIN_PASSWORD);
      expect(everything).not.toContain('not-a-real-token');
    } finally {
      await app.close();
    }
  });
});

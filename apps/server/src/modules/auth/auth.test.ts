import { authApi } from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, queryRows, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe('login', () => {
  it('answers a token and the user id in snake_case', async () => {
    const answer = await t.call('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.code).toBe(200);
    expect(Object.keys(answer.data).sort()).toEqual(['token', 'u_id']);
    expect(answer.data.token).toMatch(/^[\w-]{40,}$/);
  });

  it('accepts the email in any letter case', async () => {
    const answer = await t.api(authApi.login, { email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD });
    expect(answer.code).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrong = await t.api(authApi.login, { email: ADMIN_EMAIL, password: 'Wrong12345' });
    const unknown = await t.api(authApi.login, { email: 'nobody@test.com', password: 'Wrong12345' });
    expect(wrong).toMatchObject({ status: 200, code: 400, message: '邮箱或密码错误', data: null });
    expect(unknown).toMatchObject({ status: 200, code: 400, message: '邮箱或密码错误', data: null });
  });

  it('validates the body with Chinese field errors and never answers 500', async () => {
    const empty = await t.call('/admin/login', {});
    expect(empty.code).toBe(400);
    expect(empty.data.field_errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password']);
    const badEmail = await t.call('/admin/login', { email: 'not-an-email', password: 'x' });
    expect(badEmail.data.field_errors).toEqual([{ field: 'email', message: '请输入有效的邮箱地址' }]);
    const wrongTypes = await t.call('/admin/login', { email: 12, password: ['a'] });
    expect(wrongTypes.code).toBe(400);
    const extra = await t.call('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, is_admin: true });
    expect(extra.data.field_errors).toEqual([{ field: 'is_admin', message: '不支持的字段: is_admin' }]);
    const malformed = await t.call('/admin/login', '{"email": ');
    expect(malformed.status).toBe(400);
    const huge = await t.api(authApi.login, { email: ADMIN_EMAIL, password: 'x'.repeat(1_100_000) });
    expect(huge.status).toBe(413);
    const array = await t.call('/admin/login', [1, 2, 3]);
    expect(array.code).toBe(400);
  });

  it('locks an account for 15 minutes after 5 failures, then lets it in again', async () => {
    const email = 'buyer@jiaju.com';
    for (let i = 0; i < 5; i++) {
      expect((await t.api(authApi.login, { email, password: 'Wrong12345' })).code).toBe(400);
    }
    const locked = await t.api(authApi.login, { email, password: ADMIN_PASSWORD });
    expect(locked).toMatchObject({ code: 429, message: '尝试次数过多，请15分钟后再试' });
    t.clock.advance(14 * 60 * 1000);
    expect((await t.api(authApi.login, { email, password: ADMIN_PASSWORD })).code).toBe(429);
    t.clock.advance(2 * 60 * 1000);
    expect((await t.api(authApi.login, { email, password: ADMIN_PASSWORD })).code).toBe(200);
  });

  it('limits failures per IP across accounts', async () => {
    const headers = { 'x-forwarded-for': '10.9.9.9' };
    const ipApp = await createTestApp();
    try {
      for (let i = 0; i < 30; i++) {
        await ipApp.call('/admin/login', { email: `u${i}@test.com`, password: 'Wrong12345' }, null, headers);
      }
      const answer = await ipApp.call('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, null, headers);
      expect(answer.code).toBe(429);
    } finally {
      await ipApp.close();
    }
  });

  it('records logins and failed logins in the audit log', async () => {
    const actions = (await queryRows<{ action: string }>(t, sql`select action from audit_logs where module = 'auth'`)).map((r) => r.action);
    expect(actions).toContain('login');
    expect(actions).toContain('login_failed');
  });
});

describe('user info and role info', () => {
  it('returns the user with its role, then the role with its permission codes and menus', async () => {
    const login = await t.api(authApi.login, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const { token, uId } = login.data;
    const info = await t.api(authApi.backUserInfo, { id: uId }, token);
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({ id: uId, email: ADMIN_EMAIL, username: '系统管理员', role: { code: 'admin', name: '超级管理员' } });
    expect(info.data).not.toHaveProperty('passwordHash');
    expect(info.data.lastLoginIp).toBeTruthy();
    const role = await t.api(authApi.roleInfo, { id: info.data.role.id }, token);
    expect(role.code).toBe(200);
    expect(role.data.permissionCodes).toEqual(expect.arrayContaining(['basic', 'userManagement', 'supplierManagement:edit']));
    const ids = role.data.menus.filter((m: { type: string }) => m.type !== 'action').map((m: { id: number }) => m.id);
    for (let id = 80; id <= 102; id++) expect(ids).toContain(id);
    expect(role.data.menus.find((m: { key: string }) => m.key === 'dataBoard')).toMatchObject({ parentId: null, isMenu: true, path: '/dataBoard' });
  });

  it('refuses another user’s info and another role’s info to a user without the management codes', async () => {
    const token = await t.login('planner@jiaju.com', ADMIN_PASSWORD);
    const me = (await t.api(authApi.login, { email: 'planner@jiaju.com', password: ADMIN_PASSWORD })).data.uId;
    expect((await t.api(authApi.backUserInfo, { id: me }, token)).code).toBe(200);
    expect((await t.api(authApi.backUserInfo, { id: 1 }, token)).code).toBe(403);
    const mine = (await t.api(authApi.backUserInfo, { id: me }, token)).data.role.id;
    const role = await t.api(authApi.roleInfo, { id: mine }, token);
    expect(role.data.permissionCodes).toContain('planningTaskList');
    expect(role.data.permissionCodes).not.toContain('userManagement');
    expect((await t.api(authApi.roleInfo, { id: 1 }, token)).code).toBe(403);
  });

  it('answers 401 without a token or with a made-up one', async () => {
    expect((await t.api(authApi.backUserInfo, { id: 1 })).code).toBe(401);
    expect((await t.api(authApi.backUserInfo, { id: 1 }, 'made-up-token')).code).toBe(401);
  });
});

describe('session lifetime', () => {
  it('revokes the token on logout', async () => {
    const token = await t.login();
    expect((await t.api(authApi.logout, {}, token)).code).toBe(200);
    expect((await t.api(authApi.backUserInfo, { id: 1 }, token)).code).toBe(401);
  });

  it('expires after 2 hours idle', async () => {
    const token = await t.login();
    t.clock.advance(119 * 60 * 1000);
    expect((await t.api(authApi.backUserInfo, { id: 1 }, token)).code).toBe(200);
    t.clock.advance(119 * 60 * 1000);
    expect((await t.api(authApi.backUserInfo, { id: 1 }, token)).code).toBe(200);
    t.clock.advance(121 * 60 * 1000);
    expect((await t.api(authApi.backUserInfo, { id: 1 }, token)).code).toBe(401);
  });

  it('expires 12 hours after login even when used all along', async () => {
    const token = await t.login();
    for (let hour = 1; hour < 12; hour++) {
      t.clock.advance(60 * 60 * 1000);
      expect((await t.api(authApi.backUserInfo, { id: 1 }, token)).code).toBe(200);
    }
    t.clock.advance(60 * 60 * 1000);
    expect((await t.api(authApi.backUserInfo, { id: 1 }, token)).code).toBe(401);
  });
});

describe('HTTP surface', () => {
  it('sends security headers and answers unknown API routes with 404', async () => {
    // A path no endpoint has, so it cannot go through the typed call.
    const answer = await t.app.inject({ method: 'POST', url: '/api/admin/nothing/here', payload: {} });
    expect(answer.statusCode).toBe(404);
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBeTruthy();
  });
});

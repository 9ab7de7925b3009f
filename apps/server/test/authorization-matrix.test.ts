import { ALL_PERMISSION_CODES } from '@scm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backUsers, menus, rolePermissions, roles, sessions } from '../src/db/schema';
import { AUTHENTICATED, type AnyRoute, PUBLIC } from '../src/lib/route';
import { hashPassword } from '../src/lib/passwords';
import { hashToken } from '../src/lib/tokens';
import { allRoutes } from '../src/modules';
import { databaseFingerprint } from './fingerprint';
import { createTestApp, type TestApp } from './helpers';
import { sampleValue } from './junk';

/**
 * docs/rules/quality-bars.md "Authorization matrix", generated from the route registry so no route escapes:
 * every /api/admin route × (no token, a made-up token, a revoked token, an expired token, a role
 * without the route's code, a role holding only that code). Refusals must leave the database
 * exactly as it was.
 */

const PROBE_EMAIL = 'probe@matrix.test';
const PROBE_PASSWORD = 'Probe12345';

let t: TestApp;
let probeRoleId: number;
let probe: string;
let revoked: string;
let expired: string;
let allCodes: string[];

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  [{ id: probeRoleId }] = await db.insert(roles).values({ name: '探针角色', code: 'matrix_probe' }).returning({ id: roles.id });
  await db.insert(backUsers).values({
    email: PROBE_EMAIL,
    username: '探针用户',
    passwordHash: await hashPassword(PROBE_PASSWORD),
    roleId: probeRoleId,
  });
  probe = await t.login(PROBE_EMAIL, PROBE_PASSWORD);
  revoked = await t.login(PROBE_EMAIL, PROBE_PASSWORD);
  expect((await t.call('/admin/logout', {}, revoked)).code).toBe(200);
  expired = await t.login(PROBE_EMAIL, PROBE_PASSWORD);
  await db
    .update(sessions)
    .set({ expiresAt: new Date(t.clock.now.getTime() - 1000) })
    .where(eq(sessions.tokenHash, hashToken(expired)));
  allCodes = (await db.select({ key: menus.key }).from(menus)).map((m) => m.key);
});
afterAll(() => t.close());

/** The probe user's role holds exactly these codes from now on (checked on every request, no new login). */
async function grant(codes: string[]) {
  const { db } = t.database;
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, probeRoleId));
  if (codes.length > 0) await db.insert(rolePermissions).values(codes.map((code) => ({ roleId: probeRoleId, code })));
}

const guarded = allRoutes.filter((r) => r.permission !== PUBLIC);
const byPath = (routes: AnyRoute[]) => routes.map((r) => [r.endpoint.path, r] as const);

/** An empty body and a plausible one: the guard must not depend on what the body says. */
const bodiesFor = (route: AnyRoute) => [{}, sampleValue(route.endpoint.body)];

describe('the route registry', () => {
  it('serves every route under /api/admin, once, and every route is registered with Fastify', () => {
    const paths = allRoutes.map((r) => r.endpoint.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) {
      expect(path).toMatch(/^\/admin\/[a-z_]+\/[a-z_]+$|^\/admin\/(login|logout)$/);
      expect(t.app.hasRoute({ method: 'POST', url: `/api${path}` })).toBe(true);
    }
  });

  it('names a known permission code for every route; only the login call is public', () => {
    expect(allRoutes.filter((r) => r.permission === PUBLIC).map((r) => r.endpoint.path)).toEqual(['/admin/login']);
    for (const route of guarded) {
      if (route.permission !== AUTHENTICATED) expect(ALL_PERMISSION_CODES).toContain(route.permission);
    }
  });
});

describe.each(byPath(guarded))('%s', (_path, route) => {
  it('answers 401 and changes nothing without a valid session', async () => {
    const before = await databaseFingerprint(t.database.db);
    for (const body of bodiesFor(route)) {
      for (const token of [null, 'made-up-token', 'x'.repeat(300), revoked, expired]) {
        const answer = await t.call(route.endpoint, body, token);
        expect({ token: token?.slice(0, 12), status: answer.status, code: answer.code }).toEqual({
          token: token?.slice(0, 12),
          status: 200,
          code: 401,
        });
      }
    }
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });

  if (route.permission === AUTHENTICATED) {
    it('is open to any signed-in user, even one whose role holds no code', async () => {
      await grant([]);
      // A token of its own: this call may be the logout.
      const answer = await t.call(route.endpoint, {}, await t.login(PROBE_EMAIL, PROBE_PASSWORD));
      expect(answer.status).toBe(200);
      expect([401, 403]).not.toContain(answer.code);
    });
    return;
  }

  it(`answers 403 and changes nothing for a role holding every code but ${route.permission}`, async () => {
    await grant(allCodes.filter((code) => code !== route.permission));
    const before = await databaseFingerprint(t.database.db);
    for (const body of bodiesFor(route)) {
      const answer = await t.call(route.endpoint, body, probe);
      expect({ status: answer.status, code: answer.code }).toEqual({ status: 200, code: 403 });
    }
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });

  it(`lets a role holding only ${route.permission} through the guard`, async () => {
    await grant([route.permission]);
    const answer = await t.call(route.endpoint, {}, probe);
    expect(answer.status).toBe(200);
    expect([401, 403]).not.toContain(answer.code);
  });
});

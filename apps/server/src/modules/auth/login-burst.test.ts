import { authApi } from '@scm/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SECURITY } from '../../config';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type ApiPath, createTestApp, type TestApp } from '../../../test/helpers';
import { PORTAL_PASSWORD, portalSupplier } from '../../../test/portal-fixtures';

/*
 * Login limits under a burst (docs/access-management.md, "Login limits"): every attempt of a burst
 * is in flight at once, and the count of password checks (argon2 verifications) proves that no more
 * were checked than the limits allow, in both realms.
 */

const checks = vi.hoisted(() => ({ count: 0, inFlight: 0, maxInFlight: 0 }));
vi.mock('../../lib/access/passwords', async (original) => {
  const real = await original<typeof import('../../lib/access/passwords')>();
  return {
    ...real,
    verifyPassword: async (hash: string, password: string) => {
      checks.count += 1;
      checks.inFlight += 1;
      checks.maxInFlight = Math.max(checks.maxInFlight, checks.inFlight);
      try {
        return await real.verifyPassword(hash, password);
      } finally {
        checks.inFlight -= 1;
      }
    },
  };
});

let t: TestApp;
let portalEmail: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  portalEmail = (await portalSupplier(t, await t.login(), '爆破测试供应商有限公司', 'burst@portal.test')).email;
});
afterAll(() => t.close());
beforeEach(() => {
  // Each burst starts after the windows of the one before.
  t.clock.advance(SECURITY.lockoutWindowMs + 60_000);
  Object.assign(checks, { count: 0, inFlight: 0, maxInFlight: 0 });
});

const realms: { realm: string; login: ApiPath; email: () => string; password: string }[] = [
  { realm: 'staff', login: '/admin/login', email: () => 'buyer@jiaju.com', password: ADMIN_PASSWORD },
  { realm: 'portal', login: '/portal/login', email: () => portalEmail, password: PORTAL_PASSWORD },
];

describe.each(realms)('$realm login under a burst', ({ login, email, password }) => {
  it('30 simultaneous wrong passwords: at most 5 checked, the rest 429, then the right password is refused while locked', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => t.call(login, { email: email(), password: `Wrong${i}pass` })));
    const codes = answers.map((a) => a.code);
    expect(checks.count).toBeLessThanOrEqual(SECURITY.lockoutFailures);
    expect(codes.filter((c) => c === 400)).toHaveLength(checks.count);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - checks.count);
    const right = await t.call(login, { email: email(), password });
    expect(right).toMatchObject({ code: 429, message: '尝试次数过多，请15分钟后再试' });
    expect(checks.count).toBeLessThanOrEqual(SECURITY.lockoutFailures);
    t.clock.advance(SECURITY.lockoutWindowMs + 1000);
    expect((await t.call(login, { email: email(), password })).code).toBe(200);
  });

  it(`45 simultaneous attempts from one address: at most the per-address limit checked`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, i) => t.call(login, { email: `burst${i}@nowhere.test`, password: `Wrong${i}pass` })),
    );
    expect(checks.count).toBeLessThanOrEqual(SECURITY.ipFailures);
    expect(answers.filter((a) => a.code === 429)).toHaveLength(45 - checks.count);
    expect((await t.call(login, { email: email(), password })).code).toBe(429);
  });

  it('as many simultaneous right passwords as the limit all get in, and the checks ran side by side', async () => {
    // An attempt counts as a failure until its password held, so the limit bounds right ones in flight too.
    const answers = await Promise.all(Array.from({ length: SECURITY.lockoutFailures }, () => t.call(login, { email: email(), password })));
    expect(answers.map((a) => a.code)).toEqual(Array(SECURITY.lockoutFailures).fill(200));
    // The claims do not serialise the password checks themselves: the burst really was simultaneous.
    expect(checks.maxInFlight).toBeGreaterThan(1);
  });

  it('an unknown email and a wrong password get the same answer and each cost one check', async () => {
    const wrong = await t.call(login, { email: email(), password: 'Wrong12345' });
    const unknown = await t.call(login, { email: 'nobody@nowhere.test', password: 'Wrong12345' });
    expect(wrong).toMatchObject({ code: 400, message: '邮箱或密码错误', data: null });
    expect(unknown).toMatchObject({ code: 400, message: '邮箱或密码错误', data: null });
    expect(checks.count).toBe(2);
  });
});

it('the administrator is unaffected by another account’s lock', async () => {
  await Promise.all(Array.from({ length: 10 }, () => t.api(authApi.login, { email: 'planner@jiaju.com', password: 'Wrong12345' })));
  expect((await t.api(authApi.login, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).code).toBe(200);
});

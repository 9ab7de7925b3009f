import { messages, PORTAL_MESSAGES, authApi, backUserApi, portalApi, roleApi, portalAccountApi } from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiAnswer, createTestApp, type TestApp } from '../../../test/helpers';
import { PORTAL_PASSWORD, portalSupplier, tokenOf } from '../../../test/portal-fixtures';

/*
 * A login that checked the old password while a reset, a disable or a password change committed
 * must not leave a working session behind, and a one-time activation link works once however many
 * use it at the same moment (docs/access-management.md, "Sessions and credential changes").
 *
 * The overlap is forced, not hoped for: the gate below holds a login right after its password held
 * (or an activation right after it hashed its new password) until the racing call has answered, so
 * each round proves the interleaving it names happened before it asserts who won.
 */

const gate = vi.hoisted(() => ({
  /** The login holding: its password is checked, its session not yet written. */
  verified: null as null | { password: string; reached: () => void; release: Promise<void> },
  /** Activations holding after their hash until `expected` of them have reached it. */
  hashed: null as null | { expected: number; reached: number; all: () => void; release: Promise<void> },
}));
vi.mock('../../lib/access/passwords', async (original) => {
  const real = await original<typeof import('../../lib/access/passwords')>();
  return {
    ...real,
    verifyPassword: async (hash: string, password: string) => {
      const ok = await real.verifyPassword(hash, password);
      const held = gate.verified;
      if (held && password === held.password) {
        gate.verified = null;
        held.reached();
        await held.release;
      }
      return ok;
    },
    hashPassword: async (password: string) => {
      const hash = await real.hashPassword(password);
      const held = gate.hashed;
      if (held) {
        held.reached += 1;
        if (held.reached === held.expected) held.all();
        await held.release;
      }
      return hash;
    },
  };
});

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * Starts `login`, waits until it has checked `password`, runs `change` to its answer while the login
 * holds there, then lets the login finish: the login read the credentials before the change committed
 * and writes its session after.
 */
async function loginAcross(password: string, login: () => Promise<ApiAnswer>, change: () => Promise<ApiAnswer>) {
  const checked = deferred();
  const release = deferred();
  gate.verified = { password, reached: checked.resolve, release: release.promise };
  const loggingIn = login();
  await checked.promise;
  const changed = await change();
  release.resolve();
  return { login: await loggingIn, change: changed };
}

const ROUNDS = 10;
let t: TestApp;
let admin: string;
const email = 'racer@test.com';
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const roleId = (await t.api(roleApi.create, { name: '竞速角色', code: 'racer', permissionCodes: ['basic'] }, admin)).data.id;
  const created = await t.api(backUserApi.create, { email, username: '竞速用户', roleId: roleId, password: 'Racer0pass' }, admin);
  expect(created.code, created.message).toBe(200);
  userId = created.data.id;
});
afterAll(() => t.close());

const version = async () =>
  ((await t.api(backUserApi.list, { keyword: email }, admin)).data.list as { id: number; version: number }[]).find((u) => u.id === userId)
    ?.version as number;
const works = async (token: string) => (await t.api(authApi.backUserInfo, { id: userId }, token)).code === 200;

/** Failed logins with the old password count towards the lockout: each round starts after its window. */
const nextRound = () => t.clock.advance(16 * 60 * 1000);

describe('a credential change committing while a login holds the old password leaves no working session', () => {
  it(`password reset, ${ROUNDS} rounds`, async () => {
    let password = 'Racer0pass';
    for (let round = 1; round <= ROUNDS; round += 1) {
      nextRound();
      admin = await t.login();
      const next = `Racer${round}pass`;
      const v = await version();
      const raced = await loginAcross(
        password,
        () => t.api(authApi.login, { email, password }),
        () => t.api(backUserApi.resetPassword, { id: userId, version: v, password: next }, admin),
      );
      expect(raced.change.code, raced.change.message).toBe(200);
      // The login got in with the old password, and its session died with the reset.
      expect(raced.login.code, raced.login.message).toBe(200);
      expect(await works(raced.login.data.token), `round ${round}: the old password's session outlived the reset`).toBe(false);
      password = next;
    }
    nextRound();
    const fresh = await t.api(authApi.login, { email, password });
    expect(await works(fresh.data.token)).toBe(true);
  });

  it(`disable, ${ROUNDS / 2} rounds; enabling again does not revive the session`, async () => {
    const password = `Racer${ROUNDS}pass`;
    for (let round = 1; round <= ROUNDS / 2; round += 1) {
      nextRound();
      admin = await t.login();
      const v = await version();
      const raced = await loginAcross(
        password,
        () => t.api(authApi.login, { email, password }),
        () => t.api(backUserApi.disable, { id: userId, version: v }, admin),
      );
      expect(raced.change.code, raced.change.message).toBe(200);
      expect(raced.login.code, raced.login.message).toBe(200);
      expect(await works(raced.login.data.token)).toBe(false);
      expect((await t.api(backUserApi.enable, { id: userId, version: await version() }, admin)).code).toBe(200);
      expect(await works(raced.login.data.token), 'enabling again does not revive the session').toBe(false);
    }
  });

  it(`own password change, ${ROUNDS / 2} rounds: only the changing session survives`, async () => {
    let password = `Racer${ROUNDS}pass`;
    for (let round = 1; round <= ROUNDS / 2; round += 1) {
      nextRound();
      const own = await t.login(email, password);
      const next = `Own${round}pass1`;
      const old = password;
      const raced = await loginAcross(
        old,
        () => t.api(authApi.login, { email, password: old }),
        () => t.api(backUserApi.changePassword, { oldPassword: old, newPassword: next, confirmPassword: next }, own),
      );
      expect(raced.change.code, raced.change.message).toBe(200);
      expect(raced.login.code, raced.login.message).toBe(200);
      expect(await works(own)).toBe(true);
      expect(await works(raced.login.data.token)).toBe(false);
      password = next;
    }
  });
});

describe('portal accounts', () => {
  it('a portal login holding the password while the account is disabled is refused', async () => {
    const s = await portalSupplier(t, admin, '衢州门户竞态测试厂', 'race@portal.test');
    const accountVersion = (await t.api(portalAccountApi.list, { supplierId: s.supplierId }, admin)).data.list[0].version;
    const raced = await loginAcross(
      PORTAL_PASSWORD,
      () => t.api(portalApi.login, { email: 'race@portal.test', password: PORTAL_PASSWORD }),
      () => t.api(portalAccountApi.disable, { id: s.accountId, version: accountVersion }, admin),
    );
    expect(raced.change.code, raced.change.message).toBe(200);
    expect(raced.login).toMatchObject({ code: 400, message: messages.userDisabled });
    expect((await t.api(portalApi.accountInfo, {}, s.token)).code).toBe(401);
  });

  it('one activation link used three times at once sets one password', async () => {
    const supplierId = (await portalSupplier(t, admin, '丽水门户激活竞态厂', 'first@portal.test')).supplierId;
    const created = await t.api(portalAccountApi.create, { supplierId: supplierId, email: 'link@portal.test', name: '并发' }, admin);
    expect(created.code, created.message).toBe(200);
    const token = tokenOf(created.data.activationUrl);
    const passwords = ['Link1pass1', 'Link2pass2', 'Link3pass3'];
    const allHashed = deferred();
    const release = deferred();
    gate.hashed = { expected: passwords.length, reached: 0, all: allHashed.resolve, release: release.promise };
    const activating = passwords.map((password) => t.api(portalApi.activate, { token, password }));
    // Every activation has passed its hash and none has written yet.
    await allHashed.promise;
    gate.hashed = null;
    release.resolve();
    const answers = await Promise.all(activating);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 400, 400]);
    expect(answers.filter((a) => a.code === 400).map((a) => a.message)).toEqual([
      PORTAL_MESSAGES.activationInvalid,
      PORTAL_MESSAGES.activationInvalid,
    ]);
    const winner = passwords[answers.findIndex((a) => a.code === 200)];
    const signIns = await Promise.all(passwords.map((password) => t.api(portalApi.login, { email: 'link@portal.test', password })));
    expect(signIns.map((a, i) => [passwords[i], a.code])).toEqual(passwords.map((p) => [p, p === winner ? 200 : 400]));
  });
});

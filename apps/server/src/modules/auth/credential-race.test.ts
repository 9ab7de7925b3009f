import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

/*
 * A login that checked the old password while a reset, a disable or a password change committed
 * must not leave a working session behind (docs/access-management.md, "Sessions and credential
 * changes"). Each round races the two calls; whichever order they land in, a token the login
 * answered must be refused once the other call has answered.
 */

const ROUNDS = 30;
let t: TestApp;
let admin: string;
const email = 'racer@test.com';
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const roleId = (await t.call('/admin/role/create', { name: '竞速角色', code: 'racer', permission_codes: ['basic'] }, admin)).data.id;
  const created = await t.call('/admin/back_user/create', { email, username: '竞速用户', role_id: roleId, password: 'Racer0pass' }, admin);
  expect(created.code, created.message).toBe(200);
  userId = created.data.id;
});
afterAll(() => t.close());

const version = async () =>
  ((await t.call('/admin/back_user/list', { keyword: email }, admin)).data.list as { id: number; version: number }[]).find((u) => u.id === userId)
    ?.version as number;
const works = async (token: string) => (await t.call('/admin/back_user/info', { id: userId }, token)).code === 200;

/** Failed logins with the old password count towards the lockout: each round starts after its window. */
const nextRound = () => t.clock.advance(16 * 60 * 1000);

describe('a credential change racing a login leaves no working session', () => {
  it(`password reset × login with the old password, ${ROUNDS} rounds`, async () => {
    let password = 'Racer0pass';
    let raced = 0;
    for (let round = 1; round <= ROUNDS; round += 1) {
      nextRound();
      admin = await t.login();
      const next = `Racer${round}pass`;
      const [login, reset] = await Promise.all([
        t.call('/admin/login', { email, password }),
        version().then((v) => t.call('/admin/back_user/reset_password', { id: userId, version: v, password: next }, admin)),
      ]);
      expect(reset.code, reset.message).toBe(200);
      if (login.code === 200) {
        raced += 1;
        expect(await works(login.data.token), `round ${round}: the old password's session outlived the reset`).toBe(false);
      }
      password = next;
    }
    // The race is real: some logins got in with the old password (and their sessions died with the reset).
    expect(raced).toBeGreaterThan(0);
    nextRound();
    const fresh = await t.call('/admin/login', { email, password });
    expect(await works(fresh.data.token)).toBe(true);
  });

  it(`disable × login, ${ROUNDS / 3} rounds`, async () => {
    for (let round = 1; round <= ROUNDS / 3; round += 1) {
      nextRound();
      admin = await t.login();
      const [login, disable] = await Promise.all([
        t.call('/admin/login', { email, password: `Racer${ROUNDS}pass` }),
        version().then((v) => t.call('/admin/back_user/disable', { id: userId, version: v }, admin)),
      ]);
      expect(disable.code, disable.message).toBe(200);
      if (login.code === 200) expect(await works(login.data.token)).toBe(false);
      expect((await t.call('/admin/back_user/enable', { id: userId, version: await version() }, admin)).code).toBe(200);
      if (login.code === 200) expect(await works(login.data.token), 'enabling again does not revive the session').toBe(false);
    }
  });

  it(`own password change × login with the old password, ${ROUNDS / 3} rounds: only the changing session survives`, async () => {
    let password = `Racer${ROUNDS}pass`;
    for (let round = 1; round <= ROUNDS / 3; round += 1) {
      nextRound();
      const own = await t.login(email, password);
      const next = `Own${round}pass1`;
      const [login, change] = await Promise.all([
        t.call('/admin/login', { email, password }),
        t.call('/admin/back_user/change_password', { old_password: password, new_password: next, confirm_password: next }, own),
      ]);
      expect(change.code, change.message).toBe(200);
      expect(await works(own)).toBe(true);
      if (login.code === 200) expect(await works(login.data.token)).toBe(false);
      password = next;
    }
  });
});

import {
  authApi,
  type BackUserRow,
  backUserApi,
  ENABLED_STATUS_LABELS,
  ENABLED_STATUSES,
  ENABLEMENT_TRANSITIONS,
  operationLogApi,
  roleApi,
} from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowById, ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/helpers';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';
import { backUsers } from '../../db/schema';
import { DEMO_USER_EMAILS } from '../../db/seed/demo-access';

let t: TestApp;
let admin: string;
let plannerRoleId: number;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
  const roles = await t.api(roleApi.list, { keyword: 'planner' }, admin);
  plannerRoleId = roles.data.list[0].id;
});
afterAll(() => t.close());

/** The user with this e-mail; the tests that expect none check for `undefined`. */
async function userByEmail(email: string): Promise<BackUserRow> {
  const list = await t.api(backUserApi.list, { keyword: email }, admin);
  return list.data.list.find((u) => u.email === email)!;
}

describe('user list', () => {
  it('filters by keyword, role and status and shows the last login', async () => {
    await t.login('buyer@jiaju.com', ADMIN_PASSWORD);
    const all = await t.api(backUserApi.list, {}, admin);
    expect(all.code).toBe(200);
    // The administrator and one user per demo role.
    expect(all.data.total).toBe(1 + DEMO_USER_EMAILS.length);
    const buyer = all.data.list.find((u) => u.email === 'buyer@jiaju.com');
    expect(buyer).toMatchObject({ username: '李采购', role: { code: 'buyer' }, status: 'enabled' });
    expect(buyer?.lastLoginAt).toBeTruthy();
    expect(buyer?.lastLoginIp).toBeTruthy();
    // The wire's password_hash would come back as passwordHash.
    expect(buyer).not.toHaveProperty('passwordHash');
    expect((await t.api(backUserApi.list, { keyword: '王计' }, admin)).data.list.map((u) => u.email)).toEqual(['planner@jiaju.com']);
    expect((await t.api(backUserApi.list, { roleId: plannerRoleId }, admin)).data.total).toBe(1);
    expect((await t.api(backUserApi.list, { status: 'disabled' }, admin)).data.total).toBe(0);
    expect((await t.api(backUserApi.list, { keyword: "%' or 1=1 --" }, admin)).data.total).toBe(0);
  });

  it('offers users as options to any signed-in user: id and name, never the e-mail', async () => {
    const token = await t.login('planner@jiaju.com', ADMIN_PASSWORD);
    const options = await t.api(backUserApi.options, {}, token);
    expect(options.data).toEqual(expect.arrayContaining([{ value: expect.any(Number), label: '王计划' }]));
    expect(JSON.stringify(options.data)).not.toContain('@');
  });

  it('filters by permission codes only for codes the caller holds itself', async () => {
    const token = await t.login('planner@jiaju.com', ADMIN_PASSWORD);
    const own = await t.api(backUserApi.options, { permissionCodes: ['planningTaskList'] }, token);
    expect(own.code).toBe(200);
    expect(own.data.map((o) => o.label)).toContain('王计划');
    for (const codes of [['userManagement:resetPassword'], ['planningTaskList', 'procurementTaskList']]) {
      const probe = await t.api(backUserApi.options, { permissionCodes: codes }, token);
      expect(probe).toMatchObject({ code: 403, message: '只能按自己持有的权限筛选用户', data: null });
    }
  });
});

describe('creating and editing users', () => {
  it('creates a user with a generated password shown once, which logs in', async () => {
    const created = await t.api(backUserApi.create, { email: 'New.User@jiaju.com', username: '新同事', roleId: plannerRoleId }, admin);
    expect(created.code).toBe(200);
    expect(created.data.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{14}$/);
    const token = await t.login('new.user@jiaju.com', created.data.password!);
    expect(token).toBeTruthy();
    const given = await t.api(
      backUserApi.create,
      { email: 'second@jiaju.com', username: '第二位', roleId: plannerRoleId, phone: '13912345678', password: 'Second12345' },
      admin,
    );
    expect(given.data.password).toBeNull();
    expect(await t.login('second@jiaju.com', 'Second12345')).toBeTruthy();
  });

  it('refuses a duplicate email in any letter case, a weak password and an unknown role', async () => {
    const dup = await t.api(backUserApi.create, { email: 'NEW.USER@jiaju.com', username: 'x', roleId: plannerRoleId }, admin);
    expect(dup.code).toBe(409);
    const weak = await t.call(
      '/admin/back_user/create',
      { email: 'weak@jiaju.com', username: 'x', role_id: plannerRoleId, password: 'abcdefgh' },
      admin,
    );
    expect(weak.data.field_errors).toEqual([{ field: 'password', message: '密码至少8位，且包含字母和数字' }]);
    const role = await t.call('/admin/back_user/create', { email: 'norole@jiaju.com', username: 'x', role_id: 9999 }, admin);
    expect(role.data.field_errors[0].field).toBe('role_id');
    const phone = await t.call('/admin/back_user/create', { email: 'p@jiaju.com', username: 'x', role_id: plannerRoleId, phone: '123' }, admin);
    expect(phone.data.field_errors[0]).toEqual({ field: 'phone', message: '请输入11位手机号' });
  });

  it('edits with optimistic locking: a stale version is 409 and the first edit stays', async () => {
    const user = await userByEmail('second@jiaju.com');
    const body = { id: user.id, version: user.version, email: 'second@jiaju.com', roleId: plannerRoleId };
    expect((await t.api(backUserApi.update, { ...body, username: '第二位同事', phone: '' }, admin)).code).toBe(200);
    const stale = await t.api(backUserApi.update, { ...body, username: '覆盖' }, admin);
    expect(stale).toMatchObject({ code: 409, message: '数据已被他人修改，请刷新后重试' });
    expect(await userByEmail('second@jiaju.com')).toMatchObject({ username: '第二位同事', phone: null, version: user.version + 1 });
    expect((await t.api(backUserApi.update, { ...body, username: 'x', id: 99999 }, admin)).code).toBe(404);
  });

  it('a role change applies on the user’s next request', async () => {
    const user = await userByEmail('second@jiaju.com');
    const token = await t.login('second@jiaju.com', 'Second12345');
    expect((await t.api(backUserApi.list, {}, token)).code).toBe(403);
    const adminRole = (await t.api(roleApi.list, { keyword: 'admin' }, admin)).data.list[0].id;
    const body = { id: user.id, version: user.version, email: user.email, username: user.username, roleId: adminRole };
    expect((await t.api(backUserApi.update, body, admin)).code).toBe(200);
    expect((await t.api(backUserApi.list, {}, token)).code).toBe(200);
  });
});

describe('status, password reset and delete', () => {
  it('disabling ends the user’s sessions at once; they cannot log in until enabled', async () => {
    const token = await t.login('buyer@jiaju.com', ADMIN_PASSWORD);
    const user = await userByEmail('buyer@jiaju.com');
    expect((await t.api(backUserApi.disable, { id: user.id, version: user.version }, admin)).code).toBe(200);
    expect((await t.api(authApi.backUserInfo, { id: user.id }, token)).code).toBe(401);
    const login = await t.api(authApi.login, { email: 'buyer@jiaju.com', password: ADMIN_PASSWORD });
    expect(login).toMatchObject({ code: 400, message: '账号已停用' });
    expect((await t.api(backUserApi.disable, { id: user.id, version: user.version }, admin)).code).toBe(409);
    expect((await t.api(backUserApi.enable, { id: user.id, version: user.version + 1 }, admin)).code).toBe(200);
    expect(await t.login('buyer@jiaju.com', ADMIN_PASSWORD)).toBeTruthy();
  });

  it('refuses to disable or delete yourself', async () => {
    const me = await userByEmail(ADMIN_EMAIL);
    expect((await t.api(backUserApi.disable, { id: me.id, version: me.version }, admin)).message).toBe('不能停用自己的账号');
    expect((await t.api(backUserApi.delete, { id: me.id, version: me.version }, admin)).message).toBe('不能删除自己的账号');
    expect((await userByEmail(ADMIN_EMAIL)).status).toBe('enabled');
  });

  it('resetting a password revokes the old sessions and the new password works', async () => {
    const token = await t.login('manager@jiaju.com', ADMIN_PASSWORD);
    const user = await userByEmail('manager@jiaju.com');
    const reset = await t.api(backUserApi.resetPassword, { id: user.id, version: user.version }, admin);
    expect(reset.code).toBe(200);
    expect((await t.api(authApi.backUserInfo, { id: user.id }, token)).code).toBe(401);
    expect((await t.api(authApi.login, { email: 'manager@jiaju.com', password: ADMIN_PASSWORD })).code).toBe(400);
    expect(await t.login('manager@jiaju.com', reset.data.password!)).toBeTruthy();
    const stale = await t.api(backUserApi.resetPassword, { id: user.id, version: user.version, password: 'Manager12345' }, admin);
    expect(stale.code).toBe(409);
  });

  it('deletes another user and keeps their audit history', async () => {
    const user = await userByEmail('new.user@jiaju.com');
    expect((await t.api(backUserApi.delete, { id: user.id, version: user.version }, admin)).code).toBe(200);
    expect(await userByEmail('new.user@jiaju.com')).toBeUndefined();
    const log = await t.api(operationLogApi.list, { userId: user.id }, admin);
    expect(log.data.list.map((r) => r.action)).toContain('login');
    const deleted = await t.api(operationLogApi.list, { module: 'back_user', action: 'delete' }, admin);
    expect(deleted.data.list[0]).toMatchObject({ recordId: String(user.id), before: { email: 'new.user@jiaju.com' } });
  });
});

describe('changing one’s own password', () => {
  it('asks a user whose password an administrator chose or reset to change it, until they do', async () => {
    const email = 'first-login@jiaju.com';
    const created = await t.api(
      backUserApi.create,
      { email, username: '初次登录', roleId: plannerRoleId, status: 'enabled', password: 'Chosen12345' },
      admin,
    );
    expect(created.code, created.message).toBe(200);
    const must = async (token: string) => (await t.api(authApi.backUserInfo, { id: created.data.id }, token)).data.mustChangePassword;
    let token = await t.login(email, 'Chosen12345');
    expect(await must(token)).toBe(true);
    const same = await t.call(
      '/admin/back_user/change_password',
      { old_password: 'Chosen12345', new_password: 'Chosen12345', confirm_password: 'Chosen12345' },
      token,
    );
    expect(same.data.field_errors).toEqual([{ field: 'new_password', message: '新密码不能与原密码相同' }]);
    expect(await must(token)).toBe(true);
    expect((await userByEmail(email)).mustChangePassword).toBe(true);
    const changed = await t.api(
      backUserApi.changePassword,
      { oldPassword: 'Chosen12345', newPassword: 'MyOwn123456', confirmPassword: 'MyOwn123456' },
      token,
    );
    expect(changed.code, changed.message).toBe(200);
    expect(await must(token)).toBe(false);

    const user = await userByEmail(email);
    expect((await t.api(backUserApi.resetPassword, { id: user.id, version: user.version, password: 'Reset12345' }, admin)).code).toBe(200);
    token = await t.login(email, 'Reset12345');
    expect(await must(token)).toBe(true);
    // The administrator's own account, set from the environment, is not asked.
    expect((await t.api(authApi.backUserInfo, { id: 1 }, admin)).data.mustChangePassword).toBe(false);
  });

  it('checks the old password and the policy, then ends the other sessions only', async () => {
    const email = 'planner@jiaju.com';
    const current = await t.login(email, ADMIN_PASSWORD);
    const other = await t.login(email, ADMIN_PASSWORD);
    const wrong = await t.call(
      '/admin/back_user/change_password',
      { old_password: 'Nope12345', new_password: 'Planner2026', confirm_password: 'Planner2026' },
      current,
    );
    expect(wrong.data.field_errors).toEqual([{ field: 'old_password', message: '原密码错误' }]);
    const mismatch = await t.call(
      '/admin/back_user/change_password',
      { old_password: ADMIN_PASSWORD, new_password: 'Planner2026', confirm_password: 'Planner2027' },
      current,
    );
    expect(mismatch.data.field_errors).toEqual([{ field: 'confirm_password', message: '两次输入的新密码不一致' }]);
    const weak = await t.call(
      '/admin/back_user/change_password',
      { old_password: ADMIN_PASSWORD, new_password: 'short', confirm_password: 'short' },
      current,
    );
    expect(weak.data.field_errors[0]).toEqual({ field: 'new_password', message: '密码至少8位，且包含字母和数字' });
    const ok = await t.api(
      backUserApi.changePassword,
      { oldPassword: ADMIN_PASSWORD, newPassword: 'Planner2026', confirmPassword: 'Planner2026' },
      current,
    );
    expect(ok.code).toBe(200);
    const me = (await t.api(authApi.login, { email, password: 'Planner2026' })).data.uId;
    expect((await t.api(authApi.backUserInfo, { id: me }, current)).code).toBe(200);
    expect((await t.api(authApi.backUserInfo, { id: me }, other)).code).toBe(401);
    expect((await t.api(authApi.login, { email, password: ADMIN_PASSWORD })).code).toBe(400);
  });

  it('counts wrong old passwords towards the account lockout', async () => {
    const email = 'manager@jiaju.com';
    const user = await userByEmail(email);
    await t.api(backUserApi.resetPassword, { id: user.id, version: user.version, password: 'Manager12345' }, admin);
    const token = await t.login(email, 'Manager12345');
    t.clock.advance(1000);
    const guess = { oldPassword: 'Guess12345', newPassword: 'Taken12345', confirmPassword: 'Taken12345' };
    for (let i = 0; i < 5; i++) expect((await t.api(backUserApi.changePassword, guess, token)).code).toBe(400);
    const locked = await t.api(backUserApi.changePassword, { ...guess, oldPassword: 'Manager12345' }, token);
    expect(locked.code).toBe(429);
    expect((await t.api(authApi.login, { email, password: 'Manager12345' })).code).toBe(429);
    const log = await t.api(operationLogApi.list, { action: 'change_password_failed', userId: user.id }, admin);
    expect(log.data.total).toBe(5);
  });
});

describe('what a user manager without super-admin rights is offered', () => {
  it('rows say which accounts they may act on; role options say which roles they may give', async () => {
    const codes = ['userManagement', 'userManagement:edit', 'planningTaskList'];
    const role = await t.api(roleApi.create, { name: '用户专员', code: 'user_clerk', permissionCodes: codes }, admin);
    await t.api(backUserApi.create, { email: 'clerk@jiaju.com', username: '用户专员', roleId: role.data.id, password: 'Clerk12345' }, admin);
    const clerk = await t.login('clerk@jiaju.com', 'Clerk12345');

    const rows = (await t.api(backUserApi.list, { pageSize: 200 }, clerk)).data.list;
    const row = (email: string) => rows.find((u) => u.email === email);
    expect(row(ADMIN_EMAIL)).toMatchObject({ superAdmin: true, manageable: false });
    expect(row('clerk@jiaju.com')).toMatchObject({ superAdmin: false, manageable: true });
    expect(row('planner@jiaju.com')).toMatchObject({ manageable: false });

    const options = (await t.api(roleApi.options, {}, clerk)).data;
    const option = (label: string) => options.find((o) => o.label === label);
    expect(option('超级管理员')?.assignable).toBe(false);
    expect(option('用户专员')?.assignable).toBe(true);
    expect(options.filter((o) => o.assignable).map((o) => o.label)).toEqual(['用户专员']);

    const planner = row('planner@jiaju.com')!;
    const takeOver = await t.api(
      backUserApi.update,
      { id: planner.id, version: planner.version, email: 'clerk.owned@jiaju.com', username: planner.username, roleId: planner.role.id },
      clerk,
    );
    expect(takeOver.code).toBe(403);
    expect(takeOver.message).toMatch(/^角色「计划专员」含有你没有的权限/);
  });

  it('an email differing only by zero-width characters is the same email', async () => {
    const answer = await t.api(backUserApi.create, { email: 'clerk\u200b@jiaju.com', username: '重复', roleId: plannerRoleId }, admin);
    expect(answer.code).toBe(409);
  });
});

describe('the 启用/停用 status machine', () => {
  let serial = 0;
  const row = (id: number) => rowById(t, backUsers, id);
  sweepStatusMachine({
    machine: ENABLEMENT_TRANSITIONS,
    statuses: ENABLED_STATUSES,
    build: async (status) => {
      serial += 1;
      const email = `sweep${serial}@jiaju.com`;
      const created = await t.api(backUserApi.create, { email, username: `状态探针${serial}`, roleId: plannerRoleId, status }, admin);
      return row(created.data.id);
    },
    act: (action, user) => t.api(backUserApi[action], { id: user.id, version: user.version }, admin),
    snapshot: async (user) => ({ user: await row(user.id), audit: await auditRowCount(t.database.db) }),
    statusOf: async (user) => (await row(user.id)).status,
    refusal: (_action, status) => `用户已是${ENABLED_STATUS_LABELS[status]}状态`,
  });
});

import { authApi, operationLogApi, roleApi } from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
  await t.api(authApi.login, { email: 'buyer@jiaju.com', password: 'Wrong12345' });
  await t.api(roleApi.create, { name: '质检员', code: 'inspector', permissionCodes: ['commodityList'] }, admin);
});
afterAll(() => t.close());

describe('operation log', () => {
  it('shows who did what to which record, newest first, with the before/after of an edit', async () => {
    const list = await t.call('/admin/operation_log/list', {}, admin);
    expect(list.code).toBe(200);
    const [newest] = list.data.list;
    expect(newest).toMatchObject({ module: 'role', action: 'create', user_name: '系统管理员', summary: '新建角色 质检员' });
    expect(newest.ip).toBeTruthy();
    expect(newest.after).toMatchObject({ code: 'inspector', permission_codes: ['commodityList'] });
    const role = (await t.call('/admin/role/list', { keyword: 'inspector' }, admin)).data.list[0];
    await t.api(roleApi.update, { id: role.id, version: role.version, name: '质检专员', code: 'inspector', sort: 3 }, admin);
    const edit = (await t.call('/admin/operation_log/list', { module: 'role', action: 'update' }, admin)).data.list[0];
    expect(edit).toMatchObject({ record_id: String(role.id), before: { name: '质检员', sort: 0 }, after: { name: '质检专员', sort: 3 } });
  });

  it('includes logins and failed logins and filters by user, module, action and time', async () => {
    const failed = await t.call('/admin/operation_log/list', { module: 'auth', action: 'login_failed' }, admin);
    expect(failed.data.total).toBe(1);
    expect(failed.data.list[0]).toMatchObject({ user_name: 'buyer@jiaju.com', summary: '密码错误' });
    const me = (await t.call('/admin/login', { email: 'admin@test.com', password: ADMIN_PASSWORD })).data.u_id;
    const mine = await t.call('/admin/operation_log/list', { user_id: me, action: 'login' }, admin);
    expect(mine.data.total).toBeGreaterThanOrEqual(2);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await t.call('/admin/operation_log/list', { start_time: future }, admin)).data.total).toBe(0);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await t.call('/admin/operation_log/list', { start_time: past, end_time: future }, admin)).data.total).toBeGreaterThan(3);
    expect((await t.api(operationLogApi.list, { startTime: 'yesterday' }, admin)).code).toBe(400);
    const keyword = await t.call('/admin/operation_log/list', { keyword: '质检' }, admin);
    expect(keyword.data.list.every((r: { summary: string }) => r.summary.includes('质检'))).toBe(true);
  });

  it('offers the modules and actions present for the filters', async () => {
    const filters = await t.call('/admin/operation_log/filters', {}, admin);
    expect(filters.data.modules).toEqual(expect.arrayContaining(['auth', 'role']));
    expect(filters.data.actions).toEqual(expect.arrayContaining(['login', 'login_failed', 'create']));
  });

  it('is refused to a role without the operation-log code', async () => {
    const token = await t.login('planner@jiaju.com', ADMIN_PASSWORD);
    expect((await t.api(operationLogApi.list, {}, token)).code).toBe(403);
  });
});

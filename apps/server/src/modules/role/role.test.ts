import { authApi, backUserApi, ENABLED_STATUS_LABELS, ENABLED_STATUSES, ENABLEMENT_TRANSITIONS, type Role, roleApi } from '@scm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/helpers';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';
import { roles } from '../../db/schema';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
});
afterAll(() => t.close());

const MANAGER = ['roleManagement', 'roleManagement:edit', 'userManagement', 'userManagement:edit', 'userManagement:status'];

/** The role with this code; the tests that expect none check for `undefined`. */
async function roleByCode(code: string): Promise<Role> {
  const list = await t.api(roleApi.list, { keyword: code, pageSize: 200 }, admin);
  return list.data.list.find((r) => r.code === code)!;
}

describe('role list and detail', () => {
  it('pages, filters and counts users per role', async () => {
    const all = await t.api(roleApi.list, {}, admin);
    expect(all.code).toBe(200);
    expect(all.data).toMatchObject({ page: 1, pageSize: 20 });
    expect(all.data.total).toBeGreaterThanOrEqual(4);
    expect(all.data.list[0]).toMatchObject({ code: 'admin', name: '超级管理员', builtIn: true, userCount: 1, status: 'enabled' });
    const buyer = await t.api(roleApi.list, { keyword: '采购' }, admin);
    // 采购专员 and 采购经理.
    expect(buyer.data.list.map((r) => r.code)).toEqual(['buyer', 'purchase_manager']);
    const disabled = await t.api(roleApi.list, { status: 'disabled' }, admin);
    expect(disabled.data.total).toBe(0);
    const sorted = await t.api(roleApi.list, { sortField: 'code', sortOrder: 'descend' }, admin);
    const codes = sorted.data.list.map((r) => r.code);
    expect(codes).toEqual([...codes].sort().reverse());
    const bad = await t.call('/admin/role/list', { sort_field: 'password_hash' }, admin);
    expect(bad.code).toBe(400);
  });

  it('answers one role with its permission codes', async () => {
    const planner = await roleByCode('planner');
    const detail = await t.api(roleApi.detail, { id: planner.id }, admin);
    expect(detail.data.permissionCodes).toContain('planningTaskList:create');
    expect(detail.data.version).toBe(planner.version);
    expect((await t.api(roleApi.detail, { id: 99999 }, admin)).code).toBe(404);
  });

  it('offers enabled roles as options to any signed-in user', async () => {
    const planner = await t.login('planner@jiaju.com', ADMIN_PASSWORD);
    const options = await t.api(roleApi.options, {}, planner);
    expect(options.code).toBe(200);
    expect(options.data).toEqual(expect.arrayContaining([{ value: expect.any(Number), label: '超级管理员', assignable: false }]));
  });
});

describe('creating and editing roles', () => {
  it('creates a role with codes, refuses a duplicate code or an unknown permission code', async () => {
    const created = await t.api(
      roleApi.create,
      { name: '仓库专员', code: 'warehouse', description: '查看商品', permissionCodes: ['commodityList', 'commodityManagement'] },
      admin,
    );
    expect(created.code).toBe(200);
    const detail = await t.api(roleApi.detail, { id: created.data.id }, admin);
    expect(detail.data).toMatchObject({ name: '仓库专员', code: 'warehouse', status: 'enabled', version: 0, userCount: 0 });
    expect(detail.data.permissionCodes).toEqual(['commodityList', 'commodityManagement']);
    const dup = await t.api(roleApi.create, { name: '仓库专员2', code: 'warehouse' }, admin);
    expect(dup).toMatchObject({ code: 409, message: '角色编码 warehouse 已存在' });
    const unknown = await t.call('/admin/role/create', { name: '未知', code: 'unknown_codes', permission_codes: ['nope:x'] }, admin);
    expect(unknown.code).toBe(400);
    expect(unknown.data.field_errors[0].field).toBe('permission_codes');
    const invalid = await t.call('/admin/role/create', { name: '', code: '1abc' }, admin);
    expect(invalid.data.field_errors.map((e: { field: string }) => e.field).sort()).toEqual(['code', 'name']);
  });

  it('refuses a stale version with 409 and keeps the winner’s data', async () => {
    const role = await roleByCode('warehouse');
    const first = await t.api(roleApi.update, { id: role.id, version: role.version, name: '仓管', code: 'warehouse', sort: 5 }, admin);
    expect(first.code).toBe(200);
    const stale = await t.api(roleApi.update, { id: role.id, version: role.version, name: '覆盖', code: 'warehouse' }, admin);
    expect(stale).toMatchObject({ code: 409, message: '数据已被他人修改，请刷新后重试' });
    const perms = await t.api(roleApi.updatePermissions, { id: role.id, version: role.version, permissionCodes: [] }, admin);
    expect(perms.code).toBe(409);
    const after = await t.api(roleApi.detail, { id: role.id }, admin);
    expect(after.data).toMatchObject({ name: '仓管', sort: 5, version: role.version + 1 });
  });

  it('lets a changed code set take effect on the holder’s next request, without a new login', async () => {
    const planner = await roleByCode('planner');
    const token = await t.login('planner@jiaju.com', ADMIN_PASSWORD);
    expect((await t.api(roleApi.list, {}, token)).code).toBe(403);
    const detail = await t.api(roleApi.detail, { id: planner.id }, admin);
    const codes = [...detail.data.permissionCodes, 'permissionManagement', 'roleManagement'];
    const granted = await t.api(roleApi.updatePermissions, { id: planner.id, version: planner.version, permissionCodes: codes }, admin);
    expect(granted.code).toBe(200);
    expect((await t.api(roleApi.list, {}, token)).code).toBe(200);
    const revoked = await t.api(
      roleApi.updatePermissions,
      { id: planner.id, version: planner.version + 1, permissionCodes: detail.data.permissionCodes },
      admin,
    );
    expect(revoked.code).toBe(200);
    expect((await t.api(roleApi.list, {}, token)).code).toBe(403);
  });

  it('disabling a role takes its codes away at once; enabling gives them back', async () => {
    const buyer = await roleByCode('buyer');
    const token = await t.login('buyer@jiaju.com', ADMIN_PASSWORD);
    const info = await t.api(authApi.roleInfo, { id: buyer.id }, token);
    expect(info.data.permissionCodes).toContain('supplierManagement');
    expect((await t.api(roleApi.disable, { id: buyer.id, version: buyer.version }, admin)).code).toBe(200);
    expect((await t.api(authApi.roleInfo, { id: buyer.id }, token)).data.permissionCodes).toEqual([]);
    expect((await t.api(roleApi.disable, { id: buyer.id, version: buyer.version + 1 }, admin)).code).toBe(409);
    expect((await t.api(roleApi.enable, { id: buyer.id, version: buyer.version + 1 }, admin)).code).toBe(200);
    expect((await t.api(authApi.roleInfo, { id: buyer.id }, token)).data.permissionCodes).toContain('supplierManagement');
  });
});

describe('the built-in administrator role', () => {
  it('cannot be disabled, deleted, renamed to another code, or lose the access-management codes', async () => {
    const role = await roleByCode('admin');
    expect((await t.api(roleApi.disable, { id: role.id, version: role.version }, admin)).code).toBe(409);
    expect((await t.api(roleApi.delete, { id: role.id, version: role.version }, admin)).code).toBe(409);
    const recode = await t.api(roleApi.update, { id: role.id, version: role.version, name: '超级管理员', code: 'root' }, admin);
    expect(recode.code).toBe(409);
    const detail = await t.api(roleApi.detail, { id: role.id }, admin);
    const without = detail.data.permissionCodes.filter((c) => c !== 'roleManagement');
    const lose = await t.api(roleApi.updatePermissions, { id: role.id, version: role.version, permissionCodes: without }, admin);
    expect(lose.code).toBe(409);
    const after = await t.api(roleApi.detail, { id: role.id }, admin);
    expect(after.data.permissionCodes).toContain('roleManagement');
    expect(after.data.status).toBe('enabled');
  });
});

describe('deleting roles', () => {
  it('refuses while users hold the role and deletes it once empty', async () => {
    const manager = await roleByCode('plan_manager');
    const held = await t.api(roleApi.delete, { id: manager.id, version: manager.version }, admin);
    expect(held).toMatchObject({ code: 409 });
    expect(held.message).toContain('还有 1 个用户');
    const empty = await roleByCode('warehouse');
    expect((await t.api(roleApi.delete, { id: empty.id, version: empty.version }, admin)).code).toBe(200);
    expect(await roleByCode('warehouse')).toBeUndefined();
    expect((await t.api(roleApi.delete, { id: empty.id, version: empty.version }, admin)).code).toBe(404);
  });
});

describe('keeping someone able to manage access', () => {
  it('a manager without super-admin rights can neither disable the super admin nor strip, disable or leave their own role', async () => {
    const created = await t.api(
      roleApi.create,
      { name: '权限管理员', code: 'access_admin', permissionCodes: ['permissionManagement', ...MANAGER] },
      admin,
    );
    const roleId = created.data.id;
    const user = await t.api(backUserApi.create, { email: 'keeper@jiaju.com', username: '权限管家', roleId, password: 'Keeper12345' }, admin);
    const keeper = await t.login('keeper@jiaju.com', 'Keeper12345');
    const admins = await t.api(backUserApi.list, { keyword: 'admin@test.com' }, keeper);
    const adminUser = admins.data.list[0];
    const disableAdmin = await t.api(backUserApi.disable, { id: adminUser.id, version: adminUser.version }, keeper);
    expect(disableAdmin).toMatchObject({ code: 403, message: '只有超级管理员可以操作超级管理员账号或内置的超级管理员角色' });

    const strip = await t.api(roleApi.updatePermissions, { id: roleId, version: 0, permissionCodes: ['userManagement'] }, keeper);
    expect(strip).toMatchObject({ code: 403, message: '不能修改自己所属的角色' });
    expect((await t.api(roleApi.disable, { id: roleId, version: 0 }, keeper)).code).toBe(403);
    const role = await t.api(roleApi.detail, { id: roleId }, keeper);
    expect(role.data).toMatchObject({ status: 'enabled', version: 0 });
    expect(role.data.permissionCodes).toContain('roleManagement:edit');
    const plannerRole = await roleByCodeAs(keeper, 'planner');
    const demote = await t.api(
      backUserApi.update,
      { id: user.data.id, version: 0, email: 'keeper@jiaju.com', username: '权限管家', roleId: plannerRole.id },
      keeper,
    );
    expect(demote).toMatchObject({ code: 403, message: '不能修改自己的角色' });
    expect((await t.api(backUserApi.list, { keyword: 'admin@test.com' }, keeper)).data.list[0].status).toBe('enabled');
    expect((await t.api(roleApi.disable, { id: roleId, version: 0 }, admin)).code).toBe(200);
  });
});

async function roleByCodeAs(token: string, code: string): Promise<Role> {
  const list = await t.api(roleApi.list, { keyword: code }, token);
  return list.data.list.find((r) => r.code === code)!;
}

describe('数据范围 (data scope)', () => {
  it('is 全部数据 when left out, stored when given, kept when an update leaves it out, and shown in detail and info', async () => {
    const plain = await t.api(roleApi.create, { name: '默认范围', code: 'scope_default' }, admin);
    expect((await t.api(roleApi.detail, { id: plain.data.id }, admin)).data.dataScope).toBe('all');
    const own = await t.api(roleApi.create, { name: '仅本人角色', code: 'scope_own', dataScope: 'own' }, admin);
    expect((await t.api(roleApi.detail, { id: own.data.id }, admin)).data.dataScope).toBe('own');
    expect((await roleByCode('scope_own')).dataScope).toBe('own');

    const base = { id: own.data.id, name: '仅本人角色', code: 'scope_own' };
    expect((await t.api(roleApi.update, { ...base, version: 0, description: '不改范围' }, admin)).code).toBe(200);
    expect((await t.api(authApi.roleInfo, { id: own.data.id }, admin)).data.dataScope).toBe('own');
    expect((await t.api(roleApi.update, { ...base, version: 1, dataScope: 'all' }, admin)).code).toBe(200);
    expect((await t.api(authApi.roleInfo, { id: own.data.id }, admin)).data.dataScope).toBe('all');
    const bad = await t.call('/admin/role/update', { ...base, version: 2, data_scope: 'mine' }, admin);
    expect(bad.data.field_errors[0].field).toBe('data_scope');
  });

  it('someone whose own scope is 仅本人 cannot give 全部数据', async () => {
    const role = await t.api(
      roleApi.create,
      { name: '本人范围管理员', code: 'own_manager', dataScope: 'own', permissionCodes: ['roleManagement', 'roleManagement:create'] },
      admin,
    );
    await t.api(backUserApi.create, { email: 'own.manager@jiaju.com', username: '本人管理', roleId: role.data.id, password: 'Owner12345' }, admin);
    const token = await t.login('own.manager@jiaju.com', 'Owner12345');
    const wide = await t.api(roleApi.create, { name: '全部范围', code: 'wide_scope' }, token);
    expect(wide).toMatchObject({ code: 403, message: '你的数据范围是仅本人，不能授予全部数据' });
    expect(await roleByCode('wide_scope')).toBeUndefined();
    expect((await t.api(roleApi.create, { name: '窄范围', code: 'narrow_scope', dataScope: 'own' }, token)).code).toBe(200);
  });
});

describe('text hygiene in role names', () => {
  it('a name differing only by zero-width characters clashes; invisible-only or broken text is refused naming the field', async () => {
    const clash = await t.api(roleApi.create, { name: '超级管理员\u200b', code: 'fake_admin' }, admin);
    expect(clash).toMatchObject({ code: 409, message: '角色名称 超级管理员 已存在' });
    for (const name of ['\u200b', '\u200b \ufeff', '坏\ud800字', '管理\u202e员', '管\u0007理']) {
      const answer = await t.call('/admin/role/create', { name, code: 'odd_name' }, admin);
      expect(answer.status).toBe(200);
      expect(answer.code).toBe(400);
      expect(answer.data.field_errors[0].field).toBe('name');
    }
    expect(await roleByCode('odd_name')).toBeUndefined();
    const composed = await t.api(roleApi.create, { name: 'Cafe\u0301 角色', code: 'nfc_name' }, admin);
    expect((await t.api(roleApi.detail, { id: composed.data.id }, admin)).data.name).toBe('Caf\u00e9 角色');
  });
});

describe('the 启用/停用 status machine', () => {
  let serial = 0;
  sweepStatusMachine({
    machine: ENABLEMENT_TRANSITIONS,
    statuses: ENABLED_STATUSES,
    build: async (status) => {
      serial += 1;
      const created = await t.api(roleApi.create, { name: `状态探针${serial}`, code: `sweep_${serial}`, status }, admin);
      return (await t.api(roleApi.detail, { id: created.data.id }, admin)).data;
    },
    act: (action, role) => t.api(roleApi[action], { id: role.id, version: role.version }, admin),
    snapshot: async (role) => ({
      role: await t.database.db.select().from(roles).where(eq(roles.id, role.id)),
      audit: await auditRowCount(t.database.db),
    }),
    statusOf: async (role) => (await t.api(roleApi.detail, { id: role.id }, admin)).data.status,
    refusal: (_action, status) => `角色已是${ENABLED_STATUS_LABELS[status]}状态`,
  });
});

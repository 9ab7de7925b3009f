import { authApi, menuApi, planningApi, roleApi, toSnakeCase } from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADMIN_PASSWORD, createTestApp, type TestApp, type TypedAnswer } from '../../../test/helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login();
});
afterAll(() => t.close());

type Menu = TypedAnswer<typeof menuApi.list>['data'][number];

async function menu(key: string): Promise<Menu> {
  const list = await t.api(menuApi.list, {}, admin);
  return list.data.find((m) => m.key === key) as Menu;
}

/** The update body that rewrites an entry as it stands, with `changes` on top. */
const edit = (m: Menu, changes: Partial<Pick<z.input<typeof menuApi.update.body>, 'label' | 'sort' | 'isMenu' | 'status' | 'icon'>>) => ({
  id: m.id,
  version: m.version,
  label: m.label,
  icon: m.icon ?? '',
  sort: m.sort,
  isMenu: m.isMenu,
  status: m.status,
  ...changes,
});

describe('menu table', () => {
  it('lists every seeded entry, actions included', async () => {
    const list = await t.api(menuApi.list, {}, admin);
    expect(list.code).toBe(200);
    const ids = list.data.map((m) => m.id);
    for (let id = 80; id <= 153; id++) expect(ids).toContain(id);
    expect(list.data.find((m) => m.id === 103)).toMatchObject({ key: 'operationLog', parentId: 99, isMenu: true, builtIn: true });
    expect(list.data.find((m) => m.key === 'supplierManagement:edit')).toMatchObject({ type: 'action', parentId: 88 });
  });

  it('renames and reorders an entry; the role-info menus every user loads follow', async () => {
    const supplier = await menu('supplierManagement');
    expect((await t.api(menuApi.update, edit(supplier, { label: '供应商档案', sort: 5 }), admin)).code).toBe(200);
    const buyer = await t.login('buyer@jiaju.com', ADMIN_PASSWORD);
    const me = (await t.api(authApi.login, { email: 'buyer@jiaju.com', password: ADMIN_PASSWORD })).data.uId;
    const roleId = (await t.api(authApi.backUserInfo, { id: me }, buyer)).data.role.id;
    const info = await t.api(authApi.roleInfo, { id: roleId }, buyer);
    expect(info.data.menus.find((m) => m.key === 'supplierManagement')).toMatchObject({ label: '供应商档案', sort: 5 });
    const stale = await t.api(menuApi.update, edit(supplier, { label: '覆盖' }), admin);
    expect(stale.code).toBe(409);
    expect((await menu('supplierManagement')).label).toBe('供应商档案');
  });

  it('keeps the access-management entries enabled and shown, and actions out of the sidebar', async () => {
    const role = await menu('roleManagement');
    expect((await t.api(menuApi.update, edit(role, { status: 'disabled' }), admin)).code).toBe(409);
    expect((await t.api(menuApi.update, edit(role, { isMenu: false }), admin)).code).toBe(409);
    const action = await menu('roleManagement:edit');
    expect((await t.api(menuApi.update, edit(action, { isMenu: true }), admin)).code).toBe(400);
    const bad = await t.call(menuApi.update, toSnakeCase(edit(role, { label: '', icon: 'javascript:alert(1)' })), admin);
    expect(bad.data.field_errors.map((e: { field: string }) => e.field).sort()).toEqual(['icon', 'label']);
    const board = await menu('dataBoard');
    expect((await t.api(menuApi.update, edit(board, { status: 'disabled', icon: 'LineChartOutlined' }), admin)).code).toBe(200);
    expect(await menu('dataBoard')).toMatchObject({ status: 'disabled', icon: 'LineChartOutlined' });
  });
});

describe('action entries', () => {
  it('adds an action under a page, grants it to the administrator role, and removes it from every role on delete', async () => {
    const supplier = await menu('supplierManagement');
    const created = await t.api(menuApi.createAction, { parentId: supplier.id, action: 'audit', label: '审核' }, admin);
    expect(created.code).toBe(200);
    expect(created.data.id).toBeGreaterThanOrEqual(10000);
    const added = await menu('supplierManagement:audit');
    expect(added).toMatchObject({ type: 'action', isMenu: false, builtIn: false });
    const dup = await t.api(menuApi.createAction, { parentId: supplier.id, action: 'audit', label: '审核' }, admin);
    expect(dup.code).toBe(409);
    const underGroup = await t.call('/admin/menu/create_action', { parent_id: 85, action: 'audit', label: '审核' }, admin);
    expect(underGroup.data.field_errors[0].field).toBe('parent_id');

    const roles = await t.api(roleApi.list, {}, admin);
    const adminRole = roles.data.list.find((r) => r.code === 'admin')!;
    expect((await t.api(roleApi.detail, { id: adminRole.id }, admin)).data.permissionCodes).toContain('supplierManagement:audit');
    const buyerRole = roles.data.list.find((r) => r.code === 'buyer')!;
    const buyerCodes = (await t.api(roleApi.detail, { id: buyerRole.id }, admin)).data.permissionCodes;
    const grant = await t.api(
      roleApi.updatePermissions,
      { id: buyerRole.id, version: buyerRole.version, permissionCodes: [...buyerCodes, 'supplierManagement:audit'] },
      admin,
    );
    expect(grant.code).toBe(200);

    expect((await t.api(menuApi.delete, { id: added.id, version: added.version }, admin)).code).toBe(200);
    expect(await menu('supplierManagement:audit')).toBeUndefined();
    expect((await t.api(roleApi.detail, { id: buyerRole.id }, admin)).data.permissionCodes).not.toContain('supplierManagement:audit');
  });

  it('refuses to delete the entries the code relies on', async () => {
    const builtIn = await menu('supplierManagement:edit');
    const refused = await t.api(menuApi.delete, { id: builtIn.id, version: builtIn.version }, admin);
    expect(refused).toMatchObject({ code: 409, message: '系统内置的菜单项不能删除' });
    expect(await menu('supplierManagement:edit')).toBeTruthy();
  });
});

describe('a disabled entry stops working for every role at the next request', () => {
  async function plannerRoleInfo(token: string) {
    const roles = await t.api(roleApi.list, { keyword: 'planner' }, admin);
    const info = await t.api(authApi.roleInfo, { id: roles.data.list[0].id }, token);
    return info.data.permissionCodes as string[];
  }
  const setStatus = async (key: string, status: Menu['status']) =>
    expect((await t.api(menuApi.update, edit(await menu(key), { status }), admin)).code).toBe(200);

  it('an action entry: its route answers 403 and every role loses its code for real; enabling gives it back to the built-in role only', async () => {
    const planner = await t.login('planner@jiaju.com', ADMIN_PASSWORD);
    expect((await t.call('/admin/planning_task/create', {}, planner)).code).toBe(400);

    await setStatus('planningTaskList:create', 'disabled');
    expect((await t.call('/admin/planning_task/create', {}, planner)).code).toBe(403);
    expect(await plannerRoleInfo(planner)).not.toContain('planningTaskList:create');
    expect(await plannerRoleInfo(planner)).toContain('planningTaskList');
    const stored = await t.api(roleApi.list, { keyword: 'planner' }, admin);
    const detail = await t.api(roleApi.detail, { id: stored.data.list[0].id }, admin);
    expect(detail.data.permissionCodes, 'the role no longer holds it').not.toContain('planningTaskList:create');

    // A disabled code cannot be given, not even by the super admin.
    const plannerRole = (await t.api(roleApi.detail, { id: stored.data.list[0].id }, admin)).data;
    const grant = await t.call(
      '/admin/role/update_permissions',
      { id: plannerRole.id, version: plannerRole.version, permission_codes: [...plannerRole.permissionCodes, 'planningTaskList:create'] },
      admin,
    );
    expect(grant).toMatchObject({ code: 400, data: { field_errors: [{ field: 'permission_codes' }] } });
    const created = await t.api(
      roleApi.create,
      { name: '停用权限角色', code: 'disabled_grant', permissionCodes: ['planningTaskList:create'] },
      admin,
    );
    expect(created.code).toBe(400);

    await setStatus('planningTaskList:create', 'enabled');
    expect((await t.call('/admin/planning_task/create', {}, planner)).code, 'enabling again does not hand it back').toBe(403);
    expect(await plannerRoleInfo(planner)).not.toContain('planningTaskList:create');
    expect((await t.call('/admin/planning_task/create', {}, admin)).code, 'the built-in role has it again').toBe(400);
  });

  it('a page entry takes its actions’ codes with it', async () => {
    const planner = await t.login('planner@jiaju.com', ADMIN_PASSWORD);
    await setStatus('planningTaskList', 'disabled');
    const codes = await plannerRoleInfo(planner);
    expect(codes.filter((c) => c.startsWith('planningTaskList'))).toEqual([]);
    expect((await t.api(planningApi.list, {}, planner)).code).toBe(403);
    expect((await t.call('/admin/planning_task/create', {}, planner)).code).toBe(403);

    await setStatus('planningTaskList', 'enabled');
    expect(await plannerRoleInfo(planner)).not.toContain('planningTaskList');
    expect((await t.api(planningApi.list, {}, planner)).code).toBe(403);
    expect((await t.api(planningApi.list, {}, admin)).code).toBe(200);
  });
});

describe('nobody can be locked out of menus, roles or users', () => {
  it('refuses disabling any entry needed to manage access or menus, its group included, and the built-in admin can undo every other change', async () => {
    for (const key of ['menuManagement:edit', 'roleManagement:edit', 'userManagement:status', 'userManagement:edit', 'permissionManagement']) {
      const answer = await t.api(menuApi.update, edit(await menu(key), { status: 'disabled' }), admin);
      expect(answer.code, key).toBe(409);
      expect((await menu(key)).status).toBe('enabled');
    }
    expect((await t.api(menuApi.update, edit(await menu('menuManagement:edit'), { label: '编辑菜单' }), admin)).code).toBe(200);
    expect((await t.api(menuApi.list, {}, admin)).code).toBe(200);
  });

  it('refuses a role change that leaves no enabled user able to manage menus', async () => {
    // Only the built-in role holds the menu codes; it must keep them.
    const roles = (await t.api(roleApi.list, { pageSize: 200 }, admin)).data.list as { id: number; code: string }[];
    const adminRole = (await t.api(roleApi.detail, { id: roles.find((r) => r.code === 'admin')!.id }, admin)).data;
    const stripped = await t.api(
      roleApi.updatePermissions,
      { id: adminRole.id, version: adminRole.version, permissionCodes: adminRole.permissionCodes.filter((c: string) => c !== 'menuManagement:edit') },
      admin,
    );
    expect(stripped.code).toBe(409);
    expect((await t.api(roleApi.detail, { id: adminRole.id }, admin)).data.permissionCodes).toContain('menuManagement:edit');
  });
});

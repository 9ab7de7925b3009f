import { ALL_PERMISSION_CODES, authApi, backUserApi } from '@scm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyRoute } from '../src/lib/http/route';
import { allRoutes } from '../src/modules';
import { databaseFingerprint } from './fingerprint';
import { type ApiPath, createTestApp, type TestApp } from './helpers';
import { requiredSample } from './junk';

/**
 * docs/rules/quality-bars.md "Grant ceiling", generated from the route registry: every route marked `grants` is
 * called by an actor missing one code of what it hands out, for every code, and must answer 403
 * and change nothing. The super-admin protections and "nobody changes their own role" follow, then
 * the positive case: an actor holding every code (without being a super admin) succeeds.
 */

let t: TestApp;
let admin: string;
let actor: string;
let actorRole: { id: number };
let actorUserId: number;
/** The record a granting route edits, per resource: kept within the actor's reach (a role without codes). */
const targets: Record<string, { id: number }> = {};
/** A role holding exactly one code, per code: giving it needs that code. */
const roleHolding = new Map<string, number>();
let superAdminRoleId: number;
let superAdminUserId: number;

const PASSWORD = 'Ceiling12345';
const granting = allRoutes.filter((r) => r.grants);
const resourceOf = (route: AnyRoute) => route.endpoint.path.split('/')[2];

async function call(path: ApiPath, body: object, token = admin) {
  const answer = await t.call(path, body, token);
  if (token === admin && answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.message}`);
  return answer;
}

async function versionOf(resource: string, id: number): Promise<number> {
  if (resource === 'role') return (await call('/admin/role/detail', { id })).data.version;
  const users = await call('/admin/back_user/list', { page_size: 200 });
  return users.data.list.find((u: { id: number }) => u.id === id).version;
}

let serial = 0;
/** A valid body for a granting route, handing out `code` (a role holding only it, or the code itself). */
async function grantingBody(route: AnyRoute, code: string): Promise<Record<string, unknown>> {
  serial += 1;
  const unique: Record<string, unknown> = {
    name: `授权${serial}`,
    username: `授权${serial}`,
    code: `grant_${serial}`,
    email: `grant${serial}@example.com`,
  };
  const body = requiredSample(route.endpoint.body);
  for (const key of Object.keys(body)) if (key in unique) body[key] = unique[key];
  const resource = resourceOf(route);
  if ('id' in body) {
    const target = targets[resource];
    if (!target) throw new Error(`no target record for ${resource}: add one to the grant-ceiling test`);
    body.id = target.id;
    body.version = await versionOf(resource, target.id);
  }
  if (route.grants === 'role') body.role_id = roleHolding.get(code);
  else body.permission_codes = [code];
  return body;
}

async function setActorCodes(codes: string[]) {
  const version = await versionOf('role', actorRole.id);
  await call('/admin/role/update_permissions', { id: actorRole.id, version, permission_codes: codes });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const roles = await call('/admin/role/list', { page_size: 200 });
  superAdminRoleId = roles.data.list.find((r: { built_in: boolean }) => r.built_in).id;
  const users = await call('/admin/back_user/list', { page_size: 200 });
  superAdminUserId = users.data.list[0].id;

  actorRole = (await call('/admin/role/create', { name: '授权人', code: 'granter', permission_codes: ALL_PERMISSION_CODES })).data;
  actorUserId = (
    await call('/admin/back_user/create', { email: 'granter@example.com', username: '授权人', role_id: actorRole.id, password: PASSWORD })
  ).data.id;
  actor = await t.login('granter@example.com', PASSWORD);

  const empty = (await call('/admin/role/create', { name: '空角色', code: 'empty' })).data;
  targets.role = (await call('/admin/role/create', { name: '目标角色', code: 'target' })).data;
  targets.back_user = (await call('/admin/back_user/create', { email: 'target@example.com', username: '目标用户', role_id: empty.id })).data;
  for (const code of ALL_PERMISSION_CODES) {
    const created = await call('/admin/role/create', { name: `仅${code}`, code: `only_${code.replace(':', '_')}`, permission_codes: [code] });
    roleHolding.set(code, created.data.id);
  }
});
afterAll(() => t.close());

describe('the registry marks the routes that hand out roles or codes', () => {
  it('user create / update give a role, role create / update_permissions give codes', () => {
    expect(granting.map((r) => `${r.endpoint.path} ${r.grants}`).sort()).toEqual(
      expect.arrayContaining([
        '/admin/back_user/create role',
        '/admin/back_user/update role',
        '/admin/role/create codes',
        '/admin/role/update_permissions codes',
      ]),
    );
  });
});

describe('an actor missing a code cannot hand it out through any granting route', () => {
  it.each(ALL_PERMISSION_CODES)('without %s', async (code) => {
    await setActorCodes(ALL_PERMISSION_CODES.filter((c) => c !== code));
    const before = await databaseFingerprint(t.database.db);
    const wrong: string[] = [];
    for (const route of granting) {
      // Without the route's own code the call never reaches the ceiling; the authorization matrix covers that.
      if (route.permission === code) continue;
      const answer = await t.call(route.endpoint, await grantingBody(route, code), actor);
      if (answer.code !== 403 || !/[\u4e00-\u9fff]/.test(answer.message)) {
        wrong.push(`${route.endpoint.path} → code ${answer.code}: ${answer.message}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });
});

describe('only a super admin touches a super admin or the built-in role; nobody changes their own role', () => {
  it('each attempt by an actor holding every code, but not super admin, is 403 and changes nothing', async () => {
    await setActorCodes(ALL_PERMISSION_CODES);
    const disabledRoot = (
      await call('/admin/back_user/create', { email: 'root2@example.com', username: '备用超管', role_id: superAdminRoleId, status: 'disabled' })
    ).data.id;
    const before = await databaseFingerprint(t.database.db);
    const user = async (id: number) => ({ id, version: await versionOf('back_user', id) });
    const builtIn = async () => ({ id: superAdminRoleId, version: await versionOf('role', superAdminRoleId) });
    const own = async () => ({ id: actorRole.id, version: await versionOf('role', actorRole.id) });
    const attempts: [string, ApiPath, object][] = [
      ['create a super admin', '/admin/back_user/create', { email: 'root3@example.com', username: '超管', role_id: superAdminRoleId }],
      [
        'edit a super admin',
        '/admin/back_user/update',
        { ...(await user(superAdminUserId)), email: 'admin@test.com', username: '改名', role_id: superAdminRoleId },
      ],
      [
        'demote a super admin',
        '/admin/back_user/update',
        { ...(await user(superAdminUserId)), email: 'admin@test.com', username: '管理员', role_id: actorRole.id },
      ],
      ['reset a super admin’s password', '/admin/back_user/reset_password', { ...(await user(superAdminUserId)), password: 'Taken12345' }],
      ['disable a super admin', '/admin/back_user/disable', await user(superAdminUserId)],
      ['enable a super admin', '/admin/back_user/enable', await user(disabledRoot)],
      ['delete a super admin', '/admin/back_user/delete', await user(disabledRoot)],
      ['edit the built-in role', '/admin/role/update', { ...(await builtIn()), name: '超级管理员', code: 'admin', description: '改' }],
      ['change the built-in role’s codes', '/admin/role/update_permissions', { ...(await builtIn()), permission_codes: ALL_PERMISSION_CODES }],
      ['disable the built-in role', '/admin/role/disable', await builtIn()],
      ['delete the built-in role', '/admin/role/delete', await builtIn()],
      [
        'change one’s own role',
        '/admin/back_user/update',
        { ...(await user(actorUserId)), email: 'granter@example.com', username: '授权人', role_id: targets.role.id },
      ],
      ['edit one’s own role', '/admin/role/update', { ...(await own()), name: '授权人', code: 'granter', data_scope: 'all' }],
      ['change one’s own role’s codes', '/admin/role/update_permissions', { ...(await own()), permission_codes: ['basic'] }],
      ['disable one’s own role', '/admin/role/disable', await own()],
    ];
    const wrong: string[] = [];
    for (const [what, path, body] of attempts) {
      const answer = await t.call(path, body, actor);
      if (answer.code !== 403) wrong.push(`${what}: code ${answer.code} ${answer.message}`);
    }
    expect(wrong).toEqual([]);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
    expect(await t.api(authApi.login, { email: 'admin@test.com', password: 'Taken12345' })).toMatchObject({ code: 400 });
  });

  it('a super admin may change their own account but not their own role', async () => {
    const me = { id: superAdminUserId, version: await versionOf('back_user', superAdminUserId) };
    const rename = await t.api(backUserApi.update, { ...me, email: 'admin@test.com', username: '总管', roleId: superAdminRoleId }, admin);
    expect(rename.code).toBe(200);
    const demote = await t.api(
      backUserApi.update,
      { id: me.id, version: me.version + 1, email: 'admin@test.com', username: '总管', roleId: actorRole.id },
      admin,
    );
    expect(demote).toMatchObject({ code: 403, message: '不能修改自己的角色' });
  });
});

describe('an actor holding every code hands out any of them', () => {
  it.each(granting.map((r) => [r.endpoint.path, r] as const))('%s', async (_path, route) => {
    await setActorCodes(ALL_PERMISSION_CODES);
    const answer = await t.call(route.endpoint, await grantingBody(route, 'roleManagement:edit'), actor);
    expect(answer).toMatchObject({ code: 200 });
  });
});

import { type EnablementAction, ADMINISTRATION_CODES, type roleCreateRequest, type roleListRequest, roleUpdateRequest } from '@scm/contract';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { backUsers, menus, rolePermissions, roles } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { enablementTarget, enablementVerb } from '../../lib/records/enablement';
import { auditDiff } from '../../lib/audit/audit-diff';
import { findLookalikeName } from '../../lib/records/unique-name';
import type { AuthedContext } from '../../lib/http/context';
import { likePattern } from '../../lib/sql/keywords';
import { orderBy, pageOffset, pageResult } from '../../lib/sql/paging';
import { iso } from '../../lib/sql/rows';
import { updateVersioned } from '../../lib/records/versioned-update';
import { withCurrentValues } from '../../lib/records/unchanged-fields';
import { endStreams } from '../../lib/access/stream-revocation';
import { conflict, fieldError, forbidden, notFound, staleVersion } from '../../lib/http/errors';
import { assertAccessManagerRemains, lockAccessChanges } from '../auth/access-guard';
import { disabledCodes } from '../auth/granted-codes';
import { assertMayGrantCodes, assertMayGrantDataScope, assertRoleWithinReach, rolesWithinReach } from '../auth/grant-ceiling';

type ListInput = z.output<typeof roleListRequest>;
type CreateInput = z.output<typeof roleCreateRequest>;
type UpdateInput = z.output<typeof roleUpdateRequest>;
type RoleRow = typeof roles.$inferSelect;

// Written out by hand: inside a subquery drizzle leaves column names unqualified, and both tables have "id".
const userCount = sql<number>`(select count(*)::int from back_users u where u.role_id = "roles"."id")`;

const toRole = (row: RoleRow, users: number) => ({
  id: row.id,
  name: row.name,
  code: row.code,
  description: row.description,
  sort: row.sort,
  status: row.status,
  dataScope: row.dataScope,
  builtIn: row.builtIn,
  userCount: Number(users),
  version: row.version,
  createdAt: iso(row.createdAt)!,
  updatedAt: iso(row.updatedAt)!,
});

export async function listRoles(ctx: AuthedContext, input: ListInput) {
  const filters: SQL[] = [];
  if (input.keyword) {
    const pattern = likePattern(input.keyword);
    filters.push(or(ilike(roles.name, pattern), ilike(roles.code, pattern))!);
  }
  if (input.status) filters.push(eq(roles.status, input.status));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ role: roles, users: userCount })
      .from(roles)
      .where(where)
      .orderBy(
        ...orderBy(
          input,
          { name: roles.name, code: roles.code, sort: roles.sort, createdAt: roles.createdAt, updatedAt: roles.updatedAt },
          [asc(roles.sort)],
          roles.id,
        ),
      )
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    ctx.db.select({ total: count() }).from(roles).where(where),
  ]);
  return pageResult(
    rows.map((r) => toRole(r.role, r.users)),
    total,
    input,
  );
}

export async function roleOptions(ctx: AuthedContext) {
  const [rows, reachable] = await Promise.all([
    ctx.db.select({ value: roles.id, label: roles.name }).from(roles).where(eq(roles.status, 'enabled')).orderBy(asc(roles.sort), asc(roles.id)),
    rolesWithinReach(ctx.db, ctx.user),
  ]);
  return rows.map((row) => ({ ...row, assignable: reachable.has(row.value) }));
}

async function findRole(db: Db, id: number): Promise<RoleRow> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  if (!row) throw notFound('角色不存在');
  return row;
}

/**
 * Changing a role (its fields, codes, status, or deleting it) is bounded like giving it: the role must
 * be within the actor's reach, the built-in one is a super admin's alone, and nobody else changes the
 * role they hold themselves (docs/access-management.md).
 */
async function assertMayChangeRole(tx: Db, ctx: AuthedContext, role: RoleRow) {
  if (role.id === ctx.user.roleId && !ctx.user.superAdmin) throw forbidden('不能修改自己所属的角色');
  await assertRoleWithinReach(tx, ctx.user, role);
}

async function roleCodes(db: Db, id: number): Promise<string[]> {
  const rows = await db
    .select({ code: rolePermissions.code })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, id))
    .orderBy(asc(rolePermissions.code));
  return rows.map((r) => r.code);
}

export async function getRoleDetail(ctx: AuthedContext, id: number) {
  const role = await findRole(ctx.db, id);
  const [{ users }] = await ctx.db.select({ users: count() }).from(backUsers).where(eq(backUsers.roleId, id));
  return { ...toRole(role, users), permissionCodes: await roleCodes(ctx.db, id) };
}

/** Only codes of entries in the menu table can be granted; answers them de-duplicated and sorted. */
async function checkedCodes(db: Db, codes: string[]): Promise<string[]> {
  const wanted = [...new Set(codes)].sort();
  if (wanted.length === 0) return wanted;
  const known = new Set((await db.select({ key: menus.key }).from(menus).where(inArray(menus.key, wanted))).map((m) => m.key));
  const unknown = wanted.filter((code) => !known.has(code));
  if (unknown.length > 0) throw fieldError('permission_codes', `未知的权限编码: ${unknown.slice(0, 5).join(', ')}`);
  return wanted;
}

/** A code whose menu entry is disabled cannot be given, not even by a super admin. */
async function assertNoneDisabled(db: Db, codes: string[]) {
  const disabled = await disabledCodes(db, codes);
  if (disabled.length > 0) throw fieldError('permission_codes', `菜单已停用的权限不能授予: ${disabled.slice(0, 5).join(', ')}`);
}

async function assertCodeFree(db: Db, code: string, exceptId?: number) {
  const [clash] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, code)).limit(1);
  if (clash && clash.id !== exceptId) throw conflict(`角色编码 ${code} 已存在`);
}

async function assertNameFree(db: Db, name: string, exceptId?: number) {
  const clash = await findLookalikeName(db, { table: roles, id: roles.id, name: roles.name }, name, exceptId);
  if (clash) throw conflict(`角色名称 ${clash.name} 已存在`);
}

export async function createRole(ctx: AuthedContext, input: CreateInput) {
  return ctx.db.transaction(async (tx) => {
    await assertCodeFree(tx, input.code);
    await assertNameFree(tx, input.name);
    const codes = await checkedCodes(tx, input.permissionCodes);
    await assertNoneDisabled(tx, codes);
    assertMayGrantCodes(ctx.user, codes);
    assertMayGrantDataScope(ctx.user, input.dataScope);
    const values = {
      name: input.name,
      code: input.code,
      description: input.description || null,
      sort: input.sort,
      status: input.status,
      dataScope: input.dataScope,
    };
    const [{ id }] = await tx.insert(roles).values(values).returning({ id: roles.id });
    if (codes.length > 0) await tx.insert(rolePermissions).values(codes.map((code) => ({ roleId: id, code })));
    await writeAudit(tx, ctx.actor, {
      module: 'role',
      action: 'create',
      recordId: id,
      summary: `新建角色 ${input.name}`,
      after: { ...values, permissionCodes: codes },
    });
    return { id };
  });
}

export async function updateRole(ctx: AuthedContext, input: UpdateInput) {
  return ctx.db.transaction(async (tx) => {
    await lockAccessChanges(tx);
    const role = await findRole(tx, input.id);
    await assertMayChangeRole(tx, ctx, role);
    if (role.version !== input.version) throw staleVersion();
    const { dataScope, ...merged } = withCurrentValues(roleUpdateRequest, input, role);
    if (dataScope !== role.dataScope) assertMayGrantDataScope(ctx.user, dataScope);
    if (role.builtIn && merged.code !== role.code) throw conflict('内置角色的编码不能修改');
    if (role.builtIn && merged.status !== 'enabled') throw conflict('内置角色不能停用');
    await assertCodeFree(tx, merged.code, role.id);
    await assertNameFree(tx, merged.name, role.id);
    const values = {
      name: merged.name,
      code: merged.code,
      description: merged.description || null,
      sort: merged.sort,
      status: merged.status,
      dataScope,
    };
    await updateVersioned(tx, roles, role.id, input.version, values);
    if (values.status !== role.status) await assertAccessManagerRemains(tx);
    await writeAudit(tx, ctx.actor, {
      module: 'role',
      action: 'update',
      recordId: role.id,
      summary: `编辑角色 ${input.name}`,
      ...auditDiff(role, values),
    });
    return null;
  });
}

export async function updateRolePermissions(ctx: AuthedContext, input: { id: number; version: number; permissionCodes: string[] }) {
  return ctx.db.transaction(async (tx) => {
    await lockAccessChanges(tx);
    const role = await findRole(tx, input.id);
    await assertMayChangeRole(tx, ctx, role);
    if (role.version !== input.version) throw staleVersion();
    const codes = await checkedCodes(tx, input.permissionCodes);
    if (role.builtIn) {
      const missing = ADMINISTRATION_CODES.filter((code) => !codes.includes(code));
      if (missing.length > 0) throw conflict(`超级管理员必须保留角色、用户与菜单管理权限（${missing.join(', ')}）`);
    }
    const before = await roleCodes(tx, role.id);
    await assertNoneDisabled(
      tx,
      codes.filter((c) => !before.includes(c)),
    );
    assertMayGrantCodes(
      ctx.user,
      codes.filter((c) => !before.includes(c)),
    );
    await updateVersioned(tx, roles, role.id, input.version, {});
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
    if (codes.length > 0) await tx.insert(rolePermissions).values(codes.map((code) => ({ roleId: role.id, code })));
    await assertAccessManagerRemains(tx);
    await endStreams(tx, { roleId: role.id });
    const added = codes.filter((c) => !before.includes(c));
    const removed = before.filter((c) => !codes.includes(c));
    await writeAudit(tx, ctx.actor, {
      module: 'role',
      action: 'update_permissions',
      recordId: role.id,
      summary: `分配权限 ${role.name}：新增 ${added.length} 项，移除 ${removed.length} 项`,
      before: { removed },
      after: { added },
    });
    return null;
  });
}

export async function setRoleStatus(ctx: AuthedContext, input: { id: number; version: number }, action: EnablementAction) {
  return ctx.db.transaction(async (tx) => {
    await lockAccessChanges(tx);
    const role = await findRole(tx, input.id);
    await assertMayChangeRole(tx, ctx, role);
    if (role.version !== input.version) throw staleVersion();
    const status = enablementTarget('角色', action, role.status);
    if (role.builtIn && status === 'disabled') throw conflict('内置角色不能停用');
    await updateVersioned(tx, roles, role.id, input.version, { status });
    if (status === 'disabled') await assertAccessManagerRemains(tx);
    await endStreams(tx, { roleId: role.id });
    await writeAudit(tx, ctx.actor, {
      module: 'role',
      action,
      recordId: role.id,
      summary: `${enablementVerb(action)}角色 ${role.name}`,
      before: { status: role.status },
      after: { status },
    });
    return null;
  });
}

export async function deleteRole(ctx: AuthedContext, input: { id: number; version: number }) {
  return ctx.db.transaction(async (tx) => {
    await lockAccessChanges(tx);
    const role = await findRole(tx, input.id);
    await assertMayChangeRole(tx, ctx, role);
    if (role.version !== input.version) throw staleVersion();
    if (role.builtIn) throw conflict('内置角色不能删除');
    const [{ users }] = await tx.select({ users: count() }).from(backUsers).where(eq(backUsers.roleId, role.id));
    if (users > 0) throw conflict(`该角色下还有 ${users} 个用户，不能删除`);
    const codes = await roleCodes(tx, role.id);
    await tx.delete(roles).where(and(eq(roles.id, role.id), eq(roles.version, input.version)));
    await writeAudit(tx, ctx.actor, {
      module: 'role',
      action: 'delete',
      recordId: role.id,
      summary: `删除角色 ${role.name}`,
      before: { name: role.name, code: role.code, description: role.description, status: role.status, permissionCodes: codes },
    });
    return null;
  });
}

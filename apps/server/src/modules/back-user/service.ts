import type { EnablementAction, backUserCreateRequest, backUserListRequest, backUserUpdateRequest } from '@scm/contract';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { backUsers, roles } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { enablementTarget, enablementVerb } from '../../lib/records/enablement';
import { auditDiff } from '../../lib/audit/audit-diff';
import type { AuthedContext } from '../../lib/http/context';
import { likePattern } from '../../lib/sql/keywords';
import { orderBy, pageOffset, pageResult } from '../../lib/sql/paging';
import { iso } from '../../lib/sql/rows';
import { updateVersioned } from '../../lib/records/versioned-update';
import { conflict, fieldError, forbidden, notFound, staleVersion } from '../../lib/http/errors';
import { generatePassword, hashPassword } from '../../lib/access/passwords';
import { assertAccessManagerRemains, lockAccessChanges } from '../auth/access-guard';
import { assertRoleIdWithinReach, rolesWithinReach } from '../auth/grant-ceiling';
import { revokeUserSessions } from '../auth/service';
import { endStreams } from '../../lib/access/stream-revocation';
import { assignableWhere } from './assignable';

type ListInput = z.output<typeof backUserListRequest>;
type CreateInput = z.output<typeof backUserCreateRequest>;
type UpdateInput = z.output<typeof backUserUpdateRequest>;
type UserRow = typeof backUsers.$inferSelect;

const userColumns = {
  user: backUsers,
  role: { id: roles.id, name: roles.name, code: roles.code },
  superAdmin: roles.builtIn,
};

interface ListedUser {
  user: UserRow;
  role: { id: number; name: string; code: string };
  superAdmin: boolean;
}

const toUserRow = ({ user, role, superAdmin }: ListedUser, manageable: boolean) => ({
  id: user.id,
  email: user.email,
  username: user.username,
  phone: user.phone,
  status: user.status,
  role,
  superAdmin,
  manageable,
  lastLoginAt: iso(user.lastLoginAt),
  lastLoginIp: user.lastLoginIp,
  mustChangePassword: user.mustChangePassword,
  createdAt: iso(user.createdAt)!,
  updatedAt: iso(user.updatedAt)!,
  version: user.version,
});

/** What an audit row keeps of a user: never the password hash. */
const snapshot = (user: UserRow) => ({
  email: user.email,
  username: user.username,
  phone: user.phone,
  roleId: user.roleId,
  status: user.status,
});

export async function listBackUsers(ctx: AuthedContext, input: ListInput) {
  const filters: SQL[] = [];
  if (input.keyword) {
    const pattern = likePattern(input.keyword);
    filters.push(or(ilike(backUsers.email, pattern), ilike(backUsers.username, pattern))!);
  }
  if (input.roleId) filters.push(eq(backUsers.roleId, input.roleId));
  if (input.status) filters.push(eq(backUsers.status, input.status));
  const where = and(...filters);
  const [rows, [{ total }], reachable] = await Promise.all([
    ctx.db
      .select(userColumns)
      .from(backUsers)
      .innerJoin(roles, eq(roles.id, backUsers.roleId))
      .where(where)
      .orderBy(
        ...orderBy(
          input,
          { email: backUsers.email, username: backUsers.username, lastLoginAt: backUsers.lastLoginAt, createdAt: backUsers.createdAt },
          [],
          backUsers.id,
        ),
      )
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    ctx.db.select({ total: count() }).from(backUsers).where(where),
    rolesWithinReach(ctx.db, ctx.user),
  ]);
  return pageResult(
    rows.map((row) => toUserRow(row, row.user.id === ctx.user.id || reachable.has(row.user.roleId))),
    total,
    input,
  );
}

/**
 * Any signed-in user may read the options (selectors), so they answer id and name only, and the
 * code filter only for codes the caller holds: otherwise it would tell anyone who holds what.
 */
export async function backUserOptions(ctx: AuthedContext, input: { enabledOnly?: boolean; permissionCodes?: string[] }) {
  if (input.permissionCodes?.some((code) => !ctx.user.permissionCodes.has(code))) {
    throw forbidden('只能按自己持有的权限筛选用户');
  }
  return ctx.db
    .select({ value: backUsers.id, label: backUsers.username })
    .from(backUsers)
    .where(
      and(
        input.enabledOnly ? eq(backUsers.status, 'enabled') : undefined,
        input.permissionCodes?.length ? assignableWhere(input.permissionCodes) : undefined,
      ),
    )
    .orderBy(asc(backUsers.username), asc(backUsers.id));
}

async function findUser(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(backUsers).where(eq(backUsers.id, id)).limit(1);
  if (!row) throw notFound('用户不存在');
  return row;
}

async function assertRoleExists(db: Db, roleId: number) {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId)).limit(1);
  if (!role) throw fieldError('role_id', '角色不存在');
}

async function assertEmailFree(db: Db, email: string, exceptId?: number) {
  const [clash] = await db.select({ id: backUsers.id }).from(backUsers).where(sql`lower(${backUsers.email}) = ${email.toLowerCase()}`).limit(1);
  if (clash && clash.id !== exceptId) throw conflict(`邮箱 ${email} 已被使用`);
}

function assertNotSelf(ctx: AuthedContext, id: number, what: string) {
  if (id === ctx.user.id) throw conflict(`不能${what}自己的账号`);
}

/** Acting on another account is bounded by the grant ceiling on its role (docs/access-management.md). */
async function assertMayManage(tx: Db, ctx: AuthedContext, user: UserRow) {
  if (user.id !== ctx.user.id) await assertRoleIdWithinReach(tx, ctx.user, user.roleId);
}

export async function createBackUser(ctx: AuthedContext, input: CreateInput) {
  const password = input.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    await assertEmailFree(tx, input.email);
    await assertRoleExists(tx, input.roleId);
    await assertRoleIdWithinReach(tx, ctx.user, input.roleId);
    const values = {
      email: input.email.toLowerCase(),
      username: input.username,
      phone: input.phone || null,
      roleId: input.roleId,
      status: input.status,
    };
    const [{ id }] = await tx
      .insert(backUsers)
      .values({ ...values, passwordHash, mustChangePassword: true })
      .returning({ id: backUsers.id });
    await writeAudit(tx, ctx.actor, { module: 'back_user', action: 'create', recordId: id, summary: `新建用户 ${input.email}`, after: values });
    return { id, password: input.password ? null : password };
  });
}

export async function updateBackUser(ctx: AuthedContext, input: UpdateInput) {
  return ctx.db.transaction(async (tx) => {
    await lockAccessChanges(tx);
    const user = await findUser(tx, input.id);
    await assertMayManage(tx, ctx, user);
    if (user.version !== input.version) throw staleVersion();
    await assertEmailFree(tx, input.email, user.id);
    await assertRoleExists(tx, input.roleId);
    if (input.roleId !== user.roleId) {
      if (user.id === ctx.user.id) throw forbidden('不能修改自己的角色');
      await assertRoleIdWithinReach(tx, ctx.user, input.roleId);
    }
    const values = {
      email: input.email.toLowerCase(),
      username: input.username,
      phone: input.phone === undefined ? user.phone : input.phone || null,
      roleId: input.roleId,
    };
    await updateVersioned(tx, backUsers, user.id, input.version, values);
    if (values.roleId !== user.roleId) {
      await assertAccessManagerRemains(tx);
      // A role change ends the user's streams: they reopen under the new role's codes.
      await endStreams(tx, { userId: user.id });
    }
    await writeAudit(tx, ctx.actor, {
      module: 'back_user',
      action: 'update',
      recordId: user.id,
      summary: `编辑用户 ${input.email}`,
      ...auditDiff(snapshot(user), values),
    });
    return null;
  });
}

export async function setBackUserStatus(ctx: AuthedContext, input: { id: number; version: number }, action: EnablementAction) {
  assertNotSelf(ctx, input.id, enablementVerb(action));
  return ctx.db.transaction(async (tx) => {
    await lockAccessChanges(tx);
    const user = await findUser(tx, input.id);
    await assertMayManage(tx, ctx, user);
    if (user.version !== input.version) throw staleVersion();
    const status = enablementTarget('用户', action, user.status);
    await updateVersioned(tx, backUsers, user.id, input.version, { status });
    if (status === 'disabled') {
      await assertAccessManagerRemains(tx);
      await revokeUserSessions(tx, user.id, ctx.now());
    }
    await writeAudit(tx, ctx.actor, {
      module: 'back_user',
      action,
      recordId: user.id,
      summary: `${enablementVerb(action)}用户 ${user.email}`,
      before: { status: user.status },
      after: { status },
    });
    return null;
  });
}

export async function resetBackUserPassword(ctx: AuthedContext, input: { id: number; version: number; password?: string }) {
  const password = input.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    const user = await findUser(tx, input.id);
    await assertMayManage(tx, ctx, user);
    if (user.version !== input.version) throw staleVersion();
    // A password someone else chose or saw is changed by its owner at the next sign-in.
    await updateVersioned(tx, backUsers, user.id, input.version, { passwordHash, mustChangePassword: user.id !== ctx.user.id });
    await revokeUserSessions(tx, user.id, ctx.now(), user.id === ctx.user.id ? ctx.user.sessionId : undefined);
    await writeAudit(tx, ctx.actor, { module: 'back_user', action: 'reset_password', recordId: user.id, summary: `重置用户 ${user.email} 的密码` });
    return { password: input.password ? null : password };
  });
}

/** The user row goes; audit rows keep their name, so the history stays readable. */
export async function deleteBackUser(ctx: AuthedContext, input: { id: number; version: number }) {
  assertNotSelf(ctx, input.id, '删除');
  return ctx.db.transaction(async (tx) => {
    await lockAccessChanges(tx);
    const user = await findUser(tx, input.id);
    await assertMayManage(tx, ctx, user);
    if (user.version !== input.version) throw staleVersion();
    await tx.delete(backUsers).where(and(eq(backUsers.id, user.id), eq(backUsers.version, input.version)));
    await assertAccessManagerRemains(tx);
    await writeAudit(tx, ctx.actor, {
      module: 'back_user',
      action: 'delete',
      recordId: user.id,
      summary: `删除用户 ${user.email}`,
      before: snapshot(user),
    });
    return null;
  });
}

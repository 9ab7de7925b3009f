import { messages } from '@scm/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { SECURITY } from '../../config';
import type { Db } from '../../db/client';
import { backUsers, loginAttempts, menus, roles, sessions } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { AuthedContext, AuthUser, ServiceContext } from '../../lib/http/context';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/http/errors';
import { claimLoginAttempt, markAttemptSucceeded } from '../../lib/access/login-limits';
import { hashPassword, verifyPassword } from '../../lib/access/passwords';
import { prepared } from '../../lib/sql/prepared';
import { endStreams } from '../../lib/access/stream-revocation';
import { hashToken, newToken } from '../../lib/access/tokens';
import { grantedCodes } from './granted-codes';

let dummyHash: Promise<string> | undefined;
/** Verifying against a throwaway hash makes an unknown email cost as much as a wrong password. */
const getDummyHash = () => {
  dummyHash ??= hashPassword('unknown-user-placeholder-1');
  return dummyHash;
};

/** The attempt was claimed as a failure (lib/access/login-limits.ts); this names why in the audit log. */
async function auditFailure(ctx: ServiceContext, email: string, userId: number | null, reason: string) {
  await writeAudit(ctx.db, { userId, userName: email, ip: ctx.ip }, { module: 'auth', action: 'login_failed', recordId: userId, summary: reason });
}

export async function login(ctx: ServiceContext, input: { email: string; password: string }) {
  const email = input.email.toLowerCase();
  const attemptId = await claimLoginAttempt(ctx, loginAttempts, email);
  const now = ctx.now();
  const [user] = await ctx.db.select().from(backUsers).where(sql`lower(${backUsers.email}) = ${email}`).limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || !passwordOk) {
    await auditFailure(ctx, email, user?.id ?? null, user ? '密码错误' : '账号不存在');
    throw badRequest(messages.badCredentials);
  }
  if (user.status !== 'enabled') {
    await auditFailure(ctx, email, user.id, '账号已停用');
    throw badRequest(messages.userDisabled);
  }

  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await markAttemptSucceeded(tx, loginAttempts, attemptId);
    await tx.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: user.id,
      // Read in the same statement as the hash just verified: a reset committed meanwhile has raised
      // the user's value, so this session is born outdated instead of outliving the reset.
      credentialsVersion: user.credentialsVersion,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 512) ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SECURITY.sessionAbsoluteMs),
    });
    await tx.update(backUsers).set({ lastLoginAt: now, lastLoginIp: ctx.ip }).where(eq(backUsers.id, user.id));
    await writeAudit(tx, { userId: user.id, userName: user.username, ip: ctx.ip }, { module: 'auth', action: 'login', recordId: user.id });
  });
  return { uId: user.id, token };
}

// Every signed-in request runs this lookup.
const sessionLookup = prepared(
  (db, name) =>
    db
      .select({
        sessionId: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        sessionCredentials: sessions.credentialsVersion,
        userCredentials: backUsers.credentialsVersion,
        userId: backUsers.id,
        username: backUsers.username,
        email: backUsers.email,
        status: backUsers.status,
        roleId: backUsers.roleId,
        roleStatus: roles.status,
        roleBuiltIn: roles.builtIn,
        dataScope: roles.dataScope,
        codes: grantedCodes(backUsers.roleId),
      })
      .from(sessions)
      .innerJoin(backUsers, eq(backUsers.id, sessions.userId))
      .innerJoin(roles, eq(roles.id, backUsers.roleId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare(name),
  'auth_session_lookup',
);

/**
 * Resolves a bearer token to its user, or null when missing, revoked, outdated by a credential
 * change, expired, idle or disabled.
 */
export function authenticate(db: Db, token: string, now: Date): Promise<AuthUser | null> {
  return authenticateSession(db, hashToken(token), now);
}

/** The same by the hash of the session's token (a message-stream ticket names its session so). */
export async function authenticateSession(db: Db, tokenHash: string, now: Date): Promise<AuthUser | null> {
  const [row] = await sessionLookup(db).execute({ tokenHash });
  if (!row || row.revokedAt || row.status !== 'enabled' || row.sessionCredentials !== row.userCredentials) return null;
  const nowMs = now.getTime();
  if (new Date(row.expiresAt).getTime() <= nowMs) return null;
  const lastSeen = new Date(row.lastSeenAt).getTime();
  if (lastSeen + SECURITY.sessionIdleMs <= nowMs) return null;
  if (nowMs - lastSeen >= SECURITY.touchIntervalMs) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.userId,
    username: row.username,
    email: row.email,
    roleId: row.roleId,
    superAdmin: row.roleBuiltIn,
    dataScope: row.dataScope,
    sessionId: row.sessionId,
    permissionCodes: new Set(row.roleStatus === 'enabled' ? (row.codes ?? []) : []),
  };
}

export async function logout(ctx: AuthedContext) {
  await ctx.db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: ctx.now() }).where(eq(sessions.id, ctx.user.sessionId));
    await endStreams(tx, { userSessionId: ctx.user.sessionId });
    await writeAudit(tx, ctx.actor, { module: 'auth', action: 'logout', recordId: ctx.user.id });
  });
  return null;
}

/**
 * Ends every session of the user except `keepSessionId` (the caller's own, on a password change),
 * including one whose login checked the old password concurrently: raising the user's
 * `credentials_version` outdates every session carrying the old value, whenever it was inserted.
 * Call it in the transaction that changes the credentials.
 */
export async function revokeUserSessions(tx: Db, userId: number, now: Date, keepSessionId?: number) {
  const [{ credentialsVersion }] = await tx
    .update(backUsers)
    .set({ credentialsVersion: sql`${backUsers.credentialsVersion} + 1` })
    .where(eq(backUsers.id, userId))
    .returning({ credentialsVersion: backUsers.credentialsVersion });
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(keepSessionId ? and(live, sql`${sessions.id} <> ${keepSessionId}`) : live);
  if (keepSessionId) await tx.update(sessions).set({ credentialsVersion }).where(eq(sessions.id, keepSessionId));
  // Every stream of the user ends; the kept session's page opens its own again at once.
  await endStreams(tx, { userId });
}

const userInfoQuery = prepared(
  (db, name) =>
    db
      .select({ user: backUsers, role: { id: roles.id, name: roles.name, code: roles.code } })
      .from(backUsers)
      .innerJoin(roles, eq(roles.id, backUsers.roleId))
      .where(eq(backUsers.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  'back_user_info',
);

export async function getBackUserInfo(ctx: AuthedContext, id: number) {
  if (id !== ctx.user.id && !ctx.user.permissionCodes.has('userManagement')) throw forbidden();
  const [row] = await userInfoQuery(ctx.db).execute({ id });
  if (!row) throw notFound('用户不存在');
  const { user, role } = row;
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    phone: user.phone,
    status: user.status,
    role,
    lastLoginAt: user.lastLoginAt ? new Date(user.lastLoginAt).toISOString() : null,
    lastLoginIp: user.lastLoginIp,
    createdAt: new Date(user.createdAt).toISOString(),
    mustChangePassword: user.mustChangePassword,
  };
}

const roleQuery = prepared(
  (db, name) =>
    db
      .select({ id: roles.id, name: roles.name, code: roles.code, status: roles.status, dataScope: roles.dataScope, codes: grantedCodes(roles.id) })
      .from(roles)
      .where(eq(roles.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  'role_info',
);
const allMenusQuery = prepared((db, name) => db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id)).prepare(name), 'all_menus');

export async function getRoleInfo(ctx: AuthedContext, id: number) {
  if (id !== ctx.user.roleId && !ctx.user.permissionCodes.has('roleManagement')) throw forbidden();
  const [[role], menuRows] = await Promise.all([roleQuery(ctx.db).execute({ id }), allMenusQuery(ctx.db).execute()]);
  if (!role) throw notFound('角色不存在');
  return {
    id: role.id,
    name: role.name,
    code: role.code,
    dataScope: role.dataScope,
    permissionCodes: role.status === 'enabled' ? (role.codes ?? []) : [],
    menus: menuRows.map((m) => ({
      id: m.id,
      parentId: m.parentId,
      key: m.key,
      label: m.label,
      path: m.path,
      type: m.type,
      icon: m.icon,
      sort: m.sort,
      isMenu: m.isMenu,
      status: m.status,
    })),
  };
}

/** Own password: the old one must match; every other session of this user ends, this one stays. */
export async function changeOwnPassword(ctx: AuthedContext, input: { oldPassword: string; newPassword: string }) {
  const [user] = await ctx.db.select().from(backUsers).where(eq(backUsers.id, ctx.user.id)).limit(1);
  const email = user.email.toLowerCase();
  // Wrong old passwords count towards the login lockout, so a borrowed session cannot guess the password.
  const attemptId = await claimLoginAttempt(ctx, loginAttempts, email);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    await writeAudit(ctx.db, ctx.actor, { module: 'back_user', action: 'change_password_failed', recordId: user.id, summary: '原密码错误' });
    throw fieldError('old_password', '原密码错误');
  }
  await markAttemptSucceeded(ctx.db, loginAttempts, attemptId);
  // A password an administrator chose must really be replaced (docs/access-management.md).
  if (input.newPassword === input.oldPassword) throw fieldError('new_password', '新密码不能与原密码相同');
  const passwordHash = await hashPassword(input.newPassword);
  return ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(backUsers)
      .set({ passwordHash, mustChangePassword: false, version: sql`${backUsers.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(backUsers.id, user.id), eq(backUsers.passwordHash, user.passwordHash)))
      .returning({ id: backUsers.id });
    if (updated.length === 0) throw conflict(messages.staleVersion);
    await revokeUserSessions(tx, user.id, ctx.now(), ctx.user.sessionId);
    await writeAudit(tx, ctx.actor, { module: 'back_user', action: 'change_password', recordId: user.id, summary: '修改自己的密码' });
    return null;
  });
}

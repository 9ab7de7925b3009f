import { messages, PORTAL_MESSAGES } from '@scm/contract';
import { eq, sql } from 'drizzle-orm';
import { SECURITY } from '../../config';
import type { Db } from '../../db/client';
import { portalAccounts, portalLoginAttempts, portalSessions, suppliers } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { PortalCaller, PortalContext, ServiceContext } from '../../lib/http/context';
import { badRequest } from '../../lib/http/errors';
import { claimLoginAttempt, markAttemptSucceeded } from '../../lib/access/login-limits';
import { hashPassword, verifyPassword } from '../../lib/access/passwords';
import { prepared } from '../../lib/sql/prepared';
import { revokePortalSessions } from '../../lib/access/portal-sessions';
import { endStreams } from '../../lib/access/stream-revocation';
import { hashToken, newToken } from '../../lib/access/tokens';

/**
 * The portal's sign-in (docs/portal.md, "The realm"): the staff rules (argon2id, 5 failures per
 * account in 15 minutes lock it, a per-IP limit, the same answer for an unknown email and a wrong
 * password, idle 2 h and absolute 12 h) over tables of its own.
 */

const MODULE = 'portal_account';

let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword('unknown-portal-placeholder-1');
  return dummyHash;
};

/** The attempt was claimed as a failure (lib/access/login-limits.ts); this names why in the audit log. */
async function auditFailure(ctx: ServiceContext, email: string, accountId: number | null, reason: string) {
  await writeAudit(
    ctx.db,
    { userId: null, userName: email, ip: ctx.ip },
    { module: MODULE, action: 'login_failed', recordId: accountId, summary: reason },
  );
}

export async function portalLogin(ctx: ServiceContext, input: { email: string; password: string }) {
  const email = input.email.toLowerCase();
  const attemptId = await claimLoginAttempt(ctx, portalLoginAttempts, email);
  const [account] = await ctx.db.select().from(portalAccounts).where(sql`lower(${portalAccounts.email}) = ${email}`).limit(1);
  const passwordOk = await verifyPassword(account?.passwordHash ?? (await getDummyHash()), input.password);
  if (!account?.passwordHash || !passwordOk) {
    await auditFailure(ctx, email, account?.id ?? null, account ? '密码错误' : '账号不存在');
    throw badRequest(messages.badCredentials);
  }
  const token = newToken();
  const now = ctx.now();
  // Serialised on the account row (and the supplier's, shared): a disable, a new password or a
  // supplier's disable that commits first is seen here; one that commits later revokes this session.
  const refusal = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: portalAccounts.status, passwordHash: portalAccounts.passwordHash })
      .from(portalAccounts)
      .where(eq(portalAccounts.id, account.id))
      .for('update');
    const [supplier] = await tx
      .select({ status: suppliers.status, name: suppliers.name })
      .from(suppliers)
      .where(eq(suppliers.id, account.supplierId))
      .for('share');
    if (!locked || locked.passwordHash !== account.passwordHash) return messages.badCredentials;
    if (locked.status !== 'active' || supplier?.status !== 'enabled') return messages.userDisabled;
    await markAttemptSucceeded(tx, portalLoginAttempts, attemptId);
    await tx.insert(portalSessions).values({
      tokenHash: hashToken(token),
      accountId: account.id,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 512) ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SECURITY.sessionAbsoluteMs),
    });
    await tx.update(portalAccounts).set({ lastLoginAt: now, lastLoginIp: ctx.ip }).where(eq(portalAccounts.id, account.id));
    await writeAudit(
      tx,
      { userId: null, userName: `${supplier.name}·${account.name}`, ip: ctx.ip },
      { module: MODULE, action: 'login', recordId: account.id },
    );
    return null;
  });
  if (refusal) {
    await auditFailure(ctx, email, account.id, refusal === messages.userDisabled ? '账号或供应商已停用' : '密码已变更');
    throw badRequest(refusal);
  }
  return { token, accountId: account.id };
}

const sessionLookup = prepared(
  (db, name) =>
    db
      .select({
        sessionId: portalSessions.id,
        lastSeenAt: portalSessions.lastSeenAt,
        expiresAt: portalSessions.expiresAt,
        revokedAt: portalSessions.revokedAt,
        accountId: portalAccounts.id,
        accountStatus: portalAccounts.status,
        name: portalAccounts.name,
        email: portalAccounts.email,
        supplierId: suppliers.id,
        supplierName: suppliers.name,
        supplierStatus: suppliers.status,
      })
      .from(portalSessions)
      .innerJoin(portalAccounts, eq(portalAccounts.id, portalSessions.accountId))
      .innerJoin(suppliers, eq(suppliers.id, portalAccounts.supplierId))
      .where(eq(portalSessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare(name),
  'portal_session_lookup',
);

/** A portal bearer token's caller, or null: unknown (a staff token is), revoked, expired, idle, or its account or supplier no longer enabled. */
export function authenticatePortal(db: Db, token: string, now: Date): Promise<PortalCaller | null> {
  return authenticatePortalHash(db, hashToken(token), now);
}

/** The same by the token's hash (the message stream's ticket names a session by it). */
export async function authenticatePortalHash(db: Db, tokenHash: string, now: Date): Promise<PortalCaller | null> {
  const [row] = await sessionLookup(db).execute({ tokenHash });
  if (!row || row.revokedAt || row.accountStatus !== 'active' || row.supplierStatus !== 'enabled') return null;
  const nowMs = now.getTime();
  if (new Date(row.expiresAt).getTime() <= nowMs) return null;
  const lastSeen = new Date(row.lastSeenAt).getTime();
  if (lastSeen + SECURITY.sessionIdleMs <= nowMs) return null;
  if (nowMs - lastSeen >= SECURITY.touchIntervalMs) {
    await db.update(portalSessions).set({ lastSeenAt: now }).where(eq(portalSessions.id, row.sessionId));
  }
  return {
    accountId: row.accountId,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    name: row.name,
    email: row.email,
    sessionId: row.sessionId,
  };
}

export async function portalLogout(ctx: PortalContext) {
  await ctx.db.transaction(async (tx) => {
    await tx.update(portalSessions).set({ revokedAt: ctx.now() }).where(eq(portalSessions.id, ctx.portal.sessionId));
    await endStreams(tx, { portalSessionId: ctx.portal.sessionId });
    await writeAudit(tx, ctx.actor, { module: MODULE, action: 'logout', recordId: ctx.portal.accountId });
  });
  return null;
}

export function portalAccountInfo(ctx: PortalContext) {
  const { accountId, email, name, supplierId, supplierName } = ctx.portal;
  return Promise.resolve({ id: accountId, email, name, supplierId, supplierName });
}

/**
 * Sets the password through a one-time activation link: valid 72 hours, single use, voided by a
 * newer link. Every session the account had ends (a new password revokes its tokens).
 */
/** A link that may still be used: not expired, and its account not disabled. */
const usableLink = (account: { activationExpiresAt: Date | string | null; status: string } | undefined, now: Date) =>
  !!account?.activationExpiresAt && new Date(account.activationExpiresAt) > now && account.status !== 'disabled';

/**
 * Whom an activation link is for (the contact, the e-mail and the company), so the page says which
 * account is being activated; the same refusal as activating for a link that cannot be used.
 */
export async function portalActivationInfo(ctx: ServiceContext, input: { token: string }) {
  const [account] = await ctx.db
    .select({
      email: portalAccounts.email,
      name: portalAccounts.name,
      supplierName: suppliers.name,
      activationExpiresAt: portalAccounts.activationExpiresAt,
      status: portalAccounts.status,
    })
    .from(portalAccounts)
    .innerJoin(suppliers, eq(suppliers.id, portalAccounts.supplierId))
    .where(eq(portalAccounts.activationTokenHash, hashToken(input.token)));
  if (!account || !usableLink(account, ctx.now())) throw badRequest(PORTAL_MESSAGES.activationInvalid);
  return { email: account.email, name: account.name, supplierName: account.supplierName };
}

export async function activatePortalAccount(ctx: ServiceContext, input: { token: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(portalAccounts)
      .where(eq(portalAccounts.activationTokenHash, hashToken(input.token)))
      .for('update');
    if (!account || !usableLink(account, now)) {
      throw badRequest(PORTAL_MESSAGES.activationInvalid);
    }
    await tx
      .update(portalAccounts)
      .set({
        passwordHash,
        status: 'active',
        activationTokenHash: null,
        activationExpiresAt: null,
        version: sql`${portalAccounts.version} + 1`,
        updatedAt: now,
      })
      .where(eq(portalAccounts.id, account.id));
    await revokePortalSessions(tx, { accountId: account.id }, now);
    await writeAudit(
      tx,
      { userId: null, userName: account.email, ip: ctx.ip },
      { module: MODULE, action: 'activate', recordId: account.id, summary: `${account.email} 设置密码并激活`, after: { status: 'active' } },
    );
  });
  return null;
}

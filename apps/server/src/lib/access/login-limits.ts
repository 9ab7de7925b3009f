import { and, count, eq, gt, sql } from 'drizzle-orm';
import { SECURITY } from '../../config';
import type { Db } from '../../db/client';
import { loginAttempts, portalLoginAttempts } from '../../db/schema';
import type { ServiceContext } from '../http/context';
import { tooManyAttempts } from '../http/errors';

/**
 * The login limits of both realms (docs/access-management.md, "Login limits"): 5 failures of an
 * account in 15 minutes since its last success lock it, 30 failures from one address in 15 minutes
 * lock the address. An attempt is claimed before its password is checked, in one transaction that
 * holds an advisory lock per address and per email, counts, and inserts the attempt as a failure:
 * of a burst of simultaneous guesses no more are checked than the limits allow. A login whose
 * password held marks its attempt a success.
 */

export type AttemptTable = typeof loginAttempts | typeof portalLoginAttempts;

/** Advisory lock classes (the first key of the two-key form), one per realm and kind. */
const LOCK_CLASS = new Map<AttemptTable, { ip: number; email: number }>([
  [loginAttempts, { ip: 7_301, email: 7_302 }],
  [portalLoginAttempts, { ip: 7_311, email: 7_312 }],
]);

async function failures(tx: Db, table: AttemptTable, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(table).where(where);
  return row.n;
}

/** Claims one attempt for `email` from the caller's address, or throws 429 (and counts nothing) when either limit is reached. */
export function claimLoginAttempt(ctx: ServiceContext, table: AttemptTable, email: string): Promise<number> {
  const lockClass = LOCK_CLASS.get(table)!;
  return ctx.db.transaction(async (tx) => {
    // Address before email in every caller, so two claims never wait on each other crosswise.
    await tx.execute(sql`select pg_advisory_xact_lock(${lockClass.ip}::int, hashtext(${ctx.ip}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${lockClass.email}::int, hashtext(${email}))`);
    const now = ctx.now();
    const ipSince = new Date(now.getTime() - SECURITY.ipWindowMs);
    const ipFailures = await failures(tx, table, and(eq(table.ip, ctx.ip), eq(table.success, false), gt(table.createdAt, ipSince)));
    if (ipFailures >= SECURITY.ipFailures) throw tooManyAttempts();

    const accountSince = new Date(now.getTime() - SECURITY.lockoutWindowMs);
    const [lastSuccess] = await tx
      .select({ at: sql<Date | string | null>`max(${table.createdAt})` })
      .from(table)
      .where(and(eq(table.email, email), eq(table.success, true)));
    const windowStart = lastSuccess?.at && new Date(lastSuccess.at) > accountSince ? new Date(lastSuccess.at) : accountSince;
    const accountFailures = await failures(tx, table, and(eq(table.email, email), eq(table.success, false), gt(table.createdAt, windowStart)));
    if (accountFailures >= SECURITY.lockoutFailures) throw tooManyAttempts();

    const [attempt] = await tx.insert(table).values({ email, ip: ctx.ip, success: false, createdAt: now }).returning({ id: table.id });
    return attempt.id;
  });
}

/** The claimed attempt's password held and the caller got in: it stops counting as a failure. */
export async function markAttemptSucceeded(tx: Db, table: AttemptTable, attemptId: number) {
  await tx.update(table).set({ success: true }).where(eq(table.id, attemptId));
}

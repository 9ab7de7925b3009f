import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { purgeExpiredTickets } from '../../modules/message/service';
import { closePassedDeadlines } from '../../modules/procurement-task/status';
import { queryRows } from '../sql/rows';
import { purgeExpiredIdempotencyKeys } from '../http/idempotency';

/** How often the server records quoting deadlines that have passed and forgets idempotency keys older than 24 h and expired message tickets. */
export const MINUTE_JOBS_MS = 60_000;

/**
 * The periodic work of docs/operations.md, run by one process at a time: the first to take the
 * transaction-scoped advisory lock does it, the others find the lock taken and skip this tick. The
 * work is idempotent, so the lock saves duplicate effort rather than guarding correctness.
 * Answers whether this process did the work.
 */
export async function runMinuteJobs(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtext('scm:minute-jobs')) as got`);
    if (!lock?.got) return false;
    await closePassedDeadlines(tx, now);
    await purgeExpiredIdempotencyKeys(tx, now);
    await purgeExpiredTickets(tx, now);
    return true;
  });
}

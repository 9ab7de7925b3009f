import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { portalAccounts, portalSessions } from '../../db/schema';
import { endStreams } from './stream-revocation';

// Revoking supplier-portal tokens lives below every module: the supplier module revokes them when a
// supplier is disabled or blacklisted, and the portal module when an account changes (docs/portal.md).

/** Ends every live portal session of the accounts matched (an account disabled or given a new password, a supplier disabled). */
export async function revokePortalSessions(tx: Db, scope: { accountId: number } | { supplierId: number }, now: Date) {
  const accounts =
    'accountId' in scope
      ? sql`${portalSessions.accountId} = ${scope.accountId}`
      : sql`${portalSessions.accountId} in (select ${portalAccounts.id} from ${portalAccounts} where ${portalAccounts.supplierId} = ${scope.supplierId})`;
  await tx
    .update(portalSessions)
    .set({ revokedAt: now })
    .where(and(accounts, isNull(portalSessions.revokedAt)));
  await endStreams(tx, scope);
}

/** A supplier disabled or blacklisted: its accounts' tokens stop at once (docs/portal.md). */
export async function onSupplierStatusChanged(tx: Db, supplierId: number, status: string, now: Date) {
  if (status !== 'enabled') await revokePortalSessions(tx, { supplierId }, now);
}

import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { notFound, staleVersion } from '../http/errors';

type VersionedTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

/** What every write of a versioned row sets beside its own values: the next version and the time. */
const nextVersion = <T extends VersionedTable>(table: T) => ({ version: sql`${table.version} + 1`, updatedAt: sql`now()` });

/**
 * Optimistic locking: updates the row only if it still has `version`, bumping it. A missing row is
 * 404, a changed one 409, so nothing is silently overwritten.
 */
export async function updateVersioned<T extends VersionedTable>(
  tx: Db,
  table: T,
  id: number,
  version: number,
  values: Record<string, unknown>,
  extraWhere?: SQL,
): Promise<void> {
  const updated = await tx
    .update(table)
    .set({ ...values, ...nextVersion(table) } as never)
    .where(and(eq(table.id, id), eq(table.version, version), extraWhere))
    .returning({ id: table.id });
  if (updated.length > 0) return;
  const [exists] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(table.id, id));
  throw exists ? staleVersion() : notFound();
}

/**
 * Writes `values` to rows the caller has locked (`for update`) and whose versions it has checked
 * itself, all in one statement: a batch action over a selection.
 */
export async function updateLockedRows<T extends VersionedTable>(tx: Db, table: T, ids: number[], values: Record<string, unknown>): Promise<void> {
  if (ids.length > 0)
    await tx
      .update(table)
      .set({ ...values, ...nextVersion(table) } as never)
      .where(inArray(table.id, ids));
}

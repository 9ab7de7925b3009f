import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { notFound, staleVersion } from '../http/errors';

type VersionedTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

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
    .set({ ...values, version: sql`${table.version} + 1`, updatedAt: sql`now()` } as never)
    .where(and(eq(table.id, id), eq(table.version, version), extraWhere))
    .returning({ id: table.id });
  if (updated.length > 0) return;
  const [exists] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(table.id, id));
  throw exists ? staleVersion() : notFound();
}

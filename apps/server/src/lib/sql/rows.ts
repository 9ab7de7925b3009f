import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Runs one raw statement and answers its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** A bigint sum travels as text (it may pass 2^31); fen totals stay below 2^53. */
export const fen = (value: string | number | null | undefined) => (value === null || value === undefined ? 0 : Number(value));

/** ISO string of a timestamp column value (drizzle returns Date on pg and PGlite alike). */
export const iso = (value: Date | string | null | undefined): string | null => (value == null ? null : new Date(value).toISOString());

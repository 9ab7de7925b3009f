import { nameKey } from '@scm/contract';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { queryRows } from '../sql/rows';

interface NameScope {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  /** Rows the name must differ from (siblings of a category); all rows when left out. */
  among?: SQL;
}

/**
 * The row whose name looks like `name` (same `nameKey`), other than `exceptId`. The key is computed
 * here, with the runtime's Unicode data, rather than by the database, so one function decides it;
 * the tables compared are small (roles, suppliers, categories of one parent, templates). A
 * transaction-scoped advisory lock per table makes the check and the write that follows one step,
 * so two writers cannot both pass with lookalike names.
 */
export async function findLookalikeName(
  tx: Db,
  scope: NameScope,
  name: string,
  exceptId?: number,
): Promise<{ id: number; name: string } | undefined> {
  const { table, id, name: column, among } = scope;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`unique-name:${getTableName(table)}`}), 0)`);
  const rows = await queryRows<{ id: number; name: string }>(
    tx,
    sql`select ${id} as id, ${column} as name from ${table} ${among ? sql`where ${among}` : sql``}`,
  );
  const key = nameKey(name);
  return rows.find((row) => row.id !== exceptId && nameKey(row.name) === key);
}

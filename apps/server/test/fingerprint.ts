import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

interface Rows<T> {
  rows: T[];
}

/**
 * A digest of every row of every table in the schema: two equal fingerprints mean the request in
 * between changed nothing. Cheap on the small databases the security tests use.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as Rows<{ name: string }>;
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const table = sql.identifier(name);
    const digest = (await db.execute(
      sql`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as d from ${table} t`,
    )) as unknown as Rows<{ d: string }>;
    result[name] = digest.rows[0].d;
  }
  return result;
}

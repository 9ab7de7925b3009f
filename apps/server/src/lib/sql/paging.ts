import { asc, type Column, desc, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

export interface PageInput {
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

export const pageOffset = (input: PageInput) => (input.page - 1) * input.pageSize;

/** ORDER BY from a whitelisted sort field (the contract's enum) with a stable id tie-breaker. */
export function orderBy(input: PageInput, columns: Record<string, Column>, fallback: SQL[], idColumn: Column): SQL[] {
  const column = input.sortField ? columns[input.sortField] : undefined;
  if (!column) return [...fallback, desc(idColumn)];
  return [input.sortOrder === 'descend' ? desc(column) : asc(column), asc(idColumn)];
}

export function pageResult<T>(list: T[], total: number, input: PageInput) {
  return { list, total, page: input.page, pageSize: input.pageSize };
}

/**
 * `count(*)` of the `table` rows `where` matches, through only the joins it names: a list's count
 * joins what its filter reads, not what its page shows (each join of a row that always exists cost
 * the count 5–90 ms at 100,000 rows).
 */
export function countRows(db: Db, table: PgTable, where: SQL | undefined, joins: [PgTable, SQL][] = []) {
  let query = db.select({ total: sql<number>`count(*)::int` }).from(table).$dynamic();
  for (const [joined, on] of joins) query = query.innerJoin(joined, on);
  return query.where(where);
}

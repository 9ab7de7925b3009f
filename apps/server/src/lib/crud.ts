import { and, asc, type Column, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { notFound, staleVersion } from './errors';

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

/** `%keyword%` for ILIKE with the LIKE wildcards of the user's text escaped. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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

/** ISO string of a timestamp column value (drizzle returns Date on pg and PGlite alike). */
export const iso = (value: Date | string | null | undefined): string | null => (value == null ? null : new Date(value).toISOString());

/**
 * The words of a search box: split on whitespace (full-width space included), duplicates dropped.
 * Every word must match (docs/decisions.md, "Keyword search").
 */
export function keywordWords(keyword: string | undefined): string[] {
  if (!keyword) return [];
  return [...new Set(keyword.split(/\s+/u).filter((w) => w.length > 0))];
}

/** `text ILIKE %w%` for every word of the keyword, AND-ed; undefined when there is no word. */
export function allWordsLike(text: SQL | Column, keyword: string | undefined): SQL | undefined {
  const words = keywordWords(keyword);
  if (words.length === 0) return undefined;
  return and(...words.map((w) => sql`${text} ILIKE ${likePattern(w)}`));
}

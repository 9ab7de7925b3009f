import { and, type Column, type SQL, sql } from 'drizzle-orm';

/** `%keyword%` for ILIKE with the LIKE wildcards of the user's text escaped. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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

import { and, type Column, type SQL, sql } from 'drizzle-orm';
import { type Param, written } from './prepared';

/** `%keyword%` for ILIKE with the LIKE wildcards of the user's text escaped. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Words typed in ASCII may be codes: an SKU or barcode prefix as well as a part of a name. */
export const isAsciiWord = (word: string) => /^[\x21-\x7e]+$/.test(word);

/**
 * The words of a search box: split on whitespace (full-width space included), duplicates dropped.
 * Every word must match (docs/decisions.md, "Keyword search"), so a word written inside another
 * word that is not ASCII is dropped too: a text holding 置物架 holds 架. (An ASCII word may match as
 * the start of a code, which does not imply its parts.)
 */
export function keywordWords(keyword: string | undefined): string[] {
  if (!keyword) return [];
  const words = [...new Set(keyword.split(/\s+/u).filter((w) => w.length > 0))];
  return words.filter((word) => !words.some((other) => other !== word && !isAsciiWord(other) && other.includes(word)));
}

/**
 * `text ILIKE %w%` for every word of the keyword, AND-ed; undefined when there is no word. A
 * prepared statement passes `param` (`placeholders()`): the words become `word0`, `word1`, ….
 */
export function allWordsLike(text: SQL | Column, keyword: string | undefined, param: Param = written): SQL | undefined {
  const words = keywordWords(keyword);
  if (words.length === 0) return undefined;
  return and(...words.map((w, i) => sql`${text} ILIKE ${param(`word${i}`, likePattern(w))}`));
}

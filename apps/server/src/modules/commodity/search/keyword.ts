import { and, arrayContains, type SQL, sql } from 'drizzle-orm';
import { commodities } from '../../../db/schema';
import { isAsciiWord, keywordWords, likePattern } from '../../../lib/sql/keywords';
import { type Param, written } from '../../../lib/sql/prepared';
import { inCategoryTree } from './category-tree';

/**
 * The name tokens a word needs: the word itself when it has one or two characters, else each of
 * its character pairs (lib/sql/search-grams); `name ILIKE` then checks the pairs stand together.
 */
export function wordTokens(word: string): string[] {
  const chars = [...word.toLowerCase()];
  if (chars.length < 3) return [chars.join('')];
  return chars.slice(1).map((c, i) => chars[i] + c);
}

/** `name ILIKE '%word%'` for a word of three characters or more, which its tokens (pairs) do not pin down. */
const namePart = (word: string, param: Param, i: number) =>
  [...word].length < 3 ? undefined : sql`${commodities.name} ILIKE ${param(`namePattern${i}`, likePattern(word))}`;
const prefix = (text: string) => likePattern(text).slice(1);

/** An SKU code starting with the word, any case, through its byte-order btree (migrations 0007, 0008). */
export const skuPrefix = (word: string, param: Param = written, i = 0) =>
  sql`upper(${commodities.skuCode}) collate "C" like ${param(`skuPrefix${i}`, prefix(word.toUpperCase()))}`;
/** An SKU code or barcode starting with the word. */
export const codePrefix = (word: string, param: Param, i: number) =>
  sql`(${skuPrefix(word, param, i)} or ${commodities.barcode} collate "C" like ${param(`barcodePrefix${i}`, prefix(word))})`;

/** The name holds an ASCII word (any case): its tokens, and `name ILIKE` when they do not pin it down. */
export const asciiWordInName = (word: string, param: Param = written, i = 0) =>
  and(arrayContains(commodities.searchTokens, param(`nameTokens${i}`, wordTokens(word))), namePart(word, param, i)) as SQL;

/** The commodity whose SKU code (any case) or barcode is exactly the word. */
export const exactCode = (word: string, param: Param = written) =>
  sql`(upper(${commodities.skuCode}) collate "C" = ${param('code', word.toUpperCase())} or ${commodities.barcode} collate "C" = ${param('word', word)})`;

/**
 * Keyword and category. The keyword's words are AND-ed. A word matches the name through the
 * tokens' GIN index (`search_tokens`: the name's characters and character pairs, plus `cat:<id>`
 * of the category and its ancestors), so the name words and the category are one `@>` lookup; a
 * word in ASCII may also be the start of an SKU code or barcode. `param` names each value (a
 * prepared statement's placeholder) after its word's place.
 */
export function keywordAndCategory(keyword: string | undefined, categoryId: number | undefined, param: Param = written): SQL | undefined {
  const words = keywordWords(keyword);
  const tokens: string[] = [];
  const conditions: (SQL | undefined)[] = [];
  words.forEach((word, i) => {
    if (isAsciiWord(word)) {
      conditions.push(sql`(${asciiWordInName(word, param, i)} or ${codePrefix(word, param, i)})`);
    } else {
      tokens.push(...wordTokens(word));
      conditions.push(namePart(word, param, i));
    }
  });
  if (tokens.length > 0)
    conditions.unshift(arrayContains(commodities.searchTokens, param('tokens', [...new Set(tokens), ...(categoryId ? [`cat:${categoryId}`] : [])])));
  const matched = and(...conditions);
  const inCategory = categoryId && tokens.length === 0 ? inCategoryTree(commodities.categoryId, param('categoryId', categoryId)) : undefined;
  return and(matched, inCategory);
}

import type { commodityFilter } from '@scm/contract';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { commodities } from '../../../db/schema';
import { isAsciiWord, keywordWords } from '../../../lib/sql/keywords';
import { type Param, placeholders, written } from '../../../lib/sql/prepared';
import { inCategoryTree } from './category-tree';
import { asciiWordInName, codePrefix, exactCode, keywordAndCategory, skuPrefix } from './keyword';

export type Filter = { [K in keyof typeof commodityFilter]?: z.output<(typeof commodityFilter)[K]> };

/** The filter's conditions; `matched` replaces the keyword and category part (see codesOnlyWhere). */
export function commodityWhere(
  filter: Filter,
  param: Param = written,
  matched = keywordAndCategory(filter.keyword, filter.categoryId, param),
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    matched,
    filter.brand ? eq(commodities.brand, param('brand', filter.brand)) : undefined,
    filter.status ? eq(commodities.status, param('status', filter.status)) : undefined,
    filter.minPriceFen != null ? gte(commodities.referencePriceFen, param('minPriceFen', filter.minPriceFen)) : undefined,
    filter.maxPriceFen != null ? lte(commodities.referencePriceFen, param('maxPriceFen', filter.maxPriceFen)) : undefined,
  ];
  return and(...conditions);
}

/**
 * The filter's conditions with its keyword, when that is a single ASCII word (a code's possible
 * start), matched by `asCode` instead; undefined for any other keyword. The category is kept.
 */
function withCodeKeyword(filter: Filter, asCode: (word: string, param: Param) => SQL, param: Param = written): SQL | undefined {
  const words = keywordWords(filter.keyword);
  if (words.length !== 1 || !isAsciiWord(words[0])) return undefined;
  const inCategory = filter.categoryId ? inCategoryTree(commodities.categoryId, param('categoryId', filter.categoryId)) : undefined;
  return commodityWhere(filter, param, and(asCode(words[0], param), inCategory));
}

/** The filter with a single ASCII keyword matching SKU codes only: a part of its matches, countable from the code index alone. */
export const codesOnlyWhere = (filter: Filter, param: Param = written) => withCodeKeyword(filter, (word) => skuPrefix(word, param), param);

/**
 * The filter with a single ASCII keyword matching the codes (SKU or barcode) that start with it
 * while the name does not hold it: what a count of the names holding it leaves out.
 */
export const codesBesideNameWhere = (filter: Filter, param: Param = written) =>
  withCodeKeyword(filter, (word) => sql`(${codePrefix(word, param, 0)} and not ${asciiWordInName(word, param, 0)})`, param);

/**
 * The exact-code lookup of a single ASCII keyword, with its values as placeholders and the shape
 * (which filters are set) that names its prepared statement: `exact`, the filter with the keyword
 * taken as a whole SKU code or barcode; `matched` and `codesOnly`, the filter as the list and its
 * count read it, so the statement can count the matches beside the rows it finds. A commodity with
 * that code matches the keyword anyway (its code starts with it), so `exact` leaves the keyword's
 * other conditions out, and the statement is planned once per shape: planning took longer than
 * finding the row.
 */
export function exactCodeLookup(filter: Filter) {
  const { param, values } = placeholders();
  const exact = withCodeKeyword(filter, exactCode, param);
  if (!exact) return undefined;
  const parts = { exact, matched: commodityWhere(filter, param), codesOnly: codesOnlyWhere(filter, param) };
  return { parts, values, shape: Object.keys(values).sort().join(',') };
}

/**
 * A keyword that reads like a whole SKU code or barcode: one ASCII word of eight characters or more
 * with a digit, such as JF0303-0000064 or 6911450569495. Its matches are the code and the few that
 * extend it, so they are counted at once instead of asking the planner first. Only the speed depends
 * on this guess: every keyword is counted exactly up to the cap.
 */
export function looksLikeWholeCode(filter: Filter): boolean {
  const words = keywordWords(filter.keyword);
  return words.length === 1 && isAsciiWord(words[0]) && words[0].length >= 8 && /\d/.test(words[0]);
}

export const isCategoryAndStatusOnly = (filter: Filter) =>
  !filter.keyword && !filter.brand && filter.minPriceFen == null && filter.maxPriceFen == null;

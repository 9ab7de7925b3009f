import type { commodityFilter } from '@scm/contract';
import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { commodities } from '../../../db/schema';
import { isAsciiWord, keywordWords } from '../../../lib/keywords';
import { inCategoryTree } from './category-tree';
import { exactCode, keywordAndCategory, skuPrefix } from './keyword';

export type Filter = { [K in keyof typeof commodityFilter]?: z.output<(typeof commodityFilter)[K]> };

/** The filter's conditions; `matched` replaces the keyword and category part (see codesOnlyWhere). */
export function commodityWhere(filter: Filter, matched = keywordAndCategory(filter.keyword, filter.categoryId)): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    matched,
    filter.brand ? eq(commodities.brand, filter.brand) : undefined,
    filter.status ? eq(commodities.status, filter.status) : undefined,
    filter.minPriceFen != null ? gte(commodities.referencePriceFen, filter.minPriceFen) : undefined,
    filter.maxPriceFen != null ? lte(commodities.referencePriceFen, filter.maxPriceFen) : undefined,
  ];
  return and(...conditions);
}

/**
 * The filter's conditions with its keyword, when that is a single ASCII word (a code's possible
 * start), matched by `asCode` instead; undefined for any other keyword. The category is kept.
 */
function withCodeKeyword(filter: Filter, asCode: (word: string) => SQL): SQL | undefined {
  const words = keywordWords(filter.keyword);
  if (words.length !== 1 || !isAsciiWord(words[0])) return undefined;
  return commodityWhere(filter, and(asCode(words[0]), filter.categoryId ? inCategoryTree(commodities.categoryId, filter.categoryId) : undefined));
}

/** The filter with a single ASCII keyword matching SKU codes only: a part of its matches, countable from the code index alone. */
export const codesOnlyWhere = (filter: Filter) => withCodeKeyword(filter, skuPrefix);

/**
 * The filter with a single ASCII keyword taken as a whole SKU code or barcode. Such a commodity
 * matches the keyword anyway (its code starts with it), so the keyword's other conditions are left
 * out: planning them cost more than finding the row.
 */
export const exactCodeWhere = (filter: Filter) => withCodeKeyword(filter, exactCode);

export const isCategoryAndStatusOnly = (filter: Filter) =>
  !filter.keyword && !filter.brand && filter.minPriceFen == null && filter.maxPriceFen == null;

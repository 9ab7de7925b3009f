import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { categories } from '../../../db/schema';

/** A category and its descendants (the tree is at most 3 levels deep), through a category_id index. */
export function inCategoryTree(column: AnyPgColumn, categoryId: number | Placeholder): SQL {
  return sql`${column} in (
    select ${categories.id} from ${categories}
    where ${categories.id} = ${categoryId}
       or ${categories.parentId} = ${categoryId}
       or ${categories.parentId} in (select ${categories.id} from ${categories} where ${categories.parentId} = ${categoryId}))`;
}

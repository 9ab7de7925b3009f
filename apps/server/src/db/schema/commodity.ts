import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, version } from './common';
import { priceTemplates } from './price-template';
import { suppliers } from './supplier';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** 1 for a root; kept in step with the parent chain on create and move. */
    level: integer('level').notNull(),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    remark: text('remark'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_code_unique').on(t.code),
    // Name unique among siblings; roots share the sentinel parent 0.
    uniqueIndex('categories_sibling_name_unique').on(sql`coalesce(${t.parentId}, 0)`, t.name),
    index('categories_parent_idx').on(t.parentId),
  ],
);

export const commodities = pgTable(
  'commodities',
  {
    id: serial('id').primaryKey(),
    skuCode: text('sku_code').notNull(),
    name: text('name').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    brand: text('brand'),
    spec: text('spec'),
    /** A value of the `unit` dictionary. */
    unit: text('unit').notNull(),
    barcode: text('barcode'),
    weightG: integer('weight_g'),
    volumeCm3: integer('volume_cm3'),
    referencePriceFen: bigint('reference_price_fen', { mode: 'number' }).notNull(),
    priceTemplateId: integer('price_template_id').references(() => priceTemplates.id),
    defaultSupplierId: integer('default_supplier_id').references(() => suppliers.id),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    remark: text('remark'),
    /** Characters and character pairs of the name, for one- and two-character searches (lib/sql/search-grams). */
    nameGrams: text('name_grams').array().notNull(),
    /**
     * The name's grams plus `cat:<id>` for its category and each ancestor, kept by a trigger
     * (migration 0003): a short keyword within a category subtree is one GIN lookup, and counts of
     * such a filter never read the category tree.
     */
    searchTokens: text('search_tokens').array().notNull().default(sql`'{}'::text[]`),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('commodities_sku_unique').on(t.skuCode),
    // Keyword search by code (modules/commodity/search/keyword.ts): an exact SKU or barcode, or a prefix
    // of either, case-insensitive, one btree range in byte order whatever the database's collation.
    // The raw code as a second column lets PostgreSQL count a prefix from the index alone.
    index('commodities_sku_search').on(sql`(upper(${t.skuCode}) collate "C")`, t.skuCode),
    index('commodities_barcode_search').on(sql`(${t.barcode} collate "C")`),
    index('commodities_search_tokens').using('gin', t.searchTokens),
    // Ascending columns: a backward scan serves the default ORDER BY updated_at DESC, id DESC.
    index('commodities_category_idx').on(t.categoryId, t.updatedAt, t.id),
    index('commodities_updated_idx').on(t.updatedAt, t.id),
    index('commodities_name_idx').on(t.name),
    index('commodities_price_idx').on(t.referencePriceFen),
    index('commodities_brand_idx').on(t.brand),
    // Most commodities have neither: partial indexes serve the "still used?" checks of template and supplier deletes.
    index('commodities_price_template_idx').on(t.priceTemplateId).where(sql`${t.priceTemplateId} is not null`),
    index('commodities_default_supplier_idx').on(t.defaultSupplierId).where(sql`${t.defaultSupplierId} is not null`),
  ],
);

/**
 * Commodities per category and status, kept exact by statement triggers on `commodities`
 * (migration 0004): unfiltered, status-only and category-only totals and the tree's counts read a
 * few hundred rows here instead of counting a million.
 */
export const commodityCounts = pgTable(
  'commodity_counts',
  {
    categoryId: integer('category_id').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.status] })],
);

/**
 * Commodities per name gram (a character or character pair of `name_grams`, or a run of three or
 * four characters of the lower-cased name, `name_runs`), category and status, kept exact by
 * statement triggers on `commodities` (migrations 0009, 0018, 0019): a one-word search of up to four
 * characters is counted here, in a few rows, instead of visiting each of its matches.
 */
export const commodityGramCounts = pgTable(
  'commodity_gram_counts',
  {
    gram: text('gram').notNull(),
    categoryId: integer('category_id').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gram, t.categoryId, t.status] })],
);

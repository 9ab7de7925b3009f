import { type SQL, sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, version } from './common';

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
    status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
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
    // Foreign keys follow when the price-template and supplier tables land (docs/decisions.md).
    priceTemplateId: integer('price_template_id'),
    defaultSupplierId: integer('default_supplier_id'),
    status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
    remark: text('remark'),
    /** What keyword search matches: one trigram index serves code, name and barcode. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`${commodities.skuCode} || ' ' || ${commodities.name} || ' ' || coalesce(${commodities.barcode}, '')`,
    ),
    /** Characters and character pairs of the name, for one- and two-character searches (lib/search-grams). */
    nameGrams: text('name_grams').array().notNull(),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('commodities_sku_unique').on(t.skuCode),
    index('commodities_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('commodities_grams').using('gin', t.nameGrams),
    // Ascending columns: a backward scan serves the default ORDER BY updated_at DESC, id DESC.
    index('commodities_category_idx').on(t.categoryId, t.updatedAt, t.id),
    index('commodities_updated_idx').on(t.updatedAt, t.id),
    index('commodities_name_idx').on(t.name),
    index('commodities_price_idx').on(t.referencePriceFen),
    index('commodities_brand_idx').on(t.brand),
  ],
);

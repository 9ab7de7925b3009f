import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, version } from './common';

export const dictTypes = pgTable('dict_types', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  status: text('status', { enum: ['enabled', 'disabled'] })
    .notNull()
    .default('enabled'),
  builtIn: boolean('built_in').notNull().default(false),
  remark: text('remark'),
  updatedBy: text('updated_by'),
  ...version,
  ...timestamps,
});

export const dictItems = pgTable(
  'dict_items',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => dictTypes.id),
    label: text('label').notNull(),
    value: text('value').notNull(),
    sort: integer('sort').notNull().default(0),
    tagColor: text('tag_color').notNull().default('default'),
    isDefault: boolean('is_default').notNull().default(false),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    remark: text('remark'),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('dict_items_type_value_unique').on(t.typeId, t.value), index('dict_items_type_idx').on(t.typeId, t.sort)],
);

/** One row: bumped by every dictionary write, so front-end caches know when to reload. */
export const dictVersion = pgTable('dict_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
});

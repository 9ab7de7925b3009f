import { bigint, boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps, version } from './common';

export const priceTemplates = pgTable(
  'price_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    chargeMode: text('charge_mode', { enum: ['piece', 'weight', 'volume'] }).notNull(),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    remark: text('remark'),
    /** 6-digit GB/T 2260 codes where the template does not deliver. */
    noDeliveryCodes: text('no_delivery_codes').array().notNull().default([]),
    updatedBy: text('updated_by'),
    ...version,
    ...timestamps,
  },
  (t) => [index('price_templates_status_idx').on(t.status, t.chargeMode)],
);

/** Quantities are pieces, grams or cm³ by the template's charge mode; fees are fen. */
export const priceTemplateChargeRows = pgTable(
  'price_template_charge_rows',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => priceTemplates.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    regionCodes: text('region_codes').array().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    firstQty: bigint('first_qty', { mode: 'number' }).notNull(),
    firstFeeFen: bigint('first_fee_fen', { mode: 'number' }).notNull(),
    additionalQty: bigint('additional_qty', { mode: 'number' }).notNull(),
    additionalFeeFen: bigint('additional_fee_fen', { mode: 'number' }).notNull(),
  },
  (t) => [index('price_template_charge_rows_template_idx').on(t.templateId, t.sort)],
);

export const priceTemplateFreeRows = pgTable(
  'price_template_free_rows',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => priceTemplates.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    regionCodes: text('region_codes').array().notNull().default([]),
    qtyLimit: bigint('qty_limit', { mode: 'number' }),
    minAmountFen: bigint('min_amount_fen', { mode: 'number' }),
    operator: text('operator', { enum: ['and', 'or'] })
      .notNull()
      .default('and'),
  },
  (t) => [index('price_template_free_rows_template_idx').on(t.templateId, t.sort)],
);

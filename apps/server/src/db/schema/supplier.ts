import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, version } from './common';
import { priceTemplates } from './price-template';

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    contactPerson: text('contact_person').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    /** 6-digit GB/T 2260 code (province, city or district). */
    regionCode: text('region_code').notNull(),
    address: text('address'),
    creditCode: text('credit_code').notNull(),
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    /** Values of the `settlement_type` and `supplier_grade` dictionaries. */
    settlementType: text('settlement_type').notNull(),
    grade: text('grade').notNull(),
    priceTemplateId: integer('price_template_id').references(() => priceTemplates.id),
    status: text('status', { enum: ['enabled', 'disabled', 'blacklisted'] })
      .notNull()
      .default('enabled'),
    remark: text('remark'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('suppliers_code_unique').on(t.code),
    uniqueIndex('suppliers_name_unique').on(t.name),
    uniqueIndex('suppliers_credit_code_unique').on(t.creditCode),
    index('suppliers_status_idx').on(t.status, t.updatedAt, t.id),
    index('suppliers_search_trgm').using('gin', sql`(${t.code} || ' ' || ${t.name} || ' ' || ${t.contactPerson}) gin_trgm_ops`),
  ],
);

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, version } from './common';

/**
 * 收货仓库 (docs/rules/base-data.md, "Warehouses"): the one source of the `warehouse` dictionary
 * type, whose items the dictionary answers derive from the enabled rows here.
 */
export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    /** Letters, digits and `_`; fixed after creation (plans and tasks hold it). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 6-digit GB/T 2260 district code: the freight destination of tasks delivering here. */
    regionCode: text('region_code').notNull(),
    address: text('address').notNull(),
    consignee: text('consignee').notNull(),
    phone: text('phone').notNull(),
    receivingHours: text('receiving_hours'),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    remark: text('remark'),
    /** Position among the dictionary items it replaces (the migrated items keep their order). */
    sort: integer('sort').notNull().default(0),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('warehouses_code_unique').on(t.code),
    uniqueIndex('warehouses_name_unique').on(t.name),
    index('warehouses_status_idx').on(t.status, t.sort, t.id),
    index('warehouses_search_trgm').using('gin', sql`(${t.code} || ' ' || ${t.name} || ' ' || ${t.address}) gin_trgm_ops`),
  ],
);

/** 公司信息: one row (id 1), the buyer block of the printed papers and the invoice check's buyer. */
export const companyInfo = pgTable('company_info', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().default(''),
  creditCode: text('credit_code').notNull().default(''),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  bankName: text('bank_name').notNull().default(''),
  bankAccount: text('bank_account').notNull().default(''),
  ...version,
  ...timestamps,
});

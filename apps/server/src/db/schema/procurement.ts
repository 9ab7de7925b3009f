import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { backUsers } from './access';
import { categories, commodities } from './commodity';
import { timestamps, version } from './common';
import { suppliers } from './supplier';

export const supplierCategories = pgTable(
  'supplier_categories',
  {
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.categoryId] }), index('supplier_categories_category_idx').on(t.categoryId)],
);

export const procurementTasks = pgTable(
  'procurement_tasks',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The source plan, when the task was generated from one (the planning module owns the plan tables). */
    planId: integer('plan_id'),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => backUsers.id),
    quoteDeadline: timestamp('quote_deadline', { withTimezone: true }).notNull(),
    deliveryRegionCode: text('delivery_region_code').notNull(),
    /** The receiving warehouse (its code); its address becomes each order's delivery address. */
    warehouseCode: text('warehouse_code'),
    requiredBy: date('required_by', { mode: 'string' }),
    status: text('status', { enum: ['draft', 'quoting', 'evaluating', 'award_pending', 'awarded', 'completed', 'cancelled'] })
      .notNull()
      .default('draft'),
    remark: text('remark'),
    statusReason: text('status_reason'),
    awardedAmountFen: bigint('awarded_amount_fen', { mode: 'number' }),
    awardedAt: timestamp('awarded_at', { withTimezone: true }),
    awardedBy: text('awarded_by'),
    /** Who made the award (the user), so 定标审批 can be someone else's (usernames are not unique). */
    awardedById: integer('awarded_by_id').references(() => backUsers.id),
    /** 定标审批: who approved an award that reached the threshold (username, as `awarded_by`) and when. */
    awardApprovedBy: text('award_approved_by'),
    awardApprovedAt: timestamp('award_approved_at', { withTimezone: true }),
    /** Who created the task (or generated it from a plan): 数据范围 "own" shows it to them (docs/rules/data-scope.md). */
    createdBy: integer('created_by').references(() => backUsers.id),
    /** 密封报价: quote prices stay encrypted until the deadline or an audited 提前开标 (docs/portal.md). */
    sealed: boolean('sealed').notNull().default(true),
    /** When a sealed task's quotes were decrypted; null while still sealed (and on unsealed tasks). */
    unsealedAt: timestamp('unsealed_at', { withTimezone: true }),
    /** 提前开标: who opened the task early (username, as `awarded_by`) and why; null when the deadline opened it. */
    unsealedBy: text('unsealed_by'),
    unsealReason: text('unseal_reason'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('procurement_tasks_code_unique').on(t.code),
    // Ascending, scanned backward for `order by updated_at desc, id desc` (see planning_tasks).
    index('procurement_tasks_status_idx').on(t.status, t.updatedAt, t.id),
    index('procurement_tasks_updated_idx').on(t.updatedAt, t.id),
    index('procurement_tasks_created_by_idx').on(t.createdBy),
    index('procurement_tasks_deadline_idx').on(t.status, t.quoteDeadline),
    index('procurement_tasks_buyer_idx').on(t.buyerId),
    index('procurement_tasks_plan_idx').on(t.planId),
    index('procurement_tasks_search_trgm').using('gin', sql`(${t.code} || ' ' || ${t.name}) gin_trgm_ops`),
  ],
);

export const procurementTaskLines = pgTable(
  'procurement_task_lines',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => procurementTasks.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => commodities.id),
    quantity: integer('quantity').notNull(),
    targetPriceFen: bigint('target_price_fen', { mode: 'number' }),
    planLineId: integer('plan_line_id'),
    remark: text('remark'),
    awardedSupplierId: integer('awarded_supplier_id').references(() => suppliers.id),
    awardedUnitPriceFen: bigint('awarded_unit_price_fen', { mode: 'number' }),
    awardedFreightFen: bigint('awarded_freight_fen', { mode: 'number' }),
    awardReason: text('award_reason'),
    /**
     * 可抵扣进项税 of the award (goods + freight share), from the comparison at the award under the
     * company's 纳税人类型 then: a later change of the setting does not rewrite past awards.
     */
    awardedDeductibleVatFen: bigint('awarded_deductible_vat_fen', { mode: 'number' }),
    /** What is actually bought: the quantity, or the awarded quote's MOQ when that is larger. */
    awardedQuantity: integer('awarded_quantity'),
  },
  (t) => [index('procurement_task_lines_task_idx').on(t.taskId, t.sort), index('procurement_task_lines_plan_line_idx').on(t.planLineId)],
);

export const procurementTaskSuppliers = pgTable(
  'procurement_task_suppliers',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => procurementTasks.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    status: text('status', { enum: ['pending', 'received', 'declined'] })
      .notNull()
      .default('pending'),
    declineReason: text('decline_reason'),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.supplierId] }), index('procurement_task_suppliers_supplier_idx').on(t.supplierId)],
);

export const quotations = pgTable(
  'quotations',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    taskId: integer('task_id')
      .notNull()
      .references(() => procurementTasks.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    quoteDate: date('quote_date', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    taxRatePercent: integer('tax_rate_percent').notNull(),
    /** 发票类型 (`invoice_type` dictionary); prices and freight are tax-inclusive under it. */
    invoiceType: text('invoice_type', { enum: ['special', 'ordinary', 'none'] })
      .notNull()
      .default('special'),
    freightMode: text('freight_mode', { enum: ['manual', 'estimated'] }).notNull(),
    freightFen: bigint('freight_fen', { mode: 'number' }).notNull().default(0),
    freightFormula: text('freight_formula'),
    remark: text('remark'),
    status: text('status', { enum: ['draft', 'submitted', 'awarded', 'partially_awarded', 'lost'] })
      .notNull()
      .default('submitted'),
    /** The revision this row holds (quotation_revisions); while sealed its prices are not here. */
    revision: integer('revision').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().default(sql`now()`),
    /** 代录: typed by a buyer rather than submitted through the portal. */
    enteredByBuyer: boolean('entered_by_buyer').notNull().default(true),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('quotations_code_unique').on(t.code),
    uniqueIndex('quotations_task_supplier_unique').on(t.taskId, t.supplierId),
    index('quotations_supplier_idx').on(t.supplierId, t.status),
  ],
);

export const quotationLines = pgTable(
  'quotation_lines',
  {
    quotationId: integer('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    taskLineId: integer('task_line_id')
      .notNull()
      .references(() => procurementTaskLines.id, { onDelete: 'cascade' }),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }),
    moq: integer('moq'),
    leadTimeDays: integer('lead_time_days'),
    remark: text('remark'),
  },
  (t) => [primaryKey({ columns: [t.quotationId, t.taskLineId] }), index('quotation_lines_task_line_idx').on(t.taskLineId)],
);

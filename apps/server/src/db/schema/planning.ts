import { type SQL, sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { backUsers } from './access';
import { commodities } from './commodity';
import { timestamps, version } from './common';

export const planningTasks = pgTable(
  'planning_tasks',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** A value of the `plan_type` dictionary. */
    planType: text('plan_type').notNull(),
    /** A value of the `warehouse` dictionary. */
    warehouse: text('warehouse').notNull(),
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    requiredBy: date('required_by'),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => backUsers.id),
    status: text('status', {
      enum: ['draft', 'submitted', 'approved', 'rejected', 'in_procurement', 'completed', 'cancelled'],
    })
      .notNull()
      .default('draft'),
    /** Who last submitted it: neither they nor the owner may approve it (four-eyes). */
    submittedBy: integer('submitted_by').references(() => backUsers.id),
    /** Users who changed the lines since the last approval: none of them may approve it (a rejection keeps them). */
    lineEditorIds: integer('line_editor_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Everyone who owned the plan since the last approval: handing it on does not make the old owner a reviewer. */
    roundOwnerIds: integer('round_owner_ids').array().notNull().default(sql`'{}'::integer[]`),
    rejectReason: text('reject_reason'),
    closeReason: text('close_reason'),
    remark: text('remark'),
    // Totals kept in step with the lines (refreshed in every transaction that changes them), so the
    // list sorts and pages without aggregating every line.
    lineCount: integer('line_count').notNull().default(0),
    plannedQuantity: bigint('planned_quantity', { mode: 'number' }).notNull().default(0),
    /** Σ min(awarded, planned) per line: the progress bar's numerator. */
    awardedQuantity: bigint('awarded_quantity', { mode: 'number' }).notNull().default(0),
    /**
     * Σ min(progress quantity, planned) per line: the progress bar's numerator. A line's progress
     * quantity is what was received once it has orders, else what was awarded (docs/planning.md).
     */
    progressQuantity: bigint('progress_quantity', { mode: 'number' }).notNull().default(0),
    budgetTotalFen: bigint('budget_total_fen', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by').references(() => backUsers.id),
    updatedBy: integer('updated_by').references(() => backUsers.id),
    /** What the keyword filter matches (code and name), served by one trigram index. */
    searchText: text('search_text').generatedAlwaysAs((): SQL => sql`${planningTasks.code} || ' ' || ${planningTasks.name}`),
    ...version,
    ...timestamps,
  },
  (t) => [
    index('planning_tasks_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    // Ascending, scanned backward: they serve `order by updated_at desc, id desc` (a DESC NULLS LAST
    // index does not, since plain DESC puts nulls first).
    index('planning_tasks_status_idx').on(t.status, t.updatedAt, t.id),
    index('planning_tasks_owner_idx').on(t.ownerId, t.updatedAt, t.id),
    index('planning_tasks_updated_idx').on(t.updatedAt, t.id),
    index('planning_tasks_period_idx').on(t.periodStart, t.periodEnd),
  ],
);

/** Lines change only with their plan, under the plan's version. */
export const planningTaskLines = pgTable(
  'planning_task_lines',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => planningTasks.id, { onDelete: 'cascade' }),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => commodities.id),
    quantity: integer('quantity').notNull(),
    budgetUnitPriceFen: bigint('budget_unit_price_fen', { mode: 'number' }).notNull(),
    requiredBy: date('required_by'),
    remark: text('remark'),
    /** Added to by procurement awards; may pass `quantity` (over-award is allowed and shown). */
    awardedQuantity: integer('awarded_quantity').notNull().default(0),
    /** Added to by the purchase orders the awards create; a line with orders progresses by receipts. */
    orderedQuantity: integer('ordered_quantity').notNull().default(0),
    receivedQuantity: integer('received_quantity').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('planning_task_lines_plan_idx').on(t.planId, t.sort), index('planning_task_lines_commodity_idx').on(t.commodityId)],
);

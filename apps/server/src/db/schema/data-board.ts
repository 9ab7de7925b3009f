import { bigint, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per awarded procurement-task line, with the baselines the board compares it to, written
 * in the same transaction as the award (modules/data-board/board-facts.ts). The board sums these
 * rows instead of averaging 2,000,000 quotation lines on every request.
 */
export const boardAwardLines = pgTable(
  'board_award_lines',
  {
    taskLineId: integer('task_line_id').primaryKey(),
    taskId: integer('task_id').notNull(),
    awardedAt: timestamp('awarded_at', { withTimezone: true }).notNull(),
    /** The first day of the award's month in Asia/Shanghai, the monthly charts' bucket. */
    awardedMonth: date('awarded_month', { mode: 'string' }).notNull(),
    commodityId: integer('commodity_id').notNull(),
    /** The commodity's category when it was awarded: the board reports purchases where they were booked. */
    categoryId: integer('category_id').notNull(),
    supplierId: integer('supplier_id').notNull(),
    /** quantity × awarded unit price. */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    freightFen: bigint('freight_fen', { mode: 'number' }).notNull(),
    /** 可抵扣进项税 of the line as the award fixed it (goods + freight share). */
    deductibleVatFen: bigint('deductible_vat_fen', { mode: 'number' }).notNull().default(0),
    /** quantity × the average of the priced, submitted quotes for the line; null when none priced it. */
    averageAmount: numeric('average_amount'),
    /** quantity × (plan-line budget price, else target price); null when neither is known. */
    budgetAmountFen: bigint('budget_amount_fen', { mode: 'number' }),
  },
  (t) => [
    index('board_award_lines_awarded_idx').on(t.awardedAt),
    index('board_award_lines_task_idx').on(t.taskId),
    index('board_award_lines_category_idx').on(t.categoryId, t.awardedAt),
  ],
);

/**
 * One row per procurement task with what the board counts about it (quote responses, completion,
 * the categories of its lines), written by the same refresh as the award facts.
 */
export const boardTaskFacts = pgTable(
  'board_task_facts',
  {
    taskId: integer('task_id').primaryKey(),
    status: text('status').notNull(),
    quoteDeadline: timestamp('quote_deadline', { withTimezone: true }).notNull(),
    /** When it became completed (its last change: completed is a final state); null otherwise. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    invited: integer('invited').notNull(),
    /** Invited suppliers who submitted a quote. */
    quoted: integer('quoted').notNull(),
    /** The distinct categories of the task's lines, for the category filter. */
    categoryIds: integer('category_ids').array().notNull(),
  },
  (t) => [
    index('board_task_facts_deadline_idx').on(t.quoteDeadline),
    index('board_task_facts_completed_idx').on(t.completedAt),
    index('board_task_facts_categories_idx').using('gin', t.categoryIds),
  ],
);

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Which seeders have run, so each module seeds its demo data once, on the first start that knows it. */
export const seedHistory = pgTable('seed_history', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * Answers to create calls by `Idempotency-Key`, kept in the database so a repeat reaching another
 * server process is still recognised. A row without `response` is a call still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    path: text('path').notNull(),
    /** Digest of the validated body: a key answers repeats of its own request only. */
    requestHash: text('request_hash').notNull().default(''),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { backUsers } from './access';
import { timestamps, version } from './common';
import { procurementTasks } from './procurement';
import { suppliers } from './supplier';

/** A supplier's contact who signs in to the portal (docs/portal.md, "Accounts"). */
export const portalAccounts = pgTable(
  'portal_accounts',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    /** Null until the contact sets a password through the activation link. */
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['pending', 'active', 'disabled'] })
      .notNull()
      .default('pending'),
    /** SHA-256 of the one live activation link's token; a reissue replaces it, an activation clears it. */
    activationTokenHash: text('activation_token_hash'),
    activationExpiresAt: timestamp('activation_expires_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    ...version,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('portal_accounts_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('portal_accounts_activation_unique').on(t.activationTokenHash),
    index('portal_accounts_supplier_idx').on(t.supplierId),
  ],
);

/** Portal sign-ins: a realm of its own, so a staff token is never found here and a portal token never in `sessions`. */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => portalAccounts.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('portal_sessions_account_idx').on(t.accountId)],
);

export const portalLoginAttempts = pgTable(
  'portal_login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('portal_login_attempts_email_idx').on(t.email, t.createdAt), index('portal_login_attempts_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * Every submission of a supplier's quote, kept and never changed (docs/portal.md, "Revisions").
 * `content` is the canonical JSON the receipt digest was taken of; while the task is sealed it is
 * null and `sealedContent` holds it encrypted (AES-256-GCM), so the database holds no price.
 */
export const quotationRevisions = pgTable(
  'quotation_revisions',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => procurementTasks.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    revision: integer('revision').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    enteredByBuyer: boolean('entered_by_buyer').notNull(),
    accountId: integer('account_id').references(() => portalAccounts.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => backUsers.id, { onDelete: 'set null' }),
    receiptSha256: text('receipt_sha256').notNull(),
    content: text('content'),
    sealedContent: text('sealed_content'),
  },
  (t) => [uniqueIndex('quotation_revisions_unique').on(t.taskId, t.supplierId, t.revision)],
);

/** 答疑: a supplier's question on a task and the buyer's answer. */
export const clarifications = pgTable(
  'clarifications',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => procurementTasks.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    accountId: integer('account_id').references(() => portalAccounts.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    answer: text('answer'),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => backUsers.id, { onDelete: 'set null' }),
    ...version,
    ...timestamps,
  },
  (t) => [index('clarifications_task_idx').on(t.taskId, t.askedAt)],
);

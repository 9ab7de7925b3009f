import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, version } from './common';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  description: text('description'),
  sort: integer('sort').notNull().default(0),
  status: text('status', { enum: ['enabled', 'disabled'] })
    .notNull()
    .default('enabled'),
  builtIn: boolean('built_in').notNull().default(false),
  /** 数据范围: `own` limits plans and procurement tasks to the user's own records (docs/access-management.md). */
  dataScope: text('data_scope', { enum: ['all', 'own'] })
    .notNull()
    .default('all'),
  ...version,
  ...timestamps,
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.code] })],
);

export const backUsers = pgTable(
  'back_users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    phone: text('phone'),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    /**
     * Raised by every change that must end the user's sessions (password, disable); a session is
     * valid only while it carries the value its login read with the password hash
     * (docs/access-management.md, "Sessions and credential changes").
     */
    credentialsVersion: integer('credentials_version').notNull().default(0),
    /** Set when someone else chose or saw the password (create, reset); cleared by 修改密码. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    ...version,
    ...timestamps,
  },
  (t) => [uniqueIndex('back_users_email_unique').on(sql`lower(${t.email})`), index('back_users_role_idx').on(t.roleId)],
);

export const menus = pgTable('menus', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id'),
  key: text('key').notNull().unique(),
  label: text('label').notNull(),
  path: text('path').notNull().default(''),
  type: text('type', { enum: ['group', 'page', 'action'] }).notNull(),
  icon: text('icon'),
  sort: integer('sort').notNull().default(0),
  isMenu: boolean('is_menu').notNull().default(true),
  status: text('status', { enum: ['enabled', 'disabled'] })
    .notNull()
    .default('enabled'),
  builtIn: boolean('built_in').notNull().default(false),
  ...version,
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => backUsers.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The user's `credentials_version` when the password was checked: a later change outdates the session. */
    credentialsVersion: integer('credentials_version').notNull().default(0),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_attempts_email_idx').on(t.email, t.createdAt), index('login_attempts_ip_idx').on(t.ip, t.createdAt)],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    userName: text('user_name'),
    ip: text('ip'),
    module: text('module').notNull(),
    action: text('action').notNull(),
    recordId: text('record_id'),
    summary: text('summary'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_user_idx').on(t.userId, t.createdAt),
    index('audit_logs_record_idx').on(t.module, t.recordId),
  ],
);

/** Daily document-code counters (prefix + yyyyMMdd + 4 digits), incremented inside the creating transaction. */
export const codeSequences = pgTable(
  'code_sequences',
  {
    prefix: text('prefix').notNull(),
    day: text('day').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.day] })],
);

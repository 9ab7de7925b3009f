import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { backUsers, sessions } from './access';
import { portalAccounts, portalSessions } from './portal';

/**
 * 消息 (docs/messages.md): written in the transaction of the event that causes it, so a rolled-back
 * event leaves none. A message has one recipient: a back-office user, or a supplier portal account
 * (the second realm, docs/portal.md).
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    recipientUserId: integer('recipient_user_id').references(() => backUsers.id, { onDelete: 'cascade' }),
    recipientAccountId: integer('recipient_account_id').references(() => portalAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check('messages_one_recipient', sql`num_nonnulls(${t.recipientUserId}, ${t.recipientAccountId}) = 1`),
    index('messages_user_idx').on(t.recipientUserId, t.id),
    index('messages_user_unread_idx').on(t.recipientUserId).where(sql`${t.readAt} is null`),
    index('messages_account_idx').on(t.recipientAccountId, t.id),
  ],
);

/**
 * One-time tickets for the message stream: an EventSource cannot send the Authorization header, so
 * the page asks for a ticket with it and opens the stream with `?ticket=`. Kept in the database so
 * any server process accepts it; only the hash is stored, and the row is deleted when used.
 */
export const messageTickets = pgTable(
  'message_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    /** The session it was drawn from (its token's hash): a revoked or expired session opens nothing. */
    sessionTokenHash: text('session_token_hash').references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    /** …or the portal session, for a portal account's stream: exactly one of the two. */
    portalSessionTokenHash: text('portal_session_token_hash').references(() => portalSessions.tokenHash, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('message_tickets_expires_idx').on(t.expiresAt),
    check('message_tickets_one_session', sql`num_nonnulls(${t.sessionTokenHash}, ${t.portalSessionTokenHash}) = 1`),
  ],
);

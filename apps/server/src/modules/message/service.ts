import { MESSAGE_TICKET_TTL_MS, type Message, type MessageKind, type MessageRealm, type messageListRequest, addDays, dayStart } from '@scm/contract';
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { messages, messageTickets, portalSessions, sessions } from '../../db/schema';
import type { AuthedContext, PortalContext } from '../../lib/http/context';
import { pageOffset, pageResult } from '../../lib/sql/paging';
import { iso } from '../../lib/sql/rows';
import { hashToken, newToken } from '../../lib/access/tokens';

// A person's own inbox: every call reads and writes only the caller's messages, so an id of
// someone else's message changes nothing. Marking read is personal state, not a business change:
// no audit row and no version (docs/decisions.md).

type MessageRow = typeof messages.$inferSelect;

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  kind: row.kind as MessageKind,
  title: row.title,
  body: row.body,
  link: row.link,
  readAt: iso(row.readAt),
  createdAt: iso(row.createdAt) as string,
});

/** A signed-in caller of either realm: a back-office user or a supplier portal account. */
export type InboxContext = AuthedContext | PortalContext;

/** Whose messages: a user's (`recipient_user_id`) or a portal account's (`recipient_account_id`). */
export type Recipient = { userId: number } | { accountId: number };

export const recipientOf = (ctx: InboxContext): Recipient => ('portal' in ctx ? { accountId: ctx.portal.accountId } : { userId: ctx.user.id });
export const recipientWhere = (recipient: Recipient) =>
  'userId' in recipient ? eq(messages.recipientUserId, recipient.userId) : eq(messages.recipientAccountId, recipient.accountId);
/** The key a stream is held under and a NOTIFY names: `u<user id>` or `a<account id>`. */
export const recipientKey = (recipient: Recipient) => ('userId' in recipient ? `u${recipient.userId}` : `a${recipient.accountId}`);

const mine = (ctx: InboxContext) => recipientWhere(recipientOf(ctx));
/** The start of a Shanghai day (`yyyy-MM-dd`), as a timestamp. */

export async function listMessages(ctx: InboxContext, input: z.output<typeof messageListRequest>) {
  const filters: (SQL | undefined)[] = [mine(ctx)];
  if (input.unread === true) filters.push(isNull(messages.readAt));
  if (input.unread === false) filters.push(sql`${messages.readAt} is not null`);
  if (input.kind) filters.push(eq(messages.kind, input.kind));
  if (input.createdFrom) filters.push(gte(messages.createdAt, dayStart(input.createdFrom)));
  if (input.createdTo) filters.push(lt(messages.createdAt, dayStart(addDays(input.createdTo, 1))));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(messages)
      .where(where)
      .orderBy(input.sortOrder === 'ascend' ? messages.id : desc(messages.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    ctx.db.select({ total: count() }).from(messages).where(where),
  ]);
  return pageResult(rows.map(toMessage), total, input);
}

export async function countUnread(ctx: InboxContext) {
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(messages)
    .where(and(mine(ctx), isNull(messages.readAt)));
  return { count: total };
}

export async function markRead(ctx: InboxContext, input: { ids: number[] }) {
  await ctx.db
    .update(messages)
    .set({ readAt: ctx.now() })
    .where(and(mine(ctx), inArray(messages.id, input.ids), isNull(messages.readAt)));
  return null;
}

export async function markAllRead(ctx: InboxContext) {
  await ctx.db
    .update(messages)
    .set({ readAt: ctx.now() })
    .where(and(mine(ctx), isNull(messages.readAt)));
  return null;
}

/** A single-use ticket for `GET …/message/stream?ticket=`, bound to the caller's session, valid 60 s. */
export async function issueTicket(ctx: InboxContext) {
  const ticket = newToken();
  const expiresAt = new Date(ctx.now().getTime() + MESSAGE_TICKET_TTL_MS);
  if ('portal' in ctx) {
    const [session] = await ctx.db
      .select({ tokenHash: portalSessions.tokenHash })
      .from(portalSessions)
      .where(eq(portalSessions.id, ctx.portal.sessionId));
    await ctx.db.insert(messageTickets).values({ ticketHash: hashToken(ticket), portalSessionTokenHash: session.tokenHash, expiresAt });
  } else {
    const [session] = await ctx.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.id, ctx.user.sessionId));
    await ctx.db.insert(messageTickets).values({ ticketHash: hashToken(ticket), sessionTokenHash: session.tokenHash, expiresAt });
  }
  return { ticket };
}

/**
 * Takes a ticket (deleting it, so a second use finds nothing) and answers its session's token hash
 * in the realm asked for: a staff ticket opens no portal stream, nor the other way round.
 */
export async function redeemTicket(db: Db, ticket: string, now: Date, realm: MessageRealm): Promise<string | null> {
  const [row] = await db
    .delete(messageTickets)
    .where(and(eq(messageTickets.ticketHash, hashToken(ticket)), gt(messageTickets.expiresAt, now)))
    .returning({ tokenHash: messageTickets.sessionTokenHash, portalTokenHash: messageTickets.portalSessionTokenHash });
  return (realm === 'admin' ? row?.tokenHash : row?.portalTokenHash) ?? null;
}

export async function purgeExpiredTickets(db: Db, now: Date) {
  await db.delete(messageTickets).where(lte(messageTickets.expiresAt, now));
}

/** A recipient's messages after `afterId`, oldest first: the catch-up of a stream that reconnects. */
export async function messagesAfter(db: Db, recipient: Recipient, afterId: number, limit: number): Promise<Message[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(and(recipientWhere(recipient), gt(messages.id, afterId)))
    .orderBy(messages.id)
    .limit(limit);
  return rows.map(toMessage);
}

export async function messagesByIds(db: Db, ids: number[]): Promise<(Message & { key: string })[]> {
  const rows = await db.select().from(messages).where(inArray(messages.id, ids)).orderBy(messages.id);
  return rows.map((row) => ({
    ...toMessage(row),
    key: recipientKey(row.recipientUserId !== null ? { userId: row.recipientUserId } : { accountId: row.recipientAccountId as number }),
  }));
}

import type { ServerResponse } from 'node:http';
import { type Message, type MessageRealm, messageStreamPath, messages as texts, ResultCode, toSnakeCase } from '@scm/contract';
import { and, eq, gt, isNull, max } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SECURITY } from '../../config';
import type { Db, Listen } from '../../db/client';
import { backUsers, messages, portalAccounts, portalSessions, sessions, suppliers } from '../../db/schema';
import { hashToken } from '../../lib/access/tokens';
import { authenticateSession } from '../auth/service';
import { endedTags, streamTag } from '../../lib/access/stream-revocation';
import { MESSAGE_CHANNEL, parsePayload } from './notify';
import { messagesAfter, messagesByIds, type Recipient, recipientKey, recipientWhere, redeemTicket } from './service';

/*
 * Delivery (docs/messages.md, "Delivery"): each open stream is registered in this process's hub
 * under its recipient; a NOTIFY names new message ids per recipient, and the hub reads the rows of
 * the recipients it serves and writes them to their streams. Nothing here decides who receives a
 * message (the event table did, in the writing transaction).
 */

/** A comment line this often keeps proxies from closing an idle stream; the session is re-checked then too. */
export const HEARTBEAT_MS = 25_000;
/** At most this many missed messages are sent on a reconnect; the page reloads its list beside it. */
const CATCH_UP_LIMIT = 200;
/** How many sent ids a stream remembers to drop a message it has sent already. */
const SENT_MEMORY = 500;
/** A session's open streams in one process; a further one closes the oldest (docs/messages.md, "Revocation"). */
export const MAX_STREAMS_PER_SESSION = 5;

/** Who a stream serves, and the tags that end it (`streamTag`: its user or account, role or supplier, session). */
interface StreamOwner {
  recipient: Recipient;
  tags: string[];
  sessionTag: string;
}

class Stream {
  private chain: Promise<void> = Promise.resolve();
  private readonly sent = new Set<number>();
  /** The highest id sent (or the one the client said it had): where a catch-up starts. */
  lastId = 0;

  readonly key: string;
  readonly recipient: Recipient;

  constructor(
    readonly owner: StreamOwner,
    private readonly res: ServerResponse,
  ) {
    this.recipient = owner.recipient;
    this.key = recipientKey(owner.recipient);
  }

  /** Deliveries run one after another in the order they were asked for, so a catch-up precedes what arrives during it. */
  enqueue(load: () => Promise<Message[]>) {
    this.chain = this.chain.then(load).then(
      (list) => this.write(list),
      () => {},
    );
  }

  write(list: Message[]) {
    for (const message of list) {
      // Ids are drawn before commit, so a later id may arrive first: each is sent once, whatever the order.
      if (this.sent.has(message.id) || this.res.writableEnded) continue;
      this.sent.add(message.id);
      if (this.sent.size > SENT_MEMORY) this.sent.delete(this.sent.values().next().value as number);
      this.lastId = Math.max(this.lastId, message.id);
      this.res.write(`id: ${message.id}\nevent: message\ndata: ${JSON.stringify(toSnakeCase(message))}\n\n`);
    }
  }

  ping() {
    if (!this.res.writableEnded) this.res.write(': ping\n\n');
  }

  end() {
    if (!this.res.writableEnded) this.res.end();
  }
}

class Hub {
  private readonly streams = new Map<string, Set<Stream>>();
  /** Each session's streams, oldest first. */
  private readonly bySession = new Map<string, Stream[]>();

  constructor(private readonly db: Db) {}

  add(stream: Stream) {
    const set = this.streams.get(stream.key) ?? new Set();
    set.add(stream);
    this.streams.set(stream.key, set);
    const ofSession = this.bySession.get(stream.owner.sessionTag) ?? [];
    ofSession.push(stream);
    this.bySession.set(stream.owner.sessionTag, ofSession);
    while (ofSession.length > MAX_STREAMS_PER_SESSION) this.close(ofSession[0]);
  }

  remove(stream: Stream) {
    const set = this.streams.get(stream.key);
    set?.delete(stream);
    if (set?.size === 0) this.streams.delete(stream.key);
    const ofSession = this.bySession.get(stream.owner.sessionTag);
    const at = ofSession?.indexOf(stream) ?? -1;
    if (ofSession && at >= 0) ofSession.splice(at, 1);
    if (ofSession?.length === 0) this.bySession.delete(stream.owner.sessionTag);
  }

  /** Ends a stream now: whatever its queue still holds is dropped, since a stream that has ended writes nothing. */
  close(stream: Stream) {
    stream.end();
    this.remove(stream);
  }

  /**
   * A NOTIFY: first ends the streams a revocation names (before any message of the same payload or a
   * later one is read), then reads the new rows of the recipients served here, once for all their streams.
   */
  onPayload = (payload: string) => {
    const ended = new Set(endedTags(payload));
    if (ended.size > 0) {
      const doomed = [...this.streams.values()].flatMap((set) => [...set].filter((stream) => stream.owner.tags.some((tag) => ended.has(tag))));
      for (const stream of doomed) this.close(stream);
    }
    const entries = parsePayload(payload).filter((entry) => this.streams.has(entry.key));
    if (entries.length === 0) return;
    const loading = messagesByIds(
      this.db,
      entries.map((entry) => entry.id),
    );
    loading.catch(() => {});
    for (const key of new Set(entries.map((entry) => entry.key))) {
      for (const stream of this.streams.get(key) ?? []) {
        stream.enqueue(async () => (await loading).filter((message) => message.key === key));
      }
    }
  };

  /** The listening connection was lost and is back: whatever was sent meanwhile is read from the table. */
  onReconnect = () => {
    for (const set of this.streams.values()) {
      for (const stream of set) stream.enqueue(() => messagesAfter(this.db, stream.recipient, stream.lastId, CATCH_UP_LIMIT));
    }
  };

  endAll() {
    for (const set of this.streams.values()) for (const stream of set) stream.end();
    this.streams.clear();
    this.bySession.clear();
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 256 ? token : null;
}

/** `Last-Event-ID` (sent by EventSource itself) or `last_event_id` in the query (a page that opens a new EventSource). */
function lastEventId(request: FastifyRequest, query: Record<string, unknown>): number | null {
  const raw = request.headers['last-event-id'] ?? query.last_event_id;
  const value = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  return value !== null && value <= 2_147_483_647 ? value : null;
}

/** Whether the stream's session still holds, without counting the stream as activity (it must not keep a session alive). */
async function sessionHolds(db: Db, realm: MessageRealm, tokenHash: string, now: Date): Promise<boolean> {
  const idleSince = new Date(now.getTime() - SECURITY.sessionIdleMs);
  if (realm === 'portal') {
    const [row] = await db
      .select({ id: portalSessions.id })
      .from(portalSessions)
      .innerJoin(portalAccounts, eq(portalAccounts.id, portalSessions.accountId))
      .innerJoin(suppliers, eq(suppliers.id, portalAccounts.supplierId))
      .where(
        and(
          eq(portalSessions.tokenHash, tokenHash),
          isNull(portalSessions.revokedAt),
          gt(portalSessions.expiresAt, now),
          gt(portalSessions.lastSeenAt, idleSince),
          eq(portalAccounts.status, 'active'),
          eq(suppliers.status, 'enabled'),
        ),
      );
    return Boolean(row);
  }
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(backUsers, eq(backUsers.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
        eq(backUsers.status, 'enabled'),
      ),
    );
  return Boolean(row);
}

export interface MessageStreamOptions {
  db: Db;
  now: () => Date;
  listen: Listen;
  /** The portal's session check by token hash: the portal module sits above this one, so the app hands it in. */
  authenticatePortal: (db: Db, tokenHash: string, now: Date) => Promise<{ accountId: number; supplierId: number; sessionId: number } | null>;
}

/** Who a session's token hash serves in the realm, with the tags that end its streams, or null (unknown, ended, or the other realm's). */
async function ownerOfSession(options: MessageStreamOptions, realm: MessageRealm, tokenHash: string, now: Date): Promise<StreamOwner | null> {
  const { db } = options;
  if (realm === 'portal') {
    const caller = await options.authenticatePortal(db, tokenHash, now);
    if (!caller) return null;
    const sessionTag = streamTag({ portalSessionId: caller.sessionId });
    return {
      recipient: { accountId: caller.accountId },
      tags: [streamTag({ accountId: caller.accountId }), streamTag({ supplierId: caller.supplierId }), sessionTag],
      sessionTag,
    };
  }
  const user = await authenticateSession(db, tokenHash, now);
  if (!user) return null;
  const sessionTag = streamTag({ userSessionId: user.sessionId });
  return { recipient: { userId: user.id }, tags: [streamTag({ userId: user.id }), streamTag({ roleId: user.roleId }), sessionTag], sessionTag };
}

/**
 * `GET /api/admin/message/stream` and `GET /api/portal/message/stream`: Server-Sent Events of the caller's new messages, with the bearer
 * token or a ticket (`?ticket=`, for EventSource). The reply is written by hand and never
 * compressed: a compressing encoder would hold the events back until its buffer fills.
 */
export async function messageStreamPlugin(app: FastifyInstance, options: MessageStreamOptions) {
  const { db, now } = options;
  const hub = new Hub(db);
  const stopListening = await options.listen(MESSAGE_CHANNEL, hub.onPayload, hub.onReconnect);
  // Open streams would keep the server from closing: they end first, and the clients reconnect elsewhere.
  app.addHook('preClose', async () => hub.endAll());
  app.addHook('onClose', async () => stopListening());

  for (const realm of ['admin', 'portal'] as const) {
    app.get(`/api${messageStreamPath(realm)}`, { compress: false }, async (request, reply) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const bearer = bearerToken(request);
      const ticket = typeof query.ticket === 'string' && query.ticket.length <= 256 ? query.ticket : null;
      const tokenHash = bearer ? hashToken(bearer) : ticket ? await redeemTicket(db, ticket, now(), realm) : null;
      const owner = tokenHash ? await ownerOfSession(options, realm, tokenHash, now()) : null;
      if (!tokenHash || !owner) return reply.send({ code: ResultCode.unauthorized, message: texts.notLoggedIn, data: null, request_id: request.id });

      const resumeFrom = lastEventId(request, query);
      reply.hijack();
      const res = reply.raw;
      // The headers set so far (security headers, the request id) go out with the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'content-encoding': 'identity',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      const { recipient } = owner;
      const stream = new Stream(owner, res);
      hub.add(stream);
      stream.enqueue(async () => {
        if (resumeFrom !== null) {
          stream.lastId = resumeFrom;
          return messagesAfter(db, recipient, resumeFrom, CATCH_UP_LIMIT);
        }
        // A fresh stream starts after the newest message: the page has read its list already.
        const [row] = await db
          .select({ last: max(messages.id) })
          .from(messages)
          .where(recipientWhere(recipient));
        stream.lastId = Math.max(stream.lastId, row?.last ?? 0);
        return [];
      });

      const heartbeat = setInterval(() => {
        stream.ping();
        sessionHolds(db, realm, tokenHash, now()).then(
          (holds) => {
            if (!holds) hub.close(stream);
          },
          () => {},
        );
      }, HEARTBEAT_MS);
      request.raw.once('close', () => {
        clearInterval(heartbeat);
        hub.remove(stream);
      });
      res.once('close', () => {
        clearInterval(heartbeat);
        hub.remove(stream);
      });
    });
  }
}

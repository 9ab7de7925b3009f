import type { MessageKind } from '@scm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { EVENTS, type EventActor, type MessageEvent } from './events';

/** The NOTIFY channel every server process listens on (one connection each, docs/messages.md). */
export const MESSAGE_CHANNEL = 'scm_messages';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; a long list of ids goes in several. */
const PAYLOAD_LIMIT = 7_000;

/** A recipient as the NOTIFY payload names it: `u<user id>` (portal accounts will be `a<account id>`). */
export const userKey = (userId: number) => `u${userId}`;

/**
 * Writes the messages of one event inside the transaction that causes it, and tells every server
 * process which ids are new: PostgreSQL delivers a NOTIFY at commit and drops it on rollback, so a
 * rolled-back event leaves neither a message nor a notification. The payload holds ids only
 * (`u12:345,u13:346`); each process reads the rows of the recipients it serves.
 */
export async function notify(tx: Db, actor: EventActor, event: MessageEvent): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the rule is looked up by the event's own kind, so its type matches
  const rule = EVENTS[event.kind as MessageKind] as any;
  const recipients = ((await rule.recipients(tx, event)) as number[]).filter((id) => id !== actor.userId);
  if (recipients.length === 0) return;
  const content = rule.message(event, actor) as { title: string; body: string; link: string };
  const rows = await tx
    .insert(messages)
    .values(recipients.map((recipientUserId) => ({ recipientUserId, kind: event.kind, ...content })))
    .returning({ id: messages.id, userId: messages.recipientUserId });
  for (const payload of payloads(rows.map((row) => `${userKey(row.userId as number)}:${row.id}`))) {
    await tx.execute(sql`select pg_notify(${MESSAGE_CHANNEL}, ${payload})`);
  }
}

function payloads(entries: string[]): string[] {
  const out: string[] = [];
  let current = '';
  for (const entry of entries) {
    if (current && current.length + entry.length + 1 > PAYLOAD_LIMIT) {
      out.push(current);
      current = '';
    }
    current = current ? `${current},${entry}` : entry;
  }
  if (current) out.push(current);
  return out;
}

/** Parses a payload back into (recipient key, message id) pairs; anything else is ignored. */
export function parsePayload(payload: string): { key: string; id: number }[] {
  return payload.split(',').flatMap((entry) => {
    const match = /^([ua]\d+):(\d+)$/.exec(entry);
    return match ? [{ key: match[1], id: Number(match[2]) }] : [];
  });
}

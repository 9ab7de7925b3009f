import type { MessageKind } from '@scm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { EVENTS, type EventActor, type MessageEvent } from './events';
import { recipientKey } from './service';

import { MESSAGE_CHANNEL } from '../../lib/access/stream-revocation';

export { MESSAGE_CHANNEL };
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; a long list of ids goes in several. */
const PAYLOAD_LIMIT = 7_000;

/**
 * Writes the messages of one event inside the transaction that causes it, and tells every server
 * process which ids are new: PostgreSQL delivers a NOTIFY at commit and drops it on rollback, so a
 * rolled-back event leaves neither a message nor a notification. The payload holds ids only
 * (`u12:345,a7:346`: a user's or a portal account's); each process reads the rows of the recipients it serves.
 */
export async function notify(tx: Db, actor: EventActor, event: MessageEvent): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the rule is looked up by the event's own kind, so its type matches
  const rule = EVENTS[event.kind as MessageKind] as any;
  const users = ((await rule.recipients?.(tx, event)) ?? ([] as number[])).filter((id: number) => id !== actor.userId);
  const accounts = ((await rule.accounts?.(tx, event)) ?? []) as number[];
  if (users.length === 0 && accounts.length === 0) return;
  const content = rule.message(event, actor) as { title: string; body: string; link: string };
  const rows = await tx
    .insert(messages)
    .values([
      ...users.map((recipientUserId: number) => ({ recipientUserId, kind: event.kind, ...content })),
      ...accounts.map((recipientAccountId) => ({ recipientAccountId, kind: event.kind, ...content })),
    ])
    .returning({ id: messages.id, userId: messages.recipientUserId, accountId: messages.recipientAccountId });
  const keys = rows.map((row) => recipientKey(row.userId !== null ? { userId: row.userId } : { accountId: row.accountId as number }));
  for (const payload of payloads(rows.map((row, index) => `${keys[index]}:${row.id}`))) {
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

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// Ending message streams lives below every module: the access, supplier and portal modules revoke,
// the message module's hub ends the streams (docs/messages.md, "Revocation").

/** The NOTIFY channel every server process listens on, for new messages and for streams to end. */
export const MESSAGE_CHANNEL = 'scm_messages';

/** Whose open streams end: a user's, the users' of a role, an account's, a supplier's accounts', or one session's. */
export type StreamTarget =
  | { userId: number }
  | { roleId: number }
  | { accountId: number }
  | { supplierId: number }
  | { userSessionId: number }
  | { portalSessionId: number };

/** The tag a stream carries for a target, and the payload entry that names it: `end:u12`, `end:s3`, `end:su5`. */
export function streamTag(target: StreamTarget): string {
  if ('userId' in target) return `u${target.userId}`;
  if ('roleId' in target) return `r${target.roleId}`;
  if ('accountId' in target) return `a${target.accountId}`;
  if ('supplierId' in target) return `s${target.supplierId}`;
  if ('userSessionId' in target) return `su${target.userSessionId}`;
  return `sa${target.portalSessionId}`;
}

const END_ENTRY = /^end:((?:u|r|a|s|su|sa)\d+)$/;

/** The stream tags a payload names for ending (message entries are read elsewhere). */
export function endedTags(payload: string): string[] {
  return payload.split(',').flatMap((entry) => {
    const match = END_ENTRY.exec(entry);
    return match ? [match[1]] : [];
  });
}

/**
 * Ends the open message streams of `target` in every server process: a NOTIFY on the message
 * channel, delivered at commit (so call it in the transaction that revokes; a rollback sends
 * nothing) and, on one channel, after every message committed before it.
 */
export async function endStreams(tx: Db, target: StreamTarget): Promise<void> {
  await tx.execute(sql`select pg_notify(${MESSAGE_CHANNEL}, ${`end:${streamTag(target)}`})`);
}

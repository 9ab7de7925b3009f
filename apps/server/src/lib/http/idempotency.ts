import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN, ResultCode, DAY_MS } from '@scm/contract';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { AppError, conflict } from './errors';

/** How long a key answers repeats (docs/rules/codes-and-api.md, "Idempotent creates"). */
export const IDEMPOTENCY_TTL_MS = DAY_MS;
/** How long a repeat waits for the first call of its key to finish before giving up with 409. */
const WAIT_MS = 8000;
const POLL_MS = 50;

const IN_PROGRESS_MESSAGE = '请求正在处理，请稍后重试';
const KEY_REUSED_MESSAGE = '该幂等键已用于其他请求，请更换后重试';
const BODY_CHANGED_MESSAGE = '幂等键已用于不同的请求';

/** The header's value when present; 400 when it is not 1–100 visible ASCII characters. */
export function readIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header === 'string' && IDEMPOTENCY_KEY_PATTERN.test(header)) return header;
  const message = 'Idempotency-Key 须为1到100个可见ASCII字符';
  throw new AppError(ResultCode.badRequest, message, [{ field: 'idempotency_key', message }]);
}

/**
 * What binds a key to its request: a digest of the validated body. The validated value lists its
 * fields in the schema's order, so the same form sent with its fields in another order is the same
 * request, while any changed value is another.
 */
export function requestDigest(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

interface Claim {
  db: Db;
  userId: number;
  key: string;
  path: string;
  /** `requestDigest` of the body. */
  requestHash: string;
  now: () => Date;
}

/**
 * Runs `handler` once per (user, key) within 24 h and answers every repeat with the first answer;
 * a repeat with another route or another body is refused with 409 and runs nothing.
 * The key is claimed by an insert before the handler runs, so simultaneous repeats — in this
 * process or another — find the claim and wait for the answer instead of running the handler.
 * A handler that throws releases the claim, so a retry can run.
 */
export async function runOnce(claim: Claim, handler: () => Promise<unknown>): Promise<unknown> {
  const { db, userId, key, path, requestHash, now } = claim;
  const giveUpAt = Date.now() + WAIT_MS;
  for (;;) {
    const createdAt = now();
    const expired = new Date(createdAt.getTime() - IDEMPOTENCY_TTL_MS);
    // Absent or older than 24 h: this call takes the key.
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, path, requestHash, response: null, createdAt })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { path, requestHash, response: null, createdAt },
        setWhere: lt(idempotencyKeys.createdAt, expired),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) return runClaimed(claim, handler);

    const [first] = await db
      .select({ path: idempotencyKeys.path, requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (first) {
      if (first.path !== path) throw conflict(KEY_REUSED_MESSAGE);
      if (first.response !== null) {
        if (first.requestHash !== requestHash) throw conflict(BODY_CHANGED_MESSAGE);
        return (first.response as { data: unknown }).data;
      }
      if (Date.now() >= giveUpAt) throw conflict(IN_PROGRESS_MESSAGE);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    // No row: the first call failed and released the key, so this one claims it on the next turn.
  }
}

async function runClaimed({ db, userId, key }: Claim, handler: () => Promise<unknown>): Promise<unknown> {
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  let data: unknown;
  try {
    data = await handler();
  } catch (error) {
    await db.delete(idempotencyKeys).where(and(mine, isNull(idempotencyKeys.response)));
    throw error;
  }
  // Wrapped so that a null answer is still told apart from "not answered yet".
  await db.update(idempotencyKeys).set({ response: { data } }).where(mine);
  return data;
}

/** Forgets keys older than 24 h (the server's once-a-minute job). */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}

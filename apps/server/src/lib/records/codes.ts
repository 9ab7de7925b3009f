import { shanghaiCodeDay } from '@scm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codeSequences } from '../../db/schema';

/**
 * The next document code (prefix + yyyyMMdd + 4-digit daily sequence). The upsert takes a row lock,
 * so two transactions creating at once get different numbers.
 */
export async function nextCode(tx: Db, prefix: string, now: Date): Promise<string> {
  const day = shanghaiCodeDay(now);
  const [row] = await tx
    .insert(codeSequences)
    .values({ prefix, day, value: 1 })
    .onConflictDoUpdate({ target: [codeSequences.prefix, codeSequences.day], set: { value: sql`${codeSequences.value} + 1` } })
    .returning({ value: codeSequences.value });
  return `${prefix}${day}${String(row.value).padStart(4, '0')}`;
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { codeSequences } from '../db/schema';

function shanghaiDay(now: Date): string {
  const shifted = new Date(now.getTime() + 8 * 60 * 60 * 1000);
  return shifted.toISOString().slice(0, 10).replaceAll('-', '');
}

/**
 * The next document code (prefix + yyyyMMdd + 4-digit daily sequence). The upsert takes a row lock,
 * so two transactions creating at once get different numbers.
 */
export async function nextCode(tx: Db, prefix: string, now: Date): Promise<string> {
  const day = shanghaiDay(now);
  const [row] = await tx
    .insert(codeSequences)
    .values({ prefix, day, value: 1 })
    .onConflictDoUpdate({ target: [codeSequences.prefix, codeSequences.day], set: { value: sql`${codeSequences.value} + 1` } })
    .returning({ value: codeSequences.value });
  return `${prefix}${day}${String(row.value).padStart(4, '0')}`;
}

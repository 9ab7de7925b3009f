import { sql } from 'drizzle-orm';
import { refreshBoardFacts } from '../../modules/data-board/board-facts';
import type { Db } from '../client';

/**
 * The data board's facts for the demo tasks, which the demo seeders write directly rather than
 * through the award and quote calls. Waits (returns false) until there are tasks to count.
 */
export async function seedBoardFacts(tx: Db): Promise<boolean> {
  const result = (await tx.execute(sql`select exists (select 1 from procurement_tasks) as has_tasks`)) as unknown as {
    rows: { has_tasks: boolean }[];
  };
  if (!result.rows[0]?.has_tasks) return false;
  await refreshBoardFacts(tx);
  return true;
}

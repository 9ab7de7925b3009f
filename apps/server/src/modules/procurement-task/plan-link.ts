import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planningTasks } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { recordPlanAwards } from '../planning/service';

export interface AwardedPlanLine {
  planLineId: number;
  taskLineId: number;
  /** The quantity this award adds to the plan line (a task line is awarded once). */
  quantity: number;
}

/**
 * Called inside the award transaction with the awarded lines that came from a plan: the plan lines
 * get the awarded quantities, and a plan whose lines are all reached completes by itself.
 */
export async function onLinesAwarded(tx: Db, actor: Actor, awards: AwardedPlanLine[]): Promise<void> {
  await recordPlanAwards(
    tx,
    actor,
    awards.map((a) => ({ planLineId: a.planLineId, quantity: a.quantity })),
  );
}

export async function planExists(tx: Db, planId: number): Promise<boolean> {
  const [plan] = await tx.select({ id: planningTasks.id }).from(planningTasks).where(eq(planningTasks.id, planId));
  return Boolean(plan);
}

import type { Db } from '../../db/client';

export interface AwardedPlanLine {
  planLineId: number;
  taskLineId: number;
  /** The quantity this award adds to the plan line (a task line is awarded once). */
  quantity: number;
}

/**
 * Called inside the award transaction with the awarded lines that came from a plan. The planning
 * module fills this in (awarded quantity on each plan line, plan completion); until it does,
 * procurement records the plan line ids on its own lines only.
 */
export async function onLinesAwarded(_tx: Db, _awards: AwardedPlanLine[]): Promise<void> {}

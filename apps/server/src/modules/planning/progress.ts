import { sql } from 'drizzle-orm';
import { planningTaskLines } from '../../db/schema';

// A plan line's progress (docs/planning.md, "Progress"): once the line has purchase orders it moves
// with what was received, before that (and for lines awarded before orders existed) with what was
// awarded. A line is complete when that quantity reaches the planned one.

/** The quantity a line's progress counts, as SQL over planning_task_lines (`planLineProgressQuantity` in the contract). */
export const progressQuantitySql = sql<number>`case when ${planningTaskLines.orderedQuantity} > 0 then ${planningTaskLines.receivedQuantity} else ${planningTaskLines.awardedQuantity} end`;

/** Lines of a plan still short of their planned quantity. */
export const incompleteLine = sql`${progressQuantitySql} < ${planningTaskLines.quantity}`;

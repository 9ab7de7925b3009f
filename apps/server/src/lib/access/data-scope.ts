import { eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { planningTasks, procurementTasks, purchaseOrders, supplierStatements } from '../../db/schema';
import type { AuthUser } from '../http/context';

// The conditions of 数据范围 (docs/rules/data-scope.md) live below every module, so any module may
// filter plans or tasks by them without depending on the module that owns the records.

/**
 * 数据范围 of plans: a user whose role has data scope `own` sees and changes only the plans they own
 * or created. Every plan query (list, export, detail, each change, the board, the workbench, the
 * procurement module's plan pickers) adds this condition; `undefined` means no restriction.
 */
export function planScope(user: AuthUser): SQL | undefined {
  if (user.dataScope === 'all') return undefined;
  return or(eq(planningTasks.ownerId, user.id), eq(planningTasks.createdBy, user.id));
}

/**
 * 数据范围 of procurement tasks: a user whose role has data scope `own` sees and changes only the tasks
 * where they are the buyer or the creator (a task generated from a plan: whoever generated it). Every
 * task query (list, export, detail, each change, quotes, comparison, award, the board, the workbench)
 * adds this condition; `undefined` means no restriction. A prepared statement passes the user's id as
 * a placeholder (`userId`).
 */
export function taskScope(user: AuthUser, userId: number | Placeholder = user.id): SQL | undefined {
  if (user.dataScope === 'all') return undefined;
  return or(sql`${procurementTasks.buyerId} = ${userId}`, sql`${procurementTasks.createdBy} = ${userId}`);
}

/**
 * 数据范围 of purchase orders: with `own`, the orders whose buyer the user is (the buyer is the
 * task's buyer when the award made the order). Every order query (list, export, detail, each change,
 * the board, the workbench) adds it; `undefined` means no restriction.
 */
export function orderScope(user: AuthUser): SQL | undefined {
  if (user.dataScope === 'all') return undefined;
  return eq(purchaseOrders.buyerId, user.id);
}

/**
 * 数据范围 of supplier statements: with `own`, the statements the user created. Every statement
 * query (list, export, detail, each change, the board, the workbench) adds it; `undefined` means
 * no restriction. A prepared statement passes the user's id as a placeholder.
 */
export function statementScope(user: AuthUser, userId: number | Placeholder = user.id): SQL | undefined {
  if (user.dataScope === 'all') return undefined;
  return sql`${supplierStatements.createdBy} = ${userId}`;
}

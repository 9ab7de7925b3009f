import { and, eq, isNotNull, ne, or, type SQL } from 'drizzle-orm';
import { clarifications, procurementTaskSuppliers, procurementTasks, purchaseOrders, quotations } from '../../db/schema';
import type { PortalContext } from '../http/context';

// A supplier's reach through the portal (docs/rules/data-scope.md, "Suppliers"), beside the staff's
// 数据范围 in data-scope.ts: every portal read and write of a task, a quote, a clarification or an
// order adds one of these, so another supplier's record answers 404 as a missing one does.

/** A supplier acting through the portal: whose records it reaches, and who it is in audit rows and revisions. */
export interface SupplierAccess {
  supplierId: number;
  supplierName: string;
  accountId: number;
}

/** The portal caller as an access of the business acts (the same functions the back office calls with `{ user }`). */
export const supplierAccessOf = (ctx: PortalContext): SupplierAccess => ({
  supplierId: ctx.portal.supplierId,
  supplierName: ctx.portal.supplierName,
  accountId: ctx.portal.accountId,
});

/** Joins a task to the supplier's invitation: a task it was not invited to has no row. */
export const supplierInvitation = (supplierId: number): SQL =>
  and(eq(procurementTaskSuppliers.taskId, procurementTasks.id), eq(procurementTaskSuppliers.supplierId, supplierId)) as SQL;

/** The tasks a supplier sees beside its invitation: any but a draft, which is not yet sent to anyone. */
export const supplierTaskScope = (): SQL => ne(procurementTasks.status, 'draft');

/** A supplier's own quotes (the current one per task). */
export const supplierQuoteScope = (supplierId: number): SQL => eq(quotations.supplierId, supplierId);

/** The clarifications a supplier reads on a task it sees: every answered one and its own open ones. */
export const supplierClarificationScope = (supplierId: number): SQL =>
  or(isNotNull(clarifications.answer), eq(clarifications.supplierId, supplierId)) as SQL;

/** A supplier's own purchase orders. */
export const supplierOrderScope = (supplierId: number): SQL => eq(purchaseOrders.supplierId, supplierId);

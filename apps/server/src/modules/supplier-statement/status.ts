import {
  STATEMENT_ACTION_LABELS,
  STATEMENT_ACTIONS,
  STATEMENT_STATUS_LABELS,
  type StatementAction,
  type StatementStatus,
  statementActionAllowed,
} from '@scm/contract';
import { type AppError, conflict, forbidden } from '../../lib/http/errors';
import type { StatementAccess } from './access';

/** What the portal lets a supplier do to its own statements; the rest is the buyer's and finance's. */
const PORTAL_ACTIONS: readonly StatementAction[] = ['confirm', 'dispute', 'invoice'];
/** What only the supplier does: staff never confirm or dispute on its behalf. */
const SUPPLIER_ONLY: readonly StatementAction[] = ['confirm', 'dispute'];
/** Four-eyes (docs/rules/statements.md): never by the statement's creator. */
const NOT_BY_CREATOR: readonly StatementAction[] = ['approve', 'resolve_exception'];
const BEFORE_CONFIRMATION: readonly StatementStatus[] = ['draft', 'sent', 'disputed', 'cancelled'];
export const OWN_STATEMENT_MESSAGE = '不能审批自己创建的对账单';

interface StatementState {
  status: StatementStatus;
  createdBy: number;
}

/**
 * Why `action` cannot start on the statement now for this caller, or null when it can: the realm,
 * four-eyes, then the status machine (STATEMENT_TRANSITIONS). The writes throw it; the detail's
 * `allowedActions` lists the actions it has no objection to.
 */
export function statementActionRefusal(statement: StatementState, action: StatementAction, access: StatementAccess): AppError | null {
  if ('supplierId' in access ? !PORTAL_ACTIONS.includes(action) : SUPPLIER_ONLY.includes(action)) return forbidden();
  if ('user' in access && NOT_BY_CREATOR.includes(action) && statement.createdBy === access.user.id) return forbidden(OWN_STATEMENT_MESSAGE);
  if (statementActionAllowed(action, statement.status)) return null;
  if (action === 'invoice' && BEFORE_CONFIRMATION.includes(statement.status)) return conflict('对账单尚未经供应商确认，不能登记发票');
  return conflict(`对账单当前为「${STATEMENT_STATUS_LABELS[statement.status]}」，不能${STATEMENT_ACTION_LABELS[action]}`);
}

export function assertStatementAction(statement: StatementState, action: StatementAction, access: StatementAccess): void {
  const refusal = statementActionRefusal(statement, action, access);
  if (refusal) throw refusal;
}

export const allowedStatementActions = (statement: StatementState, access: StatementAccess): StatementAction[] =>
  STATEMENT_ACTIONS.filter((action) => !statementActionRefusal(statement, action, access));

import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supplierStatements } from '../../db/schema';
import type { AuthUser } from '../../lib/http/context';
import { statementScope as staffScope } from '../../lib/access/data-scope';
import { notFound, staleVersion } from '../../lib/http/errors';
import { type Param, written } from '../../lib/sql/prepared';

/**
 * Who asks for a statement: a back-office user within their 数据范围 (仅本人: the statements they
 * created), or a supplier in the portal, for its own statements once sent. Anything else answers
 * 404, as a missing statement does.
 */
export type StatementAccess = { user: AuthUser } | { supplierId: number };

/** The statements `access` reaches; a prepared statement passes `param` (`placeholders()`). */
export function statementScope(access: StatementAccess, param: Param = written): SQL | undefined {
  if ('supplierId' in access)
    return and(eq(supplierStatements.supplierId, param('scopeSupplierId', access.supplierId)), isNotNull(supplierStatements.sentAt));
  return staffScope(access.user, param('scopeUserId', access.user.id));
}

/** What the text of `statementScope`'s condition depends on, for a prepared statement's shape. */
export const statementScopeShape = (access: StatementAccess) => ('supplierId' in access ? 'supplier' : access.user.dataScope);

const missing = () => notFound('对账单不存在');

export async function loadStatement(db: Db, access: StatementAccess, id: number) {
  const [statement] = await db
    .select()
    .from(supplierStatements)
    .where(and(eq(supplierStatements.id, id), statementScope(access)));
  if (!statement) throw missing();
  return statement;
}

/** The statement for a change, row-locked until the transaction ends; 409 on a stale version (when one is given). */
export async function lockStatement(tx: Db, access: StatementAccess, id: number, version?: number) {
  const [statement] = await tx
    .select()
    .from(supplierStatements)
    .where(and(eq(supplierStatements.id, id), statementScope(access)))
    .for('update');
  if (!statement) throw missing();
  if (version !== undefined && statement.version !== version) throw staleVersion();
  return statement;
}

export type StatementRow = typeof supplierStatements.$inferSelect;
export const statementRef = (s: StatementRow) => ({ id: s.id, code: s.code, supplierId: s.supplierId, createdBy: s.createdBy });

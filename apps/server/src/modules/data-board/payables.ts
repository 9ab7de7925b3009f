import { OPEN_PAYABLE_STATEMENT_STATUSES } from '@scm/contract';
import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supplierStatements } from '../../db/schema';
import type { AuthUser } from '../../lib/http/context';
import { statementScope } from '../../lib/access/data-scope';

/**
 * 待付款 (docs/rules/statements.md, "Board and workbench"): the total of the statements the company
 * has agreed with its suppliers and not yet paid (已确认, 已开票, 已审批) in the user's data scope, now.
 */
export async function openPayableFen(db: Db, user: AuthUser): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${supplierStatements.totalFen}), 0)::text` })
    .from(supplierStatements)
    .where(and(inArray(supplierStatements.status, [...OPEN_PAYABLE_STATEMENT_STATUSES]), statementScope(user)));
  return Number(row.total);
}

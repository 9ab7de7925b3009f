import type { operationLogListRequest } from '@scm/contract';
import { and, asc, count, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditLogs, planningTasks, procurementTasks, quotations } from '../../db/schema';
import type { AuthedContext, AuthUser } from '../../lib/http/context';
import { likePattern } from '../../lib/sql/keywords';
import { orderBy, pageOffset, pageResult } from '../../lib/sql/paging';
import { iso } from '../../lib/sql/rows';
import { planScope, taskScope } from '../../lib/access/data-scope';

type ListInput = z.output<typeof operationLogListRequest>;

/**
 * With data scope `own`, the rows about plans, procurement tasks and quotations are shown only for
 * the records the user may see (a quote's row names the quote, a decline names its task).
 */
function scopeWhere(user: AuthUser): SQL | undefined {
  const plans = planScope(user);
  const tasks = taskScope(user);
  if (!plans || !tasks) return undefined;
  const ownTaskIds = sql`(select ${procurementTasks.id}::text from ${procurementTasks} where ${tasks})`;
  return sql`case ${auditLogs.module}
    when 'planning_task' then ${auditLogs.recordId} in (select ${planningTasks.id}::text from ${planningTasks} where ${plans})
    when 'procurement_task' then ${auditLogs.recordId} in ${ownTaskIds}
    when 'quotation' then case when ${auditLogs.action} = 'decline' then ${auditLogs.recordId} in ${ownTaskIds}
      else ${auditLogs.recordId} in (select ${quotations.id}::text from ${quotations} where ${quotations.taskId}::text in ${ownTaskIds}) end
    else true end`;
}

export async function listOperationLogs(ctx: AuthedContext, input: ListInput) {
  const filters: SQL[] = [];
  const scope = scopeWhere(ctx.user);
  if (scope) filters.push(scope);
  if (input.userId) filters.push(eq(auditLogs.userId, input.userId));
  if (input.module) filters.push(eq(auditLogs.module, input.module));
  if (input.action) filters.push(eq(auditLogs.action, input.action));
  if (input.startTime) filters.push(gte(auditLogs.createdAt, new Date(input.startTime)));
  if (input.endTime) filters.push(lte(auditLogs.createdAt, new Date(input.endTime)));
  if (input.keyword) {
    const pattern = likePattern(input.keyword);
    filters.push(
      or(ilike(auditLogs.userName, pattern), ilike(auditLogs.summary, pattern), ilike(auditLogs.recordId, pattern), ilike(auditLogs.ip, pattern))!,
    );
  }
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(...orderBy(input, { createdAt: auditLogs.createdAt }, [], auditLogs.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    ctx.db.select({ total: count() }).from(auditLogs).where(where),
  ]);
  return pageResult(
    rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      userName: r.userName,
      ip: r.ip,
      module: r.module,
      action: r.action,
      recordId: r.recordId,
      summary: r.summary,
      before: r.before,
      after: r.after,
      createdAt: iso(r.createdAt)!,
    })),
    total,
    input,
  );
}

/** The modules and actions present in the log, for the filter selects. */
export async function operationLogFilters(ctx: AuthedContext) {
  const [modules, actions] = await Promise.all([
    ctx.db.selectDistinct({ value: auditLogs.module }).from(auditLogs).orderBy(asc(auditLogs.module)),
    ctx.db.selectDistinct({ value: auditLogs.action }).from(auditLogs).orderBy(asc(auditLogs.action)),
  ]);
  return { modules: modules.map((m) => m.value), actions: actions.map((a) => a.value) };
}

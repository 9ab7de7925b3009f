import { addDays, auditActionLabel, auditModuleLabel, DAY_MS, shanghaiDay } from '@scm/contract';
import { and, asc, desc, eq, lte, ne, sql } from 'drizzle-orm';
import { auditLogs, pageVisits, planningTasks, procurementTasks, purchaseOrders, shipments, supplierStatements, suppliers } from '../../db/schema';
import { orderScope, statementScope } from '../../lib/access/data-scope';
import type { AuthedContext } from '../../lib/http/context';
import { period } from '../data-board/period';
import { queryRows } from '../../lib/sql/rows';
import { openOrderFigures } from '../data-board/orders';
import { inScope } from '../data-board/queries';
import { boardScope, kpisFor } from '../data-board/service';
import { drawnUpBy } from '../planning/four-eyes';

const SHORTCUT_COUNT = 8;
const RECENT_COUNT = 10;
const ARRIVING_LIST_SIZE = 5;

/** Each to-do with the code that allows it; a count the user may not see is not even computed. */
const TODO_CODES = {
  plansToApprove: 'planningTaskList:approve',
  myDraftPlans: 'planningTaskList',
  myRejectedPlans: 'planningTaskList',
  tasksToPublish: 'procurementTaskList',
  tasksDeadlineSoon: 'procurementTaskList',
  tasksToAward: 'procurementTaskMaintain:award',
  quotesExpiringSoon: 'procurementTaskMaintain',
  ordersToReceive: 'purchaseOrder:receive',
  statementsToInvoice: 'supplierStatement:invoice',
  statementsToApprove: 'supplierStatement:approve',
  statementsToPay: 'supplierStatement:pay',
} as const;
type TodoKey = keyof typeof TODO_CODES;

/**
 * The to-do counts in one statement, one scalar subquery per card the user may see, each over the
 * plans and tasks of the user's data scope.
 */
async function countTodos(ctx: AuthedContext): Promise<Record<TodoKey, number | null>> {
  const me = ctx.user.id;
  const now = ctx.now();
  const today = shanghaiDay(now);
  const scope = boardScope(ctx.user);
  const plans = inScope(sql`p.id`, planningTasks, scope.plans);
  const tasks = inScope(sql`t.id`, procurementTasks, scope.tasks);
  const orders = orderScope(ctx.user);
  const statementsIn = (status: string, extra = sql``) => {
    const scope = statementScope(ctx.user);
    return sql`select count(*) from ${supplierStatements} where ${supplierStatements.status} = ${status} ${extra} ${scope ? sql`and ${scope}` : sql``}`;
  };
  const counts: Record<TodoKey, ReturnType<typeof sql>> = {
    // Four-eyes: plans the user took part in drawing up are not theirs to review (planning refuses it).
    plansToApprove: sql`select count(*) from planning_tasks p where p.status = 'submitted'
      and p.id not in (select ${planningTasks.id} from ${planningTasks} where ${drawnUpBy(ctx.user)}) ${plans}`,
    myDraftPlans: sql`select count(*) from planning_tasks p where p.status = 'draft' and p.owner_id = ${me} ${plans}`,
    myRejectedPlans: sql`select count(*) from planning_tasks p where p.status = 'rejected' and p.owner_id = ${me} ${plans}`,
    // The hand-off from planning: drafts (generated from a plan or made by someone else) the user is the buyer of.
    tasksToPublish: sql`select count(*) from procurement_tasks t where t.status = 'draft' and t.buyer_id = ${me} ${tasks}`,
    tasksDeadlineSoon: sql`select count(*) from procurement_tasks t
      where t.status = 'quoting' and t.quote_deadline >= ${now.toISOString()}::timestamptz
        and t.quote_deadline < ${new Date(now.getTime() + 3 * DAY_MS).toISOString()}::timestamptz ${tasks}`,
    // A quoting task whose deadline has passed is waiting for award too (the task list reads it so).
    tasksToAward: sql`select count(*) from procurement_tasks t
      where (t.status = 'evaluating' or (t.status = 'quoting' and t.quote_deadline <= ${now.toISOString()}::timestamptz)) ${tasks}`,
    quotesExpiringSoon: sql`select count(*) from quotations q join procurement_tasks t on t.id = q.task_id
      where q.status = 'submitted' and t.status in ('quoting', 'evaluating')
        and q.valid_until >= ${today}::date and q.valid_until <= ${addDays(today, 7)}::date ${tasks}`,
    ordersToReceive: sql`select count(*) from ${purchaseOrders} where ${purchaseOrders.status} in ('confirmed', 'partially_received')
      ${orders ? sql`and ${orders}` : sql``}`,
    statementsToInvoice: statementsIn('confirmed'),
    // Four-eyes: a statement the user created is not theirs to approve.
    statementsToApprove: statementsIn('invoiced', sql`and ${supplierStatements.createdBy} <> ${me}`),
    statementsToPay: statementsIn('approved'),
  };
  const keys = Object.keys(TODO_CODES) as TodoKey[];
  const columns = keys.map((key, i) =>
    ctx.user.permissionCodes.has(TODO_CODES[key]) ? sql`(${counts[key]})::int as ${sql.raw(`c${i}`)}` : sql`null::int as ${sql.raw(`c${i}`)}`,
  );
  const [row] = await queryRows<Record<string, number | null>>(ctx.db, sql`select ${sql.join(columns, sql`, `)}`);
  return Object.fromEntries(keys.map((key, i) => [key, row[`c${i}`]])) as Record<TodoKey, number | null>;
}

async function monthKpis(ctx: AuthedContext) {
  if (!ctx.user.permissionCodes.has('dataBoard')) return null;
  const today = shanghaiDay(ctx.now());
  const monthStart = `${today.slice(0, 7)}-01`;
  const { current } = await kpisFor(ctx.db, boardScope(ctx.user), period(monthStart, today));
  return {
    awardedAmountFen: current.awardedAmountFen,
    tasksCompleted: current.tasksCompleted,
    savingsVsAverage: current.savingsVsAverage,
    monthStart,
  };
}

async function mostOpenedPages(ctx: AuthedContext) {
  const rows = await ctx.db
    .select({ key: pageVisits.pageKey, count: pageVisits.count })
    .from(pageVisits)
    .where(and(eq(pageVisits.userId, ctx.user.id), ne(pageVisits.pageKey, 'basic')))
    .orderBy(desc(pageVisits.count), desc(pageVisits.lastVisitedAt))
    .limit(SHORTCUT_COUNT * 2);
  // A page whose code the role lost since it was opened is no longer offered.
  return rows.filter((r) => ctx.user.permissionCodes.has(r.key)).slice(0, SHORTCUT_COUNT);
}

async function recentOperations(ctx: AuthedContext) {
  const rows = await ctx.db
    .select({
      id: auditLogs.id,
      module: auditLogs.module,
      action: auditLogs.action,
      recordId: auditLogs.recordId,
      summary: auditLogs.summary,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, ctx.user.id), ne(auditLogs.module, 'auth')))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(RECENT_COUNT);
  // Named here, so the workbench's first screen does not carry every module's vocabulary.
  return rows.map((r) => ({
    ...r,
    moduleLabel: auditModuleLabel(r.module),
    actionLabel: auditActionLabel(r.module, r.action),
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

/** 今日预计到货 (docs/rules/orders.md, "Shipping notices"): in transit and expected today or earlier. */
async function arrivingShipments(ctx: AuthedContext) {
  if (!ctx.user.permissionCodes.has('purchaseOrder:receive')) return null;
  const scope = orderScope(ctx.user);
  const where = and(eq(shipments.status, 'in_transit'), lte(shipments.expectedArrival, shanghaiDay(ctx.now())), scope);
  const [list, [{ count }]] = await Promise.all([
    ctx.db
      .select({
        id: shipments.id,
        code: shipments.code,
        orderId: shipments.orderId,
        orderCode: purchaseOrders.code,
        supplierName: suppliers.name,
        expectedArrival: shipments.expectedArrival,
        deliveryNoteNo: shipments.deliveryNoteNo,
      })
      .from(shipments)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, shipments.orderId))
      .innerJoin(suppliers, eq(suppliers.id, shipments.supplierId))
      .where(where)
      .orderBy(asc(shipments.expectedArrival), asc(shipments.id))
      .limit(ARRIVING_LIST_SIZE),
    ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(shipments)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, shipments.orderId))
      .where(where),
  ]);
  return { count, list };
}

export async function getOverview(ctx: AuthedContext) {
  const [todos, kpis, shortcuts, recent, orders, arriving] = await Promise.all([
    countTodos(ctx),
    monthKpis(ctx),
    mostOpenedPages(ctx),
    recentOperations(ctx),
    openOrderFigures(ctx.db, ctx.user, shanghaiDay(ctx.now())),
    arrivingShipments(ctx),
  ]);
  return { todos, kpis, shortcuts, recentOperations: recent, ...orders, arrivingShipments: arriving };
}

/**
 * Counts one opening of a page. Not audited: it is a usage counter, not a change to business data,
 * and auditing it would bury the user's real operations on the workbench.
 */
export async function recordVisit(ctx: AuthedContext, key: string) {
  if (!ctx.user.permissionCodes.has(key)) return null;
  const now = ctx.now();
  await ctx.db
    .insert(pageVisits)
    .values({ userId: ctx.user.id, pageKey: key, count: 1, lastVisitedAt: now })
    .onConflictDoUpdate({
      target: [pageVisits.userId, pageVisits.pageKey],
      set: { count: sql`${pageVisits.count} + 1`, lastVisitedAt: now },
    });
  return null;
}

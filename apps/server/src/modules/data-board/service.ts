import { type BoardKpis, PLAN_STATUS_LABELS, shanghaiDay } from '@scm/contract';
import type { Db } from '../../db/client';
import type { AuthedContext, AuthUser } from '../../lib/http/context';
import { notFound } from '../../lib/http/errors';
import { planScope, taskScope } from '../../lib/access/data-scope';
import { openOrderFigures } from './orders';
import { openPayableFen } from './payables';
import { type Period, period, previousPeriod } from './period';
import {
  type BoardScope,
  categoryAmountQuery,
  categoryHeaderQuery,
  monthlyAwardQuery,
  planFunnelQuery,
  savingsTrendQuery,
  summaryQuery,
  supplierResponseQuery,
  topSuppliersQuery,
} from './queries';
import { fen, queryRows } from '../../lib/sql/rows';

interface Filter {
  dateFrom: string;
  dateTo: string;
  categoryId?: number;
}

interface KpiRow {
  cur: boolean;
  amount: string;
  deductible: string;
  completed: number;
  savings_vs_average: number | null;
  savings_vs_budget: number | null;
  freight_share: number | null;
  response_rate: number | null;
}

const toKpis = (row: KpiRow | undefined): BoardKpis => ({
  awardedAmountFen: fen(row?.amount),
  deductibleVatFen: fen(row?.deductible),
  tasksCompleted: row?.completed ?? 0,
  savingsVsAverage: row?.savings_vs_average ?? null,
  savingsVsBudget: row?.savings_vs_budget ?? null,
  responseRate: row?.response_rate ?? null,
  freightShare: row?.freight_share ?? null,
});

/** Every figure counts only the tasks and plans in the user's data scope. */
export const boardScope = (user: AuthUser): BoardScope => ({ tasks: taskScope(user), plans: planScope(user) });

/** The KPI figures of a period and of the period of the same length before it. */
export async function kpisFor(db: Db, scope: BoardScope, current: Period, categoryId?: number, now?: Date) {
  const previous = previousPeriod(current);
  const rows = await queryRows<KpiRow>(db, summaryQuery(current, previous, categoryId, scope, now));
  return {
    current: toKpis(rows.find((r) => r.cur)),
    previous: toKpis(rows.find((r) => !r.cur)),
    previousFrom: previous.from,
    previousTo: previous.to,
  };
}

export async function getSummary(ctx: AuthedContext, f: Filter) {
  const [kpis, orders, payable] = await Promise.all([
    kpisFor(ctx.db, boardScope(ctx.user), period(f.dateFrom, f.dateTo), f.categoryId, ctx.now()),
    openOrderFigures(ctx.db, ctx.user, shanghaiDay(ctx.now()), { from: f.dateFrom, to: f.dateTo }),
    openPayableFen(ctx.db, ctx.user),
  ]);
  return { ...orders, openPayableFen: payable, ...kpis };
}

export async function getMonthlyAward(ctx: AuthedContext, f: Filter) {
  const rows = await queryRows<{ month: string; amount: string; tasks: number }>(
    ctx.db,
    monthlyAwardQuery(period(f.dateFrom, f.dateTo), f.categoryId, boardScope(ctx.user)),
  );
  return rows.map((r) => ({ month: r.month, amountFen: fen(r.amount), taskCount: r.tasks }));
}

export async function getCategoryAmount(ctx: AuthedContext, f: Filter & { parentId?: number }) {
  const parentId = f.parentId ?? f.categoryId ?? null;
  let parent = null;
  if (parentId !== null) {
    const [row] = await queryRows<{ id: number; name: string; parent_id: number | null }>(ctx.db, categoryHeaderQuery(parentId));
    if (!row) throw notFound('商品分类不存在');
    parent = { id: row.id, name: row.name, parentId: row.parent_id };
  }
  const rows = await queryRows<{ id: number; name: string; amount: string; has_children: boolean }>(
    ctx.db,
    // Drilling at the filter's own category: the tree already holds only its descendants.
    categoryAmountQuery(period(f.dateFrom, f.dateTo), parentId, parentId === f.categoryId ? undefined : f.categoryId, boardScope(ctx.user)),
  );
  return {
    parent,
    items: rows.map((r) => ({ categoryId: r.id, name: r.name, amountFen: fen(r.amount), hasChildren: r.has_children && r.id !== parentId })),
  };
}

export async function getTopSuppliers(ctx: AuthedContext, f: Filter) {
  const rows = await queryRows<{ id: number; name: string; amount: string }>(
    ctx.db,
    topSuppliersQuery(period(f.dateFrom, f.dateTo), f.categoryId, boardScope(ctx.user)),
  );
  return rows.map((r) => ({ supplierId: r.id, name: r.name, amountFen: fen(r.amount) }));
}

export async function getSupplierResponse(ctx: AuthedContext, f: Filter) {
  const rows = await queryRows<{ id: number; name: string; invited: number; quoted: number; rate: number }>(
    ctx.db,
    supplierResponseQuery(period(f.dateFrom, f.dateTo), f.categoryId, boardScope(ctx.user)),
  );
  return rows.map((r) => ({ supplierId: r.id, name: r.name, invited: r.invited, quoted: r.quoted, rate: r.rate }));
}

const FUNNEL_STAGES = [
  ['created', '已创建'],
  ['submitted', PLAN_STATUS_LABELS.submitted],
  ['approved', PLAN_STATUS_LABELS.approved],
  ['in_procurement', PLAN_STATUS_LABELS.in_procurement],
  ['completed', PLAN_STATUS_LABELS.completed],
] as const;

export async function getPlanFunnel(ctx: AuthedContext, f: Filter) {
  const [row] = await queryRows<Record<(typeof FUNNEL_STAGES)[number][0], number>>(
    ctx.db,
    planFunnelQuery(period(f.dateFrom, f.dateTo), f.categoryId, boardScope(ctx.user)),
  );
  return FUNNEL_STAGES.map(([status, label]) => ({ status, label, count: row?.[status] ?? 0 }));
}

export async function getSavingsTrend(ctx: AuthedContext, f: Filter) {
  const rows = await queryRows<{ month: string; savings_vs_average: number | null; savings_vs_budget: number | null; freight_share: number | null }>(
    ctx.db,
    savingsTrendQuery(period(f.dateFrom, f.dateTo), f.categoryId, boardScope(ctx.user)),
  );
  return rows.map((r) => ({
    month: r.month,
    savingsVsAverage: r.savings_vs_average,
    savingsVsBudget: r.savings_vs_budget,
    freightShare: r.freight_share,
  }));
}

import { DICT, PLAN_AUDIT, type PlanDetail, planLineProgressQuantity, type planListRequest, type PlanStatus, type PlanSummary } from '@scm/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditLogs, backUsers, categories, commodities, dictItems, dictTypes, planningTaskLines, planningTasks, warehouses } from '../../db/schema';
import type { AuthedContext, AuthUser } from '../../lib/http/context';
import { allWordsLike } from '../../lib/sql/keywords';
import { orderBy, pageOffset, pageResult } from '../../lib/sql/paging';
import { iso } from '../../lib/sql/rows';
import { planScope } from '../../lib/access/data-scope';
import { prepared } from '../../lib/sql/prepared';
import { reviewBlockedReason } from './four-eyes';
import { linkedProcurementTasks, planAwardedGoodsFen } from './procurement-link';
import { loadPlanForUser } from './scope';
import { allowedPlanActions } from './status';

type PlanRow = typeof planningTasks.$inferSelect;

const owners = alias(backUsers, 'owner');

/** The plan's warehouse by name (the code stays in `warehouse`). */
const warehouseName = sql<string | null>`(select ${warehouses.name} from ${warehouses} where ${warehouses.code} = ${planningTasks.warehouse})`;

function summaryOf(user: AuthUser, row: PlanRow, owner: { id: number; username: string } | null, warehouseName: string | null): PlanSummary {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    planType: row.planType,
    warehouse: row.warehouse,
    warehouseName,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    requiredBy: row.requiredBy,
    status: row.status,
    owner,
    lineCount: row.lineCount,
    plannedQuantity: row.plannedQuantity,
    awardedQuantity: row.awardedQuantity,
    budgetTotalFen: row.budgetTotalFen,
    reviewBlockedReason: reviewBlockedReason(user, row),
    progress: row.plannedQuantity > 0 ? Math.floor((row.progressQuantity * 100) / row.plannedQuantity) : 0,
    version: row.version,
    updatedAt: iso(row.updatedAt) ?? '',
  };
}

type Filter = Omit<z.output<typeof planListRequest>, 'page' | 'pageSize' | 'sortField' | 'sortOrder'>;

/** The list filter within the user's data scope (the list and the export read the same plans). */
function filterWhere(user: AuthUser, input: Filter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    planScope(user),
    allWordsLike(planningTasks.searchText, input.keyword),
    input.status ? eq(planningTasks.status, input.status) : undefined,
    input.planType ? eq(planningTasks.planType, input.planType) : undefined,
    input.warehouse ? eq(planningTasks.warehouse, input.warehouse) : undefined,
    input.ownerId ? eq(planningTasks.ownerId, input.ownerId) : undefined,
    // The plan's period overlaps the chosen range.
    input.periodFrom ? gte(planningTasks.periodEnd, input.periodFrom) : undefined,
    input.periodTo ? lte(planningTasks.periodStart, input.periodTo) : undefined,
    input.ids ? inArray(planningTasks.id, input.ids) : undefined,
  ];
  return and(...conditions);
}

const sortColumns = {
  code: planningTasks.code,
  name: planningTasks.name,
  periodStart: planningTasks.periodStart,
  budgetTotalFen: planningTasks.budgetTotalFen,
  updatedAt: planningTasks.updatedAt,
  createdAt: planningTasks.createdAt,
};

export async function listPlans(ctx: AuthedContext, input: z.output<typeof planListRequest>) {
  const where = filterWhere(ctx.user, input);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ plan: planningTasks, owner: { id: owners.id, username: owners.username }, warehouseName })
      .from(planningTasks)
      .leftJoin(owners, eq(owners.id, planningTasks.ownerId))
      .where(where)
      .orderBy(...orderBy(input, sortColumns, [desc(planningTasks.updatedAt)], planningTasks.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(planningTasks).where(where),
  ]);
  return pageResult(
    rows.map((r) => summaryOf(ctx.user, r.plan, r.owner, r.warehouseName)),
    total,
    input,
  );
}

/** Every plan matching a filter, in list order, a batch at a time (for the Excel export). */
export async function* plansForExport(db: Db, user: AuthUser, input: Filter, batchSize = 1000) {
  const where = filterWhere(user, input);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await db
      .select({ plan: planningTasks, owner: { id: owners.id, username: owners.username }, warehouseName })
      .from(planningTasks)
      .leftJoin(owners, eq(owners.id, planningTasks.ownerId))
      .where(where)
      .orderBy(desc(planningTasks.updatedAt), desc(planningTasks.id))
      .limit(batchSize)
      .offset(offset);
    if (rows.length === 0) return;
    yield rows.map((r) => summaryOf(user, r.plan, r.owner, r.warehouseName));
    if (rows.length < batchSize) return;
  }
}

const creators = alias(backUsers, 'creator');
const updaters = alias(backUsers, 'updater');
const planQuery = prepared(
  (db, name) =>
    db
      .select({
        plan: planningTasks,
        owner: { id: owners.id, username: owners.username },
        warehouseName,
        createdBy: { id: creators.id, username: creators.username },
        updatedBy: { id: updaters.id, username: updaters.username },
      })
      .from(planningTasks)
      .leftJoin(owners, eq(owners.id, planningTasks.ownerId))
      .leftJoin(creators, eq(creators.id, planningTasks.createdBy))
      .leftJoin(updaters, eq(updaters.id, planningTasks.updatedBy))
      .where(eq(planningTasks.id, sql.placeholder('id')))
      .prepare(name),
  'plan_detail',
);

export async function getPlan(ctx: AuthedContext, id: number): Promise<PlanDetail> {
  await loadPlanForUser(ctx.db, ctx.user, id);
  const [[row], lines, procurementTasks, timeline, awardedGoodsFen] = await Promise.all([
    planQuery(ctx.db).execute({ id }),
    planLines(ctx.db, id),
    linkedProcurementTasks(ctx.db, ctx.user, id),
    planTimeline(ctx.db, id),
    planAwardedGoodsFen(ctx.db, id),
  ]);
  return {
    ...summaryOf(ctx.user, row.plan, row.owner, row.warehouseName),
    remark: row.plan.remark,
    rejectReason: row.plan.rejectReason,
    closeReason: row.plan.closeReason,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: iso(row.plan.createdAt) ?? '',
    awardedGoodsFen,
    lines,
    procurementTasks,
    timeline,
    allowedActions: allowedPlanActions(ctx.user, row.plan),
  };
}

const planLinesQuery = prepared(
  (db, name) =>
    db
      .select({
        line: planningTaskLines,
        skuCode: commodities.skuCode,
        commodityName: commodities.name,
        spec: commodities.spec,
        unit: commodities.unit,
        categoryId: categories.id,
        categoryName: categories.name,
      })
      .from(planningTaskLines)
      .innerJoin(commodities, eq(commodities.id, planningTaskLines.commodityId))
      .leftJoin(categories, eq(categories.id, commodities.categoryId))
      .where(eq(planningTaskLines.planId, sql.placeholder('planId')))
      .orderBy(asc(planningTaskLines.sort), asc(planningTaskLines.id))
      .prepare(name),
  'plan_detail_lines',
);

export async function planLines(db: Db, planId: number) {
  const rows = await planLinesQuery(db).execute({ planId });
  return rows.map(({ line, ...commodity }) => ({
    id: line.id,
    commodityId: line.commodityId,
    ...commodity,
    quantity: line.quantity,
    budgetUnitPriceFen: line.budgetUnitPriceFen,
    budgetAmountFen: line.quantity * line.budgetUnitPriceFen,
    requiredBy: line.requiredBy,
    remark: line.remark,
    awardedQuantity: line.awardedQuantity,
    orderedQuantity: line.orderedQuantity,
    receivedQuantity: line.receivedQuantity,
    progress: Math.floor((planLineProgressQuantity(line) * 100) / line.quantity),
  }));
}

interface StatusChange {
  status?: PlanStatus;
  reason?: string | null;
  /** An award write-back: which task, how much it added. */
  taskCode?: string;
  quantity?: number;
  goodsFen?: number;
}

/** The plan's history, read from the audit log (who, when, which status change, why). */
const timelineQuery = prepared(
  (db, name) =>
    db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, PLAN_AUDIT.module), eq(auditLogs.recordId, sql.placeholder('recordId'))))
      .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id))
      .prepare(name),
  'plan_timeline',
);

async function planTimeline(db: Db, planId: number) {
  const rows = await timelineQuery(db).execute({ recordId: String(planId) });
  return rows.map((row) => {
    const before = (row.before ?? {}) as StatusChange;
    const after = (row.after ?? {}) as StatusChange;
    return {
      id: row.id,
      action: row.action,
      label: PLAN_AUDIT.actions[row.action] ?? row.action,
      userName: row.userName,
      at: iso(row.createdAt) ?? '',
      fromStatus: before.status ?? null,
      toStatus: after.status ?? null,
      reason: after.reason ?? null,
      award: after.taskCode ? { taskCode: after.taskCode, quantity: after.quantity ?? 0, goodsFen: after.goodsFen ?? 0 } : null,
    };
  });
}

/** Value → {label, enabled} of a dictionary type. */
export async function dictionaryOf(db: Db, typeCode: string) {
  // The warehouse type's items are the warehouses (docs/rules/base-data.md, "Warehouses").
  if (typeCode === DICT.warehouse) {
    const rows = await db.select({ code: warehouses.code, name: warehouses.name, status: warehouses.status }).from(warehouses);
    return new Map(rows.map((r) => [r.code, { label: r.name, enabled: r.status === 'enabled' }]));
  }
  const rows = await db
    .select({ value: dictItems.value, label: dictItems.label, status: dictItems.status })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(eq(dictTypes.code, typeCode));
  return new Map(rows.map((r) => [r.value, { label: r.label, enabled: r.status === 'enabled' }]));
}

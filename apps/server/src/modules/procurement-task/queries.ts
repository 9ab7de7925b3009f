import type { taskExportRequest, taskListRequest } from '@scm/contract';
import { SOURCE_PLAN_STATUSES } from './plan-link';
import { and, asc, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  backUsers,
  commodities,
  planningTasks,
  priceTemplates,
  procurementTaskLines,
  procurementTaskSuppliers,
  procurementTasks,
  suppliers,
  warehouses,
} from '../../db/schema';
import type { AuthUser } from '../../lib/http/context';
import { allWordsLike, keywordWords, likePattern } from '../../lib/sql/keywords';
import { orderBy, pageOffset, pageResult } from '../../lib/sql/paging';
import { iso } from '../../lib/sql/rows';
import { prepared, preparedByShape } from '../../lib/sql/prepared';
import { planScope, taskScope } from '../../lib/access/data-scope';
import { regionFullName } from '../region/regions';
import { allowedTaskActions, effectiveStatus, openPassedDeadlines, statusCondition } from './status';

type Filter = z.output<typeof taskExportRequest>;

/**
 * The list filter within the user's data scope (the list and the export read the same tasks), every
 * value a placeholder held in `values`. Which conditions are present is all the statement's text
 * depends on: `shape` names them, and each page shape is one prepared statement (lib/sql/prepared.ts).
 */
function taskFilter(user: AuthUser, filter: Filter, now: Date) {
  const values: Record<string, unknown> = {};
  const param = (name: string, value: unknown) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  // Every statement reads the status as of now (effectiveStatus in the selection), filtered or not.
  const at = param('now', now.toISOString());
  const where = and(
    user.dataScope === 'all' ? undefined : taskScope(user, param('scopeUserId', user.id)),
    ...keywordWords(filter.keyword).map(
      (word, i) => sql`(${procurementTasks.code} || ' ' || ${procurementTasks.name}) ILIKE ${param(`word${i}`, likePattern(word))}`,
    ),
    filter.status ? statusCondition(filter.status, at, param('status', filter.status)) : undefined,
    filter.buyerId ? eq(procurementTasks.buyerId, param('buyerId', filter.buyerId)) : undefined,
    filter.planId ? eq(procurementTasks.planId, param('planId', filter.planId)) : undefined,
    filter.ids ? sql`${procurementTasks.id} = any(${param('ids', filter.ids)}::int[])` : undefined,
    // Plan codes are unique: one index probe for the plan, then the task index on plan_id.
    filter.planCode
      ? sql`${procurementTasks.planId} = (select ${planningTasks.id} from ${planningTasks} where ${planningTasks.code} = ${param('planCode', filter.planCode)})`
      : undefined,
    filter.supplierId
      ? sql`exists (select 1 from ${procurementTaskSuppliers} where ${procurementTaskSuppliers.taskId} = ${procurementTasks.id} and ${procurementTaskSuppliers.supplierId} = ${param('supplierId', filter.supplierId)})`
      : undefined,
    filter.deadlineFrom
      ? sql`${procurementTasks.quoteDeadline} >= ${param('deadlineFrom', new Date(filter.deadlineFrom).toISOString())}::timestamptz`
      : undefined,
    filter.deadlineTo
      ? sql`${procurementTasks.quoteDeadline} <= ${param('deadlineTo', new Date(filter.deadlineTo).toISOString())}::timestamptz`
      : undefined,
  );
  // The status filter's text differs for 报价中 and 待定标 (statusCondition in status.ts), so it is part of the shape.
  const shape = [...Object.keys(values).sort(), filter.status === 'quoting' || filter.status === 'evaluating' ? filter.status : ''].join(',');
  return { where, values, shape };
}

const selection = (now: Date | Placeholder) => ({
  task: procurementTasks,
  status: effectiveStatus(now),
  buyerName: backUsers.username,
  planCode: planningTasks.code,
  warehouseName: sql<string | null>`(select ${warehouses.name} from ${warehouses} where ${warehouses.code} = ${procurementTasks.warehouseCode})`,
  lineCount: sql<number>`(select count(*)::int from ${procurementTaskLines} where ${procurementTaskLines.taskId} = ${procurementTasks.id})`,
  invitedCount: sql<number>`(select count(*)::int from ${procurementTaskSuppliers} where ${procurementTaskSuppliers.taskId} = ${procurementTasks.id})`,
  quotedCount: sql<number>`(select count(*)::int from ${procurementTaskSuppliers} where ${procurementTaskSuppliers.taskId} = ${procurementTasks.id} and ${procurementTaskSuppliers.status} = 'received')`,
  // 定标货值: the stored awarded amount is the landed cost (goods + freight); goods come from the lines.
  awardedGoodsFen: sql<
    number | null
  >`(select sum(coalesce(${procurementTaskLines.awardedQuantity}, ${procurementTaskLines.quantity})::bigint * ${procurementTaskLines.awardedUnitPriceFen})::bigint from ${procurementTaskLines} where ${procurementTaskLines.taskId} = ${procurementTasks.id} and ${procurementTaskLines.awardedSupplierId} is not null)`,
});

type Row = Awaited<ReturnType<typeof selectTasks>>[number];
function selectTasks(db: Db, now: Date | Placeholder) {
  return db
    .select(selection(now))
    .from(procurementTasks)
    .innerJoin(backUsers, eq(backUsers.id, procurementTasks.buyerId))
    .leftJoin(planningTasks, eq(planningTasks.id, procurementTasks.planId));
}

function toListItem(row: Row) {
  const t = row.task;
  return {
    id: t.id,
    code: t.code,
    name: t.name,
    planId: t.planId,
    planCode: row.planCode,
    buyerId: t.buyerId,
    buyerName: row.buyerName,
    quoteDeadline: iso(t.quoteDeadline) as string,
    deliveryRegionCode: t.deliveryRegionCode,
    deliveryRegionName: regionFullName(t.deliveryRegionCode) || t.deliveryRegionCode,
    warehouseCode: t.warehouseCode,
    warehouseName: row.warehouseName,
    requiredBy: t.requiredBy,
    status: row.status,
    sealed: t.sealed,
    unsealedAt: iso(t.unsealedAt),
    lineCount: Number(row.lineCount),
    invitedCount: Number(row.invitedCount),
    quotedCount: Number(row.quotedCount),
    ...awardedAmounts(t.awardedAmountFen, row.awardedGoodsFen),
    remark: t.remark,
    version: t.version,
    createdAt: iso(t.createdAt) as string,
    updatedAt: iso(t.updatedAt) as string,
  };
}

/** 定标货值, 运费 and 到货成本 of a task; all null before the award. */
function awardedAmounts(landedFen: number | null, goodsFen: number | string | null) {
  if (landedFen == null || goodsFen == null) return { awardedGoodsFen: null, awardedFreightFen: null, awardedAmountFen: landedFen };
  const goods = Number(goodsFen);
  return { awardedGoodsFen: goods, awardedFreightFen: landedFen - goods, awardedAmountFen: landedFen };
}

const SORTS = {
  code: procurementTasks.code,
  name: procurementTasks.name,
  quoteDeadline: procurementTasks.quoteDeadline,
  updatedAt: procurementTasks.updatedAt,
  awardedAmountFen: procurementTasks.awardedAmountFen,
};

const taskPage = preparedByShape(
  (db, { where, order }: { where: SQL | undefined; order: SQL[] }) =>
    selectTasks(db, sql.placeholder('now'))
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  'task_list',
);
const taskCount = preparedByShape(
  (db, { where }: { where: SQL | undefined }) => db.select({ total: sql<number>`count(*)::int` }).from(procurementTasks).where(where),
  'task_count',
);
const taskBatch = preparedByShape(
  (db, { where }: { where: SQL | undefined }) =>
    selectTasks(db, sql.placeholder('now'))
      .where(and(where, sql`${procurementTasks.id} > ${sql.placeholder('afterId')}`))
      .orderBy(asc(procurementTasks.id))
      .limit(sql.placeholder('size')),
  'task_export',
);

export async function listTasks(db: Db, user: AuthUser, input: z.output<typeof taskListRequest>, now: Date) {
  await openPassedDeadlines(db, 'all', now);
  const { where, values, shape } = taskFilter(user, input, now);
  const order = orderBy(input, SORTS, [sql`${procurementTasks.updatedAt} desc`], procurementTasks.id);
  const [rows, [{ total }]] = await Promise.all([
    taskPage(
      db,
      `${shape};${input.sortField ?? ''} ${input.sortOrder ?? ''}`,
      { where, order },
      { ...values, limit: input.pageSize, offset: pageOffset(input) },
    ),
    taskCount(db, shape, { where }, values),
  ]);
  return pageResult(rows.map(toListItem), Number(total), input);
}

export async function exportTaskBatch(db: Db, user: AuthUser, filter: Filter, now: Date, afterId: number, size: number) {
  const { where, values, shape } = taskFilter(user, filter, now);
  const rows = await taskBatch(db, shape, { where }, { ...values, afterId, size });
  return rows.map(toListItem);
}

const PLAN_OPTION_LIMIT = 30;

/**
 * Plans matched on code and name (the plan's trigram index), newest first: those tasks were created
 * from, or with `open` those a new task may come from.
 */
export async function sourcePlanOptions(db: Db, user: AuthUser, { keyword, open }: { keyword?: string; open?: boolean }) {
  return db
    .select({ planId: planningTasks.id, code: planningTasks.code, name: planningTasks.name })
    .from(planningTasks)
    .where(
      and(
        open
          ? inArray(planningTasks.status, SOURCE_PLAN_STATUSES)
          : sql`exists (select 1 from ${procurementTasks} where ${procurementTasks.planId} = ${planningTasks.id})`,
        allWordsLike(planningTasks.searchText, keyword),
        planScope(user),
      ),
    )
    .orderBy(desc(planningTasks.id))
    .limit(PLAN_OPTION_LIMIT);
}

const taskQuery = prepared(
  (db, name) =>
    selectTasks(db, sql.placeholder('now'))
      .where(eq(procurementTasks.id, sql.placeholder('id')))
      .prepare(name),
  'task_detail',
);

const taskLinesQuery = prepared(
  (db, name) =>
    db
      .select({
        id: procurementTaskLines.id,
        commodityId: procurementTaskLines.commodityId,
        skuCode: commodities.skuCode,
        commodityName: commodities.name,
        spec: commodities.spec,
        unit: commodities.unit,
        weightG: commodities.weightG,
        volumeCm3: commodities.volumeCm3,
        quantity: procurementTaskLines.quantity,
        targetPriceFen: procurementTaskLines.targetPriceFen,
        planLineId: procurementTaskLines.planLineId,
        remark: procurementTaskLines.remark,
        awardedSupplierId: procurementTaskLines.awardedSupplierId,
        awardedUnitPriceFen: procurementTaskLines.awardedUnitPriceFen,
        awardedQuantity: procurementTaskLines.awardedQuantity,
        awardedFreightFen: procurementTaskLines.awardedFreightFen,
        awardReason: procurementTaskLines.awardReason,
        awardedDeductibleVatFen: procurementTaskLines.awardedDeductibleVatFen,
      })
      .from(procurementTaskLines)
      .innerJoin(commodities, eq(commodities.id, procurementTaskLines.commodityId))
      .where(eq(procurementTaskLines.taskId, sql.placeholder('id')))
      .orderBy(asc(procurementTaskLines.sort), asc(procurementTaskLines.id))
      .prepare(name),
  'task_detail_lines',
);

const taskInvitationsQuery = prepared(
  (db, name) =>
    db
      .select({
        supplierId: suppliers.id,
        code: suppliers.code,
        name: suppliers.name,
        supplierStatus: suppliers.status,
        priceTemplateId: suppliers.priceTemplateId,
        priceTemplateName: priceTemplates.name,
        invitationStatus: procurementTaskSuppliers.status,
        declineReason: procurementTaskSuppliers.declineReason,
      })
      .from(procurementTaskSuppliers)
      .innerJoin(suppliers, eq(suppliers.id, procurementTaskSuppliers.supplierId))
      .leftJoin(priceTemplates, eq(priceTemplates.id, suppliers.priceTemplateId))
      .where(eq(procurementTaskSuppliers.taskId, sql.placeholder('id')))
      .orderBy(asc(suppliers.code))
      .prepare(name),
  'task_detail_invitations',
);

/** The task, its lines and its invitations, read in parallel (one round trip on a pool). */
export async function findTaskDetail(db: Db, id: number, now: Date) {
  const [[row], lines, invited] = await Promise.all([
    taskQuery(db).execute({ id, now: now.toISOString() }),
    taskLinesQuery(db).execute({ id }),
    taskInvitationsQuery(db).execute({ id }),
  ]);
  if (!row) return undefined;
  return { header: toListItem(row), task: row.task, lines, invited };
}

export function toTaskDetail(found: NonNullable<Awaited<ReturnType<typeof findTaskDetail>>>) {
  return {
    ...found.header,
    allowedActions: allowedTaskActions(found.header),
    unsealReason: found.task.unsealReason,
    unsealedByName: found.task.unsealedBy,
    lines: found.lines.map(({ weightG: _w, volumeCm3: _v, awardedFreightFen: _f, awardReason: _r, awardedDeductibleVatFen: _d, ...line }) => line),
    suppliers: found.invited.map(({ priceTemplateId: _p, priceTemplateName: _n, declineReason: _d, ...s }) => s),
  };
}

export async function supplierStates(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { status: string; name: string }>();
  const rows = await db
    .select({ id: suppliers.id, status: suppliers.status, name: suppliers.name })
    .from(suppliers)
    .where(inArray(suppliers.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

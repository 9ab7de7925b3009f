import type { taskExportRequest, taskListRequest } from '@scm/contract';
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { backUsers, commodities, priceTemplates, procurementTaskLines, procurementTaskSuppliers, procurementTasks, suppliers } from '../../db/schema';
import { iso, likePattern, orderBy, pageOffset, pageResult } from '../../lib/crud';
import { regionFullName } from '../region/regions';
import { effectiveStatus, statusCondition } from './status';

type Filter = z.output<typeof taskExportRequest>;

export function taskWhere(filter: Filter, now: Date): SQL | undefined {
  return and(
    filter.keyword ? sql`(${procurementTasks.code} || ' ' || ${procurementTasks.name}) ILIKE ${likePattern(filter.keyword)}` : undefined,
    filter.status ? statusCondition(filter.status, now) : undefined,
    filter.buyerId ? eq(procurementTasks.buyerId, filter.buyerId) : undefined,
    filter.planId ? eq(procurementTasks.planId, filter.planId) : undefined,
    filter.supplierId
      ? sql`exists (select 1 from ${procurementTaskSuppliers} where ${procurementTaskSuppliers.taskId} = ${procurementTasks.id} and ${procurementTaskSuppliers.supplierId} = ${filter.supplierId})`
      : undefined,
    filter.deadlineFrom ? gte(procurementTasks.quoteDeadline, new Date(filter.deadlineFrom)) : undefined,
    filter.deadlineTo ? lte(procurementTasks.quoteDeadline, new Date(filter.deadlineTo)) : undefined,
  );
}

const selection = (now: Date) => ({
  task: procurementTasks,
  status: effectiveStatus(now),
  buyerName: backUsers.username,
  lineCount: sql<number>`(select count(*)::int from ${procurementTaskLines} where ${procurementTaskLines.taskId} = ${procurementTasks.id})`,
  invitedCount: sql<number>`(select count(*)::int from ${procurementTaskSuppliers} where ${procurementTaskSuppliers.taskId} = ${procurementTasks.id})`,
  quotedCount: sql<number>`(select count(*)::int from ${procurementTaskSuppliers} where ${procurementTaskSuppliers.taskId} = ${procurementTasks.id} and ${procurementTaskSuppliers.status} = 'received')`,
});

type Row = Awaited<ReturnType<typeof selectTasks>>[number];
function selectTasks(db: Db, now: Date) {
  return db.select(selection(now)).from(procurementTasks).innerJoin(backUsers, eq(backUsers.id, procurementTasks.buyerId));
}

export function toListItem(row: Row) {
  const t = row.task;
  return {
    id: t.id,
    code: t.code,
    name: t.name,
    planId: t.planId,
    buyerId: t.buyerId,
    buyerName: row.buyerName,
    quoteDeadline: iso(t.quoteDeadline) as string,
    deliveryRegionCode: t.deliveryRegionCode,
    deliveryRegionName: regionFullName(t.deliveryRegionCode) || t.deliveryRegionCode,
    requiredBy: t.requiredBy,
    status: row.status,
    lineCount: Number(row.lineCount),
    invitedCount: Number(row.invitedCount),
    quotedCount: Number(row.quotedCount),
    awardedAmountFen: t.awardedAmountFen,
    remark: t.remark,
    version: t.version,
    createdAt: iso(t.createdAt) as string,
    updatedAt: iso(t.updatedAt) as string,
  };
}

export async function listTasks(db: Db, input: z.output<typeof taskListRequest>, now: Date) {
  const where = taskWhere(input, now);
  const order = orderBy(
    input,
    {
      code: procurementTasks.code,
      name: procurementTasks.name,
      quoteDeadline: procurementTasks.quoteDeadline,
      updatedAt: procurementTasks.updatedAt,
      awardedAmountFen: procurementTasks.awardedAmountFen,
    },
    [sql`${procurementTasks.updatedAt} desc`],
    procurementTasks.id,
  );
  const [rows, [{ total }]] = await Promise.all([
    selectTasks(db, now).where(where).orderBy(...order).limit(input.pageSize).offset(pageOffset(input)),
    db.select({ total: sql<number>`count(*)::int` }).from(procurementTasks).where(where),
  ]);
  return pageResult(rows.map(toListItem), Number(total), input);
}

export async function exportTaskBatch(db: Db, filter: Filter, now: Date, afterId: number, size: number) {
  const rows = await selectTasks(db, now)
    .where(and(taskWhere(filter, now), sql`${procurementTasks.id} > ${afterId}`))
    .orderBy(asc(procurementTasks.id))
    .limit(size);
  return rows.map(toListItem);
}

/** The task, its lines and its invitations, read in parallel (one round trip on a pool). */
export async function findTaskDetail(db: Db, id: number, now: Date) {
  const [[row], lines, invited] = await Promise.all([
    selectTasks(db, now).where(eq(procurementTasks.id, id)),
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
        awardedFreightFen: procurementTaskLines.awardedFreightFen,
        awardReason: procurementTaskLines.awardReason,
      })
      .from(procurementTaskLines)
      .innerJoin(commodities, eq(commodities.id, procurementTaskLines.commodityId))
      .where(eq(procurementTaskLines.taskId, id))
      .orderBy(asc(procurementTaskLines.sort), asc(procurementTaskLines.id)),
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
      .where(eq(procurementTaskSuppliers.taskId, id))
      .orderBy(asc(suppliers.code)),
  ]);
  if (!row) return undefined;
  return { header: toListItem(row), task: row.task, lines, invited };
}

export function toTaskDetail(found: NonNullable<Awaited<ReturnType<typeof findTaskDetail>>>) {
  return {
    ...found.header,
    lines: found.lines.map(({ weightG: _w, volumeCm3: _v, awardedFreightFen: _f, awardReason: _r, ...line }) => line),
    suppliers: found.invited.map(({ priceTemplateId: _p, priceTemplateName: _n, declineReason: _d, ...s }) => s),
  };
}

export async function supplierStates(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { status: string; name: string }>();
  const rows = await db.select({ id: suppliers.id, status: suppliers.status, name: suppliers.name }).from(suppliers).where(inArray(suppliers.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

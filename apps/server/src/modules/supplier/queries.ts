import type { supplierExportRequest, supplierListRequest } from '@scm/contract';
import { and, asc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { categories, priceTemplates, procurementTasks, procurementTaskSuppliers, quotations, supplierCategories, suppliers } from '../../db/schema';
import type { AuthUser } from '../../lib/http/context';
import { taskScope } from '../../lib/access/data-scope';
import { allWordsLike } from '../../lib/sql/keywords';
import { orderBy, pageOffset, pageResult } from '../../lib/sql/paging';
import { iso } from '../../lib/sql/rows';
import { regionFullName } from '../region/regions';

type Filter = z.output<typeof supplierExportRequest>;

function supplierWhere(filter: Filter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  conditions.push(allWordsLike(sql`(${suppliers.code} || ' ' || ${suppliers.name} || ' ' || ${suppliers.contactPerson})`, filter.keyword));
  if (filter.ids) conditions.push(inArray(suppliers.id, filter.ids));
  if (filter.status) conditions.push(eq(suppliers.status, filter.status));
  if (filter.grade) conditions.push(eq(suppliers.grade, filter.grade));
  if (filter.settlementType) conditions.push(eq(suppliers.settlementType, filter.settlementType));
  if (filter.regionCode) conditions.push(sql`${suppliers.regionCode} LIKE ${`${filter.regionCode.replace(/(00)+$/, '')}%`}`);
  if (filter.categoryId) {
    conditions.push(
      exists(
        sql`(select 1 from ${supplierCategories} where ${supplierCategories.supplierId} = ${suppliers.id} and ${supplierCategories.categoryId} = ${filter.categoryId})`,
      ),
    );
  }
  return and(...conditions);
}

/**
 * Per-supplier statistics, each from an index on supplier_id, counted over the tasks the user may
 * open (数据范围, docs/rules/data-scope.md): a user limited to their own tasks sees how a supplier
 * did on those, never counts that reveal tasks hidden from them.
 */
function statistics(user: AuthUser) {
  const scope = taskScope(user);
  const visible = (taskId: SQL | PgColumn) =>
    scope ? sql` and exists (select 1 from ${procurementTasks} where ${procurementTasks.id} = ${taskId} and ${scope})` : sql``;
  return {
    tasksInvited: sql<number>`(select count(*)::int from ${procurementTaskSuppliers} where ${procurementTaskSuppliers.supplierId} = ${suppliers.id}${visible(procurementTaskSuppliers.taskId)})`,
    quotesSubmitted: sql<number>`(select count(*)::int from ${quotations} where ${quotations.supplierId} = ${suppliers.id} and ${quotations.status} <> 'draft'${visible(quotations.taskId)})`,
    awardsWon: sql<number>`(select count(*)::int from ${quotations} where ${quotations.supplierId} = ${suppliers.id} and ${quotations.status} in ('awarded', 'partially_awarded')${visible(quotations.taskId)})`,
  };
}

const selection = (user: AuthUser) => ({ supplier: suppliers, priceTemplateName: priceTemplates.name, ...statistics(user) });

type Row = {
  supplier: typeof suppliers.$inferSelect;
  priceTemplateName: string | null;
  tasksInvited: number;
  quotesSubmitted: number;
  awardsWon: number;
};

async function withCategories(db: Db, rows: Row[]) {
  const ids = rows.map((r) => r.supplier.id);
  const links = ids.length
    ? await db
        .select({ supplierId: supplierCategories.supplierId, id: categories.id, name: categories.name })
        .from(supplierCategories)
        .innerJoin(categories, eq(categories.id, supplierCategories.categoryId))
        .where(inArray(supplierCategories.supplierId, ids))
        .orderBy(asc(categories.sort), asc(categories.id))
    : [];
  return rows.map(({ supplier, ...stats }) => {
    const mine = links.filter((l) => l.supplierId === supplier.id);
    return {
      ...supplier,
      regionName: regionFullName(supplier.regionCode) || supplier.regionCode,
      categoryIds: mine.map((l) => l.id),
      categoryNames: mine.map((l) => l.name),
      priceTemplateName: stats.priceTemplateName,
      tasksInvited: Number(stats.tasksInvited),
      quotesSubmitted: Number(stats.quotesSubmitted),
      awardsWon: Number(stats.awardsWon),
      winRateBp: Number(stats.quotesSubmitted) > 0 ? Math.round((Number(stats.awardsWon) * 10000) / Number(stats.quotesSubmitted)) : null,
      createdAt: iso(supplier.createdAt) as string,
      updatedAt: iso(supplier.updatedAt) as string,
    };
  });
}

export async function listSuppliers(db: Db, user: AuthUser, input: z.output<typeof supplierListRequest>) {
  const where = supplierWhere(input);
  const { tasksInvited, awardsWon } = statistics(user);
  const order = orderBy(
    input,
    {
      code: suppliers.code,
      name: suppliers.name,
      grade: suppliers.grade,
      updatedAt: suppliers.updatedAt,
      // Statistic subqueries sort like columns; orderBy only reads them through asc()/desc().
      tasksInvited: tasksInvited as never,
      awardsWon: awardsWon as never,
    },
    [sql`${suppliers.updatedAt} desc`],
    suppliers.id,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(selection(user))
      .from(suppliers)
      .leftJoin(priceTemplates, eq(priceTemplates.id, suppliers.priceTemplateId))
      .where(where)
      .orderBy(...order)
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    db.select({ total: sql<number>`count(*)::int` }).from(suppliers).where(where),
  ]);
  return pageResult(await withCategories(db, rows), Number(total), input);
}

export async function findSupplier(db: Db, user: AuthUser, id: number) {
  const rows = await db
    .select(selection(user))
    .from(suppliers)
    .leftJoin(priceTemplates, eq(priceTemplates.id, suppliers.priceTemplateId))
    .where(eq(suppliers.id, id));
  const [supplier] = await withCategories(db, rows);
  return supplier;
}

export async function exportSupplierBatch(db: Db, user: AuthUser, filter: Filter, afterId: number, size: number) {
  const rows = await db
    .select(selection(user))
    .from(suppliers)
    .leftJoin(priceTemplates, eq(priceTemplates.id, suppliers.priceTemplateId))
    .where(and(supplierWhere(filter), sql`${suppliers.id} > ${afterId}`))
    .orderBy(asc(suppliers.id))
    .limit(size);
  return withCategories(db, rows);
}

export async function supplierOptions(db: Db, input: { keyword?: string; invitable?: boolean; limit: number }) {
  const rows = await db
    .select({
      value: suppliers.id,
      label: suppliers.name,
      code: suppliers.code,
      status: suppliers.status,
      grade: suppliers.grade,
      priceTemplateId: suppliers.priceTemplateId,
    })
    .from(suppliers)
    .where(
      and(
        allWordsLike(sql`(${suppliers.code} || ' ' || ${suppliers.name})`, input.keyword),
        input.invitable ? eq(suppliers.status, 'enabled') : undefined,
      ),
    )
    .orderBy(asc(suppliers.code))
    .limit(input.limit);
  return rows;
}

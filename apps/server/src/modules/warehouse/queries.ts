import type { Warehouse, warehouseExportRequest, warehouseListRequest } from '@scm/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { warehouses } from '../../db/schema';
import { fieldError } from '../../lib/http/errors';
import { allWordsLike } from '../../lib/sql/keywords';
import { orderBy, pageOffset, pageResult } from '../../lib/sql/paging';
import { regionFullName } from '../region/regions';

type Row = typeof warehouses.$inferSelect;
type Filter = z.output<typeof warehouseExportRequest>;

export function warehouseView(row: Row): Warehouse {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    regionCode: row.regionCode,
    regionName: regionFullName(row.regionCode) || row.regionCode,
    address: row.address,
    consignee: row.consignee,
    phone: row.phone,
    receivingHours: row.receivingHours,
    status: row.status,
    remark: row.remark,
    version: row.version,
  };
}

const filterWhere = (filter: Filter): SQL | undefined =>
  and(
    allWordsLike(sql`(${warehouses.code} || ' ' || ${warehouses.name} || ' ' || ${warehouses.address})`, filter.keyword),
    filter.status ? eq(warehouses.status, filter.status) : undefined,
  );

export async function listWarehouses(db: Db, input: z.output<typeof warehouseListRequest>) {
  const where = filterWhere(input);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(warehouses)
      .where(where)
      .orderBy(
        ...orderBy(input, { code: warehouses.code, name: warehouses.name, updatedAt: warehouses.updatedAt }, [asc(warehouses.sort)], warehouses.id),
      )
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    db.select({ total: sql<number>`count(*)::int` }).from(warehouses).where(where),
  ]);
  return pageResult(rows.map(warehouseView), total, input);
}

export async function warehousesForExport(db: Db, filter: Filter) {
  const rows = await db.select().from(warehouses).where(filterWhere(filter)).orderBy(asc(warehouses.sort), asc(warehouses.id));
  return rows.map(warehouseView);
}

/** The enabled warehouses for selectors, in the order the dictionary listed them. */
export function warehouseOptions(db: Db) {
  return db
    .select({ code: warehouses.code, name: warehouses.name, regionCode: warehouses.regionCode })
    .from(warehouses)
    .where(eq(warehouses.status, 'enabled'))
    .orderBy(asc(warehouses.sort), asc(warehouses.id));
}

export async function findWarehouseByCode(db: Db, code: string): Promise<Row | undefined> {
  const [row] = await db.select().from(warehouses).where(eq(warehouses.code, code));
  return row;
}

/**
 * A warehouse a new or changed record may name (400 on `field` otherwise): it exists and is
 * enabled; a record that already names it keeps it after it is disabled.
 */
export async function assertWarehouseUsable(db: Db, code: string, field: string, kept?: string | null): Promise<Row> {
  const row = await findWarehouseByCode(db, code);
  if (!row) throw fieldError(field, '仓库不存在');
  if (row.status !== 'enabled' && code !== kept) throw fieldError(field, '该仓库已停用');
  return row;
}

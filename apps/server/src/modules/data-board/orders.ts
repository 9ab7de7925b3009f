import { OPEN_PURCHASE_ORDER_STATUSES, addDays } from '@scm/contract';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { purchaseOrders, suppliers } from '../../db/schema';
import type { AuthUser } from '../../lib/http/context';
import { orderScope } from '../../lib/access/data-scope';

const LISTED = 10;

/**
 * 未完成订单 and 逾期订单 (docs/rules/orders.md, "Board and workbench"): orders 待确认, 已确认 or 部分到货
 * in the user's data scope, optionally only those created within [from, to] (Asia/Shanghai days),
 * the overdue ones being past their required-by day; with the first few, overdue and earliest first.
 */
export async function openOrderFigures(db: Db, user: AuthUser, today: string, created?: { from: string; to: string }) {
  const overdue = sql<boolean>`(${purchaseOrders.requiredBy} is not null and ${purchaseOrders.requiredBy} < ${today}::date)`;
  const where = and(
    inArray(purchaseOrders.status, [...OPEN_PURCHASE_ORDER_STATUSES]),
    orderScope(user),
    created ? gte(purchaseOrders.createdAt, new Date(`${created.from}T00:00:00+08:00`)) : undefined,
    created ? lt(purchaseOrders.createdAt, new Date(`${addDays(created.to, 1)}T00:00:00+08:00`)) : undefined,
  );
  const [[counts], rows] = await Promise.all([
    db
      .select({ open: sql<number>`count(*)::int`, overdue: sql<number>`(count(*) filter (where ${overdue}))::int` })
      .from(purchaseOrders)
      .where(where),
    db
      .select({
        id: purchaseOrders.id,
        code: purchaseOrders.code,
        supplierName: suppliers.name,
        status: purchaseOrders.status,
        requiredBy: purchaseOrders.requiredBy,
        totalFen: purchaseOrders.totalFen,
        overdue,
      })
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
      .where(where)
      .orderBy(desc(overdue), sql`${purchaseOrders.requiredBy} asc nulls last`, asc(purchaseOrders.id))
      .limit(LISTED),
  ]);
  return { openOrderCount: counts.open, overdueOrderCount: counts.overdue, openOrders: rows };
}

import { type DeliveryAddress, fenToYuan } from '@scm/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { procurementTaskLines, purchaseOrderLines, purchaseOrders, quotations } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { notify } from '../message/notify';
import { nextCode } from '../../lib/records/codes';
import type { Actor } from '../../lib/http/context';
import { recordPlanOrders } from '../planning/award-writeback';
import { regionFullName } from '../region/regions';
import { findWarehouseByCode } from '../warehouse/queries';

export interface AwardedTask {
  id: number;
  code: string;
  planId: number | null;
  buyerId: number;
  deliveryRegionCode: string;
  /** The task's 收货仓库: its address is copied onto each order. */
  warehouseCode: string | null;
  requiredBy: string | null;
}

/** The warehouse's address as the order keeps it, or null when the task names none (or it is gone). */
async function deliveryAddressOf(tx: Db, warehouseCode: string | null): Promise<DeliveryAddress | null> {
  if (!warehouseCode) return null;
  const w = await findWarehouseByCode(tx, warehouseCode);
  if (!w) return null;
  return {
    warehouseCode: w.code,
    warehouseName: w.name,
    regionCode: w.regionCode,
    regionName: regionFullName(w.regionCode) || w.regionCode,
    address: w.address,
    consignee: w.consignee,
    phone: w.phone,
    receivingHours: w.receivingHours,
  };
}

export interface AwardedOrderLine {
  taskLineId: number;
  supplierId: number;
  /** The bought quantity (the MOQ when it exceeded the required one). */
  quantity: number;
  unitPriceFen: number;
  amountFen: number;
  /** The line's freight share as the award worked it out. */
  freightFen: number;
}

/**
 * Called by the award inside its transaction: one 待确认 order per awarded supplier, its lines in the
 * task's order, freight the sum of its lines' shares, invoice type and rate from the supplier's quote.
 * The plan lines the orders buy for are marked as ordered before the award's plan write-back, so from
 * now on they progress by receipts (docs/rules/orders.md). Answers the new orders' ids.
 */
export async function createAwardOrders(tx: Db, actor: Actor, now: Date, task: AwardedTask, lines: AwardedOrderLine[]): Promise<number[]> {
  const taskLines = await tx
    .select({
      id: procurementTaskLines.id,
      sort: procurementTaskLines.sort,
      commodityId: procurementTaskLines.commodityId,
      planLineId: procurementTaskLines.planLineId,
    })
    .from(procurementTaskLines)
    .where(eq(procurementTaskLines.taskId, task.id));
  const taskLineById = new Map(taskLines.map((l) => [l.id, l]));
  const supplierIds = [...new Set(lines.map((l) => l.supplierId))];
  const quotes = supplierIds.length
    ? await tx
        .select({ supplierId: quotations.supplierId, invoiceType: quotations.invoiceType, taxRatePercent: quotations.taxRatePercent })
        .from(quotations)
        .where(and(eq(quotations.taskId, task.id), inArray(quotations.supplierId, supplierIds)))
    : [];
  const quoteOf = new Map(quotes.map((q) => [q.supplierId, q]));

  const deliveryAddress = await deliveryAddressOf(tx, task.warehouseCode);
  const orderIds: number[] = [];
  for (const supplierId of supplierIds) {
    const own = lines
      .filter((l) => l.supplierId === supplierId && l.quantity > 0)
      .sort((a, b) => (taskLineById.get(a.taskLineId)?.sort ?? 0) - (taskLineById.get(b.taskLineId)?.sort ?? 0));
    if (own.length === 0) continue;
    const quote = quoteOf.get(supplierId);
    const goodsFen = own.reduce((s, l) => s + l.amountFen, 0);
    const freightFen = own.reduce((s, l) => s + l.freightFen, 0);
    const code = await nextCode(tx, 'PO', now);
    const header = {
      code,
      taskId: task.id,
      planId: task.planId,
      supplierId,
      buyerId: task.buyerId,
      invoiceType: quote?.invoiceType ?? 'special',
      taxRatePercent: quote?.taxRatePercent ?? 13,
      goodsFen,
      freightFen,
      totalFen: goodsFen + freightFen,
      orderedQuantity: own.reduce((s, l) => s + l.quantity, 0),
      deliveryRegionCode: task.deliveryRegionCode,
      deliveryAddress,
      requiredBy: task.requiredBy,
    };
    const [order] = await tx.insert(purchaseOrders).values(header).returning({ id: purchaseOrders.id });
    const orderLines = own.map((l, sort) => ({
      orderId: order.id,
      sort,
      taskLineId: l.taskLineId,
      commodityId: taskLineById.get(l.taskLineId)?.commodityId as number,
      quantity: l.quantity,
      unitPriceFen: l.unitPriceFen,
      amountFen: l.amountFen,
      freightFen: l.freightFen,
    }));
    await tx.insert(purchaseOrderLines).values(orderLines);
    await writeAudit(tx, actor, {
      module: 'purchase_order',
      action: 'create',
      recordId: order.id,
      summary: `${code} 由 ${task.code} 定标生成，订单总额 ¥${fenToYuan(header.totalFen, true)}`,
      after: { ...header, status: 'pending', lines: orderLines.map(({ orderId: _, sort: __, ...line }) => line) },
    });
    await notify(tx, actor, { kind: 'order_created', order: { id: order.id, code, supplierId, buyerId: task.buyerId } });
    orderIds.push(order.id);
  }
  await recordPlanOrders(
    tx,
    lines.flatMap((l) => {
      const planLineId = taskLineById.get(l.taskLineId)?.planLineId;
      return planLineId == null ? [] : [{ planLineId, quantity: l.quantity }];
    }),
  );
  return orderIds;
}

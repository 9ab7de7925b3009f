import {
  SHIPMENT_ACTION_LABELS,
  SHIPMENT_ACTIONS,
  SHIPMENT_STATUS_LABELS,
  SHIPMENT_TRANSITIONS,
  type ShipmentAction,
  type ShipmentDetail,
  type ShipmentItem,
  type ShipmentStatus,
  PURCHASE_ORDER_STATUS_LABELS,
  freeReceiptRoom,
  type portalShipmentListRequest,
  type shipmentCreateRequest,
  type shipmentListRequest,
  shipmentActionAllowed,
} from '@scm/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { commodities, planningTasks, purchaseOrderLines, purchaseOrders, shipmentLines, shipments, suppliers } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { nextCode } from '../../lib/records/codes';
import type { Actor, ServiceContext } from '../../lib/http/context';
import { type AppError, conflict, fieldError, forbidden, notFound, staleVersion } from '../../lib/http/errors';
import { countRows, pageOffset, pageResult } from '../../lib/sql/paging';
import { iso } from '../../lib/sql/rows';
import { notify } from '../message/notify';
import { regionFullName } from '../region/regions';
import { type OrderAccess, accessCondition } from './access';

// 发货通知 (docs/rules/orders.md, "Shipping notices"): the supplier says what left for the buyer's
// warehouse; a receipt names it, and what it found otherwise is kept as the shipment's 差异.

const MODULE = 'shipment';
type OrderWriteContext = Pick<ServiceContext, 'db' | 'actor' | 'now'>;
type ShipmentRow = typeof shipments.$inferSelect;
const missing = () => notFound('发货通知不存在');

/** Orders a shipment may be recorded on: confirmed and still waiting for goods. */
const SHIPPABLE = ['confirmed', 'partially_received'] as const;

/** Why `action` cannot start on the shipment now for this caller (a supplier never receives). */
function shipmentRefusal(shipment: { status: ShipmentStatus }, action: ShipmentAction, access: OrderAccess): AppError | null {
  if ('supplierId' in access && action === 'receive') return forbidden();
  if (shipmentActionAllowed(action, shipment.status)) return null;
  return conflict(`发货通知当前为「${SHIPMENT_STATUS_LABELS[shipment.status]}」，不能${SHIPMENT_ACTION_LABELS[action]}`);
}

/**
 * Records a shipping notice. The order's row lock serialises it with receipts and other notices of
 * the order, so per line what is in transit plus what was received never passes the ordered
 * quantity plus the receipt tolerance (409 otherwise).
 */
export async function createShipment(ctx: OrderWriteContext, input: z.output<typeof shipmentCreateRequest>, access: OrderAccess) {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.id, input.orderId), accessCondition(access)))
      .for('update');
    if (!order) throw notFound('采购订单不存在');
    if (!(SHIPPABLE as readonly string[]).includes(order.status)) {
      throw conflict(`订单当前为「${PURCHASE_ORDER_STATUS_LABELS[order.status]}」，不能发货`);
    }
    if (input.expectedArrival < input.shipDate) throw fieldError('expected_arrival', '预计到货日期不能早于发货日期');
    const lines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, order.id));
    const inTransit = await inTransitByLine(tx, order.id);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const seen = new Set<number>();
    input.lines.forEach((row, i) => {
      const line = byId.get(row.orderLineId);
      if (!line) throw fieldError(`lines.${i}.order_line_id`, `第${i + 1}行不是该订单的明细`);
      if (seen.has(row.orderLineId)) throw fieldError(`lines.${i}.order_line_id`, `第${i + 1}行重复`);
      seen.add(row.orderLineId);
      if (row.quantity > freeReceiptRoom(line.quantity, line.receivedQuantity + (inTransit.get(line.id) ?? 0))) {
        throw conflict('发货数量超过订单未收数量');
      }
    });
    const code = await nextCode(tx, 'FH', ctx.now());
    const bySupplier = 'supplierId' in access;
    const values = {
      code,
      orderId: order.id,
      supplierId: order.supplierId,
      shipDate: input.shipDate,
      expectedArrival: input.expectedArrival,
      deliveryNoteNo: input.deliveryNoteNo,
      carrier: input.carrier || null,
      vehiclePlate: input.vehiclePlate || null,
      driverPhone: input.driverPhone || null,
      remark: input.remark || null,
      createdBySide: bySupplier ? ('supplier' as const) : ('buyer' as const),
      createdByName: ctx.actor.userName,
    };
    const [created] = await tx.insert(shipments).values(values).returning({ id: shipments.id });
    await tx.insert(shipmentLines).values(input.lines.map((l) => ({ shipmentId: created.id, orderLineId: l.orderLineId, quantity: l.quantity })));
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'create',
      recordId: created.id,
      summary: `${code} ${order.code} 送货单 ${input.deliveryNoteNo}，预计 ${input.expectedArrival} 到货`,
      after: { ...values, status: 'in_transit', lines: input.lines },
    });
    if (bySupplier) {
      const [supplier] = await tx.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(eq(suppliers.id, order.supplierId));
      await notify(tx, ctx.actor, { kind: 'shipment_created', order, supplier, shipment: { code, expectedArrival: input.expectedArrival } });
    }
    return { id: created.id, code };
  });
}

/** Per order line, the quantity of the order's shipments still in transit. */
async function inTransitByLine(tx: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ orderLineId: shipmentLines.orderLineId, quantity: sql<number>`sum(${shipmentLines.quantity})::int` })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(and(eq(shipments.orderId, orderId), eq(shipments.status, 'in_transit')))
    .groupBy(shipmentLines.orderLineId);
  return new Map(rows.map((r) => [r.orderLineId, Number(r.quantity)]));
}

/** The shipment and its order for a change, both row-locked (the order first, as receipts lock it). */
async function lockShipment(tx: Db, access: OrderAccess, id: number, version: number) {
  const [found] = await tx
    .select({ shipment: shipments })
    .from(shipments)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, shipments.orderId))
    .where(and(eq(shipments.id, id), accessCondition(access)));
  if (!found) throw missing();
  await tx.select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.id, found.shipment.orderId)).for('update');
  const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update');
  if (shipment.version !== version) throw staleVersion();
  return shipment;
}

/** 取消 with a reason, by the supplier or the buyer, before any receipt names the shipment. */
export async function cancelShipment(ctx: OrderWriteContext, input: { id: number; version: number; reason: string }, access: OrderAccess) {
  await ctx.db.transaction(async (tx) => {
    const shipment = await lockShipment(tx, access, input.id, input.version);
    const refusal = shipmentRefusal(shipment, 'cancel', access);
    if (refusal) throw refusal;
    const to = SHIPMENT_TRANSITIONS.cancel.to;
    await tx
      .update(shipments)
      .set({ status: to, cancelReason: input.reason, version: shipment.version + 1, updatedAt: ctx.now() })
      .where(eq(shipments.id, shipment.id));
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'cancel',
      recordId: shipment.id,
      summary: `${shipment.code} 取消：${input.reason}`,
      before: { status: shipment.status },
      after: { status: to, cancelReason: input.reason },
    });
  });
  return { id: input.id };
}

/**
 * The shipment a receipt names, locked inside the receipt's transaction (which holds the order's
 * lock): it must belong to the order and still be in transit.
 */
export async function shipmentForReceipt(tx: Db, orderId: number, shipmentId: number): Promise<ShipmentRow> {
  const [shipment] = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, shipmentId), eq(shipments.orderId, orderId)))
    .for('update');
  if (!shipment) throw fieldError('shipment_id', '发货通知不属于该订单');
  if (!shipmentActionAllowed('receive', shipment.status)) {
    throw conflict(`发货通知当前为「${SHIPMENT_STATUS_LABELS[shipment.status]}」，不能收货`);
  }
  return shipment;
}

/**
 * Marks the shipment received by the receipt and keeps, per line, what the receipt took of it; the
 * answer words the 差异 (null when the receipt found what was shipped).
 */
export async function receiveShipment(
  tx: Db,
  actor: Actor,
  shipment: ShipmentRow,
  receiptId: number,
  received: { orderLineId: number; quantity: number }[],
): Promise<string | null> {
  const lines = await tx
    .select({ orderLineId: shipmentLines.orderLineId, quantity: shipmentLines.quantity, skuCode: commodities.skuCode })
    .from(shipmentLines)
    .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.id, shipmentLines.orderLineId))
    .innerJoin(commodities, eq(commodities.id, purchaseOrderLines.commodityId))
    .where(eq(shipmentLines.shipmentId, shipment.id));
  const got = new Map(received.map((r) => [r.orderLineId, r.quantity]));
  const differences: string[] = [];
  for (const line of lines) {
    const quantity = got.get(line.orderLineId) ?? 0;
    await tx
      .update(shipmentLines)
      .set({ receivedQuantity: quantity })
      .where(and(eq(shipmentLines.shipmentId, shipment.id), eq(shipmentLines.orderLineId, line.orderLineId)));
    if (quantity !== line.quantity) differences.push(`${line.skuCode} 发货 ${line.quantity}、实收 ${quantity}`);
  }
  const to = SHIPMENT_TRANSITIONS.receive.to;
  await tx
    .update(shipments)
    .set({ status: to, receiptId, version: shipment.version + 1, updatedAt: sql`now()` })
    .where(eq(shipments.id, shipment.id));
  const difference = differences.length ? `差异：${differences.join('；')}` : null;
  await writeAudit(tx, actor, {
    module: MODULE,
    action: 'receive',
    recordId: shipment.id,
    summary: `${shipment.code} 已收货${difference ? `，${difference}` : ''}`,
    before: { status: shipment.status },
    after: { status: to, receiptId },
  });
  return difference;
}

/**
 * Who hears of a receipt (docs/messages.md): the supplier's portal accounts, with the 差异 against
 * its shipping notice, and the owner of the plan the goods are for.
 */
export async function tellOfReceipt(
  tx: Db,
  actor: Actor,
  order: { id: number; code: string; supplierId: number; buyerId: number; planId: number | null },
  quantity: number,
  difference: string | null,
) {
  await notify(tx, actor, { kind: 'goods_received', order, quantity, difference });
  if (order.planId == null) return;
  const [plan] = await tx.select().from(planningTasks).where(eq(planningTasks.id, order.planId));
  if (plan) await notify(tx, actor, { kind: 'plan_goods_received', plan, order, quantity });
}

// Reads.

const itemColumns = { shipment: shipments, orderCode: purchaseOrders.code, supplierName: suppliers.name };
const itemQuery = (db: Db) =>
  db
    .select(itemColumns)
    .from(shipments)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, shipments.orderId))
    .innerJoin(suppliers, eq(suppliers.id, shipments.supplierId));

function toItem({ shipment, orderCode, supplierName }: { shipment: ShipmentRow; orderCode: string; supplierName: string }): ShipmentItem {
  return {
    id: shipment.id,
    code: shipment.code,
    orderId: shipment.orderId,
    orderCode,
    supplierId: shipment.supplierId,
    supplierName,
    status: shipment.status,
    shipDate: shipment.shipDate,
    expectedArrival: shipment.expectedArrival,
    deliveryNoteNo: shipment.deliveryNoteNo,
    carrier: shipment.carrier,
    vehiclePlate: shipment.vehiclePlate,
    createdBySide: shipment.createdBySide,
    createdAt: iso(shipment.createdAt) ?? '',
    version: shipment.version,
  };
}

type ListInput = z.output<typeof shipmentListRequest> | z.output<typeof portalShipmentListRequest>;

export async function listShipments(db: Db, access: OrderAccess, input: ListInput) {
  const scope = accessCondition(access);
  const where: SQL | undefined = and(
    scope,
    input.orderId ? eq(shipments.orderId, input.orderId) : undefined,
    'supplierId' in input && input.supplierId ? eq(shipments.supplierId, input.supplierId) : undefined,
    'status' in input && input.status ? eq(shipments.status, input.status) : undefined,
    'expectedFrom' in input && input.expectedFrom ? gte(shipments.expectedArrival, input.expectedFrom) : undefined,
    'expectedTo' in input && input.expectedTo ? lte(shipments.expectedArrival, input.expectedTo) : undefined,
  );
  const sort =
    'sortField' in input && input.sortField
      ? [(input.sortOrder === 'ascend' ? asc : desc)(input.sortField === 'expectedArrival' ? shipments.expectedArrival : shipments.createdAt)]
      : [desc(shipments.createdAt)];
  const [rows, [{ total }]] = await Promise.all([
    itemQuery(db)
      .where(where)
      .orderBy(...sort, desc(shipments.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    // The order is joined only for a scope on it.
    countRows(db, shipments, where, scope ? [[purchaseOrders, eq(purchaseOrders.id, shipments.orderId)]] : []),
  ]);
  return pageResult(rows.map(toItem), total, input);
}

export async function getShipment(db: Db, access: OrderAccess, id: number): Promise<ShipmentDetail> {
  const [row] = await itemQuery(db)
    .where(and(eq(shipments.id, id), accessCondition(access)))
    .limit(1);
  if (!row) throw missing();
  const [order] = await db
    .select({ deliveryAddress: purchaseOrders.deliveryAddress, deliveryRegionCode: purchaseOrders.deliveryRegionCode })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, row.shipment.orderId));
  const lines = await db
    .select({
      orderLineId: shipmentLines.orderLineId,
      quantity: shipmentLines.quantity,
      receivedQuantity: shipmentLines.receivedQuantity,
      skuCode: commodities.skuCode,
      commodityName: commodities.name,
      spec: commodities.spec,
      unit: commodities.unit,
    })
    .from(shipmentLines)
    .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.id, shipmentLines.orderLineId))
    .innerJoin(commodities, eq(commodities.id, purchaseOrderLines.commodityId))
    .where(eq(shipmentLines.shipmentId, id))
    .orderBy(asc(purchaseOrderLines.sort));
  const s = row.shipment;
  return {
    ...toItem(row),
    driverPhone: s.driverPhone,
    remark: s.remark,
    cancelReason: s.cancelReason,
    createdByName: s.createdByName,
    receiptId: s.receiptId,
    deliveryAddress: order.deliveryAddress ?? null,
    deliveryRegionName: regionFullName(order.deliveryRegionCode),
    lines,
    allowedActions: SHIPMENT_ACTIONS.filter((action) => !shipmentRefusal(s, action, access)),
  };
}

/** The shipments of one order with their lines, for the order's detail. */
export async function orderShipments(db: Db, orderId: number) {
  const rows = await db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.id));
  const lines = rows.length
    ? await db
        .select()
        .from(shipmentLines)
        .where(
          inArray(
            shipmentLines.shipmentId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((s) => ({
    id: s.id,
    code: s.code,
    status: s.status,
    shipDate: s.shipDate,
    expectedArrival: s.expectedArrival,
    deliveryNoteNo: s.deliveryNoteNo,
    carrier: s.carrier,
    vehiclePlate: s.vehiclePlate,
    version: s.version,
    lines: lines
      .filter((l) => l.shipmentId === s.id)
      .map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity, receivedQuantity: l.receivedQuantity })),
  }));
}

import {
  type Endpoint,
  PURCHASE_ORDER_STATUSES,
  PURCHASE_ORDER_TRANSITIONS,
  type PurchaseOrderStatus,
  portalAccountApi,
  portalApi,
  portalPurchaseOrderApi,
  portalShipmentApi,
  procurementTaskApi,
  purchaseOrderApi,
  SHIPMENT_STATUSES,
  SHIPMENT_TRANSITIONS,
  type ShipmentCreateBody,
  shipmentApi,
  toSnakeCase,
  workbenchApi,
} from '@scm/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, shanghaiDay, type TestApp } from '../../../test/helpers';
import { type AwardedFixture, awardedTask } from '../../../test/order-fixtures';
import { PORTAL_PASSWORD, tokenOf } from '../../../test/portal-fixtures';
import { loginWithCodes, seedDictionaries } from '../../../test/procurement-fixtures';
import { auditRowCount, sweepStatusMachine } from '../../../test/status-machine-sweep';
import { messages, purchaseOrders, shipmentLines, shipments } from '../../db/schema';

let t: TestApp;
let admin: string;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await seedDictionaries(t);
});
afterAll(() => t.close());

async function ok<E extends Endpoint>(endpoint: E, body: z.input<E['body']>, as = admin): Promise<z.output<E['response']>> {
  const answer = await t.api(endpoint, body, as);
  expect(answer.code, `${endpoint.path}: ${answer.message} ${JSON.stringify(answer.data)}`).toBe(200);
  return answer.data;
}

/** An awarded task whose first supplier has a signed-in portal account; its first order (收纳箱 × 100). */
async function world(): Promise<{ award: AwardedFixture; supplier: string; orderId: number; lineId: number }> {
  serial += 1;
  const award = await awardedTask(t, admin, { warehouseCode: 'sh_jiading' });
  const email = `ship${serial}@portal.test`;
  const account = await ok(portalAccountApi.create, { supplierId: award.supplierIds[0], email, name: '销售李' });
  await ok(portalApi.activate, { token: tokenOf(account.activationUrl), password: PORTAL_PASSWORD });
  const supplier = (await t.api(portalApi.login, { email, password: PORTAL_PASSWORD })).data.token as string;
  const orderId = award.orders[0].id;
  const info = await ok(purchaseOrderApi.info, { id: orderId });
  return { award, supplier, orderId, lineId: info.lines[0].id };
}

const orderInfo = (id: number) => ok(purchaseOrderApi.info, { id });
const shipBody = (orderId: number, lineId: number, quantity: number, extra: Partial<ShipmentCreateBody> = {}): ShipmentCreateBody => ({
  orderId,
  shipDate: shanghaiDay(t),
  expectedArrival: shanghaiDay(t, 2),
  deliveryNoteNo: `SD${Math.random().toString(36).slice(2, 8)}`,
  carrier: '德邦物流',
  vehiclePlate: '沪A12345',
  driverPhone: '13912345678',
  lines: [{ orderLineId: lineId, quantity }],
  ...extra,
});
const kindsFor = async (link: string) =>
  (await t.database.db.select().from(messages).where(eq(messages.link, link))).map((m) => ({ kind: m.kind, body: m.body }));

describe('the supplier’s answer', () => {
  it('confirms in the portal with a promised date and a remark; the buyer is told', async () => {
    const w = await world();
    const order = await orderInfo(w.orderId);
    expect((await ok(portalPurchaseOrderApi.info, { id: w.orderId }, w.supplier)).allowedActions).toEqual(['confirm', 'reject']);
    const early = await t.api(
      portalPurchaseOrderApi.confirm,
      { id: w.orderId, version: order.version, promisedDate: shanghaiDay(t, -1) },
      w.supplier,
    );
    expect(early).toMatchObject({ code: 400, data: { fieldErrors: [{ field: 'promised_date' }] } });
    await ok(
      portalPurchaseOrderApi.confirm,
      { id: w.orderId, version: order.version, promisedDate: shanghaiDay(t, 5), remark: '分两批发货' },
      w.supplier,
    );
    const after = await ok(portalPurchaseOrderApi.info, { id: w.orderId }, w.supplier);
    expect(after).toMatchObject({
      status: 'confirmed',
      promisedDate: shanghaiDay(t, 5),
      confirmedBy: 'supplier',
      confirmedByName: expect.stringContaining('销售李'),
      confirmChannel: null,
      confirmRemark: '分两批发货',
      rejectReason: null,
    });
    expect(await kindsFor(`/procurementManagement/purchaseOrderDetail?id=${w.orderId}`)).toEqual([
      { kind: 'order_confirmed', body: expect.any(String) },
    ]);
  });

  it('the buyer confirms on the supplier’s behalf with the channel, the required-by date as the promise; the supplier is told', async () => {
    const w = await world();
    const order = await orderInfo(w.orderId);
    const bad = await t.call('/admin/purchase_order/confirm', { id: w.orderId, version: order.version, channel: 'fax' }, admin);
    expect(bad.code).toBe(400);
    await ok(purchaseOrderApi.confirm, { id: w.orderId, version: order.version, channel: 'phone' });
    expect(await orderInfo(w.orderId)).toMatchObject({
      status: 'confirmed',
      promisedDate: order.requiredBy,
      confirmedBy: 'buyer',
      confirmChannel: 'phone',
    });
    const told = await kindsFor(`/portal/orders/detail?id=${w.orderId}`);
    expect(told.map((m) => m.kind)).toEqual(['order_confirmed_for_supplier']);
  });

  it('rejects with a reason: 已拒绝, nothing receivable, the buyer closes it and the task is not settled before', async () => {
    const w = await world();
    const order = await orderInfo(w.orderId);
    const missing = await t.call('/portal/purchase_order/reject', { id: w.orderId, version: order.version }, w.supplier);
    expect(missing).toMatchObject({ code: 400, data: { field_errors: [{ field: 'reason' }] } });
    await ok(portalPurchaseOrderApi.reject, { id: w.orderId, version: order.version, reason: '原材料涨价，无法按此价格供货' }, w.supplier);
    const rejected = await orderInfo(w.orderId);
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: '原材料涨价，无法按此价格供货', allowedActions: ['close'] });
    expect((await ok(portalPurchaseOrderApi.info, { id: w.orderId }, w.supplier)).allowedActions).toEqual([]);
    const receive = await t.api(
      purchaseOrderApi.receive,
      { id: w.orderId, version: rejected.version, receivedOn: shanghaiDay(t), lines: [{ orderLineId: w.lineId, quantity: 1 }] },
      admin,
    );
    expect(receive.code).toBe(409);
    const ship = await t.api(portalShipmentApi.create, shipBody(w.orderId, w.lineId, 1), w.supplier);
    expect(ship.code).toBe(409);
    expect((await kindsFor(`/procurementManagement/purchaseOrderDetail?id=${w.orderId}`)).map((m) => m.kind)).toEqual(['order_rejected']);
    // The other order settled, the task still waits for the buyer to close the refused one.
    const other = await orderInfo(w.award.orders[1].id);
    await ok(purchaseOrderApi.close, { id: other.id, version: other.version, reason: '不再采购' });
    expect((await ok(procurementTaskApi.info, { id: w.award.taskId })).status).toBe('awarded');
    await ok(purchaseOrderApi.close, { id: w.orderId, version: rejected.version, reason: '供应商拒单，改由他家采购' });
    expect((await ok(procurementTaskApi.info, { id: w.award.taskId })).status).toBe('completed');
  });

  describe('the portal’s status machine (确认, 拒绝)', () => {
    let shared: Awaited<ReturnType<typeof world>>;
    beforeAll(async () => {
      shared = await world();
    });
    const portalMachine = { confirm: PURCHASE_ORDER_TRANSITIONS.confirm, reject: PURCHASE_ORDER_TRANSITIONS.reject };
    sweepStatusMachine({
      machine: portalMachine,
      statuses: PURCHASE_ORDER_STATUSES,
      build: async (status: PurchaseOrderStatus) => {
        const [order] = await t.database.db
          .insert(purchaseOrders)
          .values({
            code: `POP${status}${Math.random().toString(36).slice(2, 8)}`,
            taskId: shared.award.taskId,
            supplierId: shared.award.supplierIds[0],
            buyerId: 1,
            status,
            invoiceType: 'special',
            taxRatePercent: 13,
            goodsFen: 0,
            freightFen: 0,
            totalFen: 0,
            orderedQuantity: 1,
            deliveryRegionCode: '440305',
          })
          .returning({ id: purchaseOrders.id });
        return order.id;
      },
      act: (action, id) =>
        t.call(
          `/portal/purchase_order/${action}`,
          action === 'reject' ? { id, version: 0, reason: '产能不足' } : { id, version: 0 },
          shared.supplier,
        ),
      snapshot: async (id) => ({
        order: await t.database.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)),
        audit: await auditRowCount(t.database.db),
      }),
      statusOf: async (id) => (await orderInfo(id)).status,
      listed: async (id) => (await ok(portalPurchaseOrderApi.info, { id }, shared.supplier)).allowedActions,
    });
  });
});

describe('发货通知', () => {
  it('the supplier records a shipment on a confirmed order; the buyer sees it on the order and is told', async () => {
    const w = await world();
    const pending = await t.api(portalShipmentApi.create, shipBody(w.orderId, w.lineId, 10), w.supplier);
    expect(pending).toMatchObject({ code: 409 });
    const order = await orderInfo(w.orderId);
    await ok(portalPurchaseOrderApi.confirm, { id: w.orderId, version: order.version }, w.supplier);
    // The refusals stay raw: they are read by their field errors' wire names.
    const noNote = await t.call('/portal/shipment/create', toSnakeCase({ ...shipBody(w.orderId, w.lineId, 10), deliveryNoteNo: '' }), w.supplier);
    expect(noNote).toMatchObject({ code: 400, data: { field_errors: [{ field: 'delivery_note_no' }] } });
    const backwards = await t.call(
      '/portal/shipment/create',
      toSnakeCase(shipBody(w.orderId, w.lineId, 10, { expectedArrival: shanghaiDay(t, -1) })),
      w.supplier,
    );
    expect(backwards).toMatchObject({ code: 400, data: { field_errors: [{ field: 'expected_arrival' }] } });
    const body = shipBody(w.orderId, w.lineId, 60);
    const created = await ok(portalShipmentApi.create, body, w.supplier);
    expect(created.code).toMatch(new RegExp(`^FH${shanghaiDay(t).replaceAll('-', '')}\\d{4}$`));
    const shown = await orderInfo(w.orderId);
    expect(shown.shipments).toEqual([
      {
        id: created.id,
        code: created.code,
        status: 'in_transit',
        shipDate: body.shipDate,
        expectedArrival: body.expectedArrival,
        deliveryNoteNo: body.deliveryNoteNo,
        carrier: '德邦物流',
        vehiclePlate: '沪A12345',
        version: 0,
        lines: [{ orderLineId: w.lineId, quantity: 60, receivedQuantity: null }],
      },
    ]);
    const detail = await ok(portalShipmentApi.info, { id: created.id }, w.supplier);
    expect(detail).toMatchObject({
      orderCode: shown.code,
      createdBySide: 'supplier',
      deliveryAddress: { warehouseCode: 'sh_jiading' },
      allowedActions: ['cancel'],
    });
    expect((await ok(shipmentApi.info, { id: created.id })).allowedActions).toEqual(['receive', 'cancel']);
    expect((await ok(portalShipmentApi.list, { orderId: w.orderId }, w.supplier)).list.map((s) => s.id)).toEqual([created.id]);
    const told = await kindsFor(`/procurementManagement/purchaseOrderDetail?id=${w.orderId}`);
    expect(told.map((m) => m.kind)).toContain('shipment_created');
    // Room: 100 ordered + 10 % = 110; 60 are in transit.
    expect(await t.api(portalShipmentApi.create, shipBody(w.orderId, w.lineId, 51), w.supplier)).toMatchObject({
      code: 409,
      message: '发货数量超过订单未收数量',
    });
    await ok(portalShipmentApi.create, shipBody(w.orderId, w.lineId, 50), w.supplier);
    // The buyer records one on the supplier's behalf; nobody is told of the buyer's own deed.
    const listed = await ok(shipmentApi.list, {
      orderId: w.orderId,
      status: 'in_transit',
      expectedFrom: shanghaiDay(t),
      expectedTo: shanghaiDay(t, 2),
    });
    expect(listed.total).toBe(2);
    expect((await ok(shipmentApi.list, { supplierId: w.award.supplierIds[1] })).list.map((s) => s.orderId)).not.toContain(w.orderId);
  });

  it('shows 今日预计到货 on the workbench to holders of purchaseOrder:receive: in transit and expected today or earlier', async () => {
    const w = await world();
    await ok(purchaseOrderApi.confirm, { id: w.orderId, version: (await orderInfo(w.orderId)).version });
    const today = await ok(portalShipmentApi.create, shipBody(w.orderId, w.lineId, 10, { expectedArrival: shanghaiDay(t) }), w.supplier);
    const later = await ok(portalShipmentApi.create, shipBody(w.orderId, w.lineId, 10, { expectedArrival: shanghaiDay(t, 3) }), w.supplier);
    const arriving = (await ok(workbenchApi.overview, {})).arrivingShipments;
    const ids = arriving?.list.map((s) => s.id);
    expect(ids).toContain(today.id);
    expect(ids).not.toContain(later.id);
    expect(arriving?.list.find((s) => s.id === today.id)).toMatchObject({ orderId: w.orderId, expectedArrival: shanghaiDay(t) });
    await ok(portalShipmentApi.cancel, { id: today.id, version: 0, reason: '改期' }, w.supplier);
    expect((await ok(workbenchApi.overview, {})).arrivingShipments?.list.map((s) => s.id)).not.toContain(today.id);
    const reader = await loginWithCodes(t, ['basic', 'purchaseOrderList'], `arrive${serial}@example.com`);
    expect((await ok(workbenchApi.overview, {}, reader)).arrivingShipments).toBeNull();
  });

  it('never has more in transit than allowed: of 10 simultaneous notices of 30 on a line of 100, exactly 3 pass', async () => {
    const w = await world();
    await ok(purchaseOrderApi.confirm, { id: w.orderId, version: (await orderInfo(w.orderId)).version });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.api(portalShipmentApi.create, shipBody(w.orderId, w.lineId, 30), w.supplier)),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.code !== 200).every((a) => a.code === 409)).toBe(true);
    const rows = await t.database.db
      .select({ quantity: shipmentLines.quantity })
      .from(shipmentLines)
      .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
      .where(and(eq(shipments.orderId, w.orderId), eq(shipments.status, 'in_transit')));
    expect(rows.reduce((s, r) => s + r.quantity, 0)).toBe(90);
  });

  it('a receipt names the shipment, keeps the 差异 and tells the supplier; the shipment cannot be taken twice', async () => {
    const w = await world();
    await ok(purchaseOrderApi.confirm, { id: w.orderId, version: (await orderInfo(w.orderId)).version });
    const shipped = await ok(portalShipmentApi.create, shipBody(w.orderId, w.lineId, 40), w.supplier);
    const other = await world();
    await ok(purchaseOrderApi.confirm, { id: other.orderId, version: (await orderInfo(other.orderId)).version });
    const foreign = await ok(portalShipmentApi.create, shipBody(other.orderId, other.lineId, 5), other.supplier);
    const order = await orderInfo(w.orderId);
    const receipt = (shipmentId: number, version: number) =>
      t.api(
        purchaseOrderApi.receive,
        { id: w.orderId, version, receivedOn: shanghaiDay(t), shipmentId, lines: [{ orderLineId: w.lineId, quantity: 38 }] },
        admin,
      );
    expect(await receipt(foreign.id, order.version)).toMatchObject({ code: 400, data: { fieldErrors: [{ field: 'shipment_id' }] } });
    expect((await receipt(shipped.id, order.version)).code).toBe(200);
    const after = await orderInfo(w.orderId);
    expect(after.receipts[0].shipmentId).toBe(shipped.id);
    expect(after.shipments[0]).toMatchObject({ status: 'received', lines: [{ orderLineId: w.lineId, quantity: 40, receivedQuantity: 38 }] });
    expect((await ok(portalShipmentApi.info, { id: shipped.id }, w.supplier)).lines[0]).toMatchObject({ quantity: 40, receivedQuantity: 38 });
    const told = await kindsFor(`/portal/orders/detail?id=${w.orderId}`);
    expect(told.find((m) => m.kind === 'goods_received')?.body).toContain('发货 40、实收 38');
    const again = await receipt(shipped.id, after.version);
    expect(again).toMatchObject({ code: 409 });
    expect((await orderInfo(w.orderId)).receivedQuantity).toBe(38);
  });

  it('either side cancels a shipment in transit with a reason; a cancelled one frees its room and cannot be received', async () => {
    const w = await world();
    await ok(purchaseOrderApi.confirm, { id: w.orderId, version: (await orderInfo(w.orderId)).version });
    const first = await ok(portalShipmentApi.create, shipBody(w.orderId, w.lineId, 110), w.supplier);
    expect((await t.api(portalShipmentApi.create, shipBody(w.orderId, w.lineId, 1), w.supplier)).code).toBe(409);
    const noReason = await t.call('/portal/shipment/cancel', { id: first.id, version: 0 }, w.supplier);
    expect(noReason.code).toBe(400);
    await ok(portalShipmentApi.cancel, { id: first.id, version: 0, reason: '车辆故障，改期发货' }, w.supplier);
    expect(await t.api(portalShipmentApi.cancel, { id: first.id, version: 1, reason: '再取消' }, w.supplier)).toMatchObject({ code: 409 });
    const order = await orderInfo(w.orderId);
    const receipt = await t.api(
      purchaseOrderApi.receive,
      { id: w.orderId, version: order.version, receivedOn: shanghaiDay(t), shipmentId: first.id, lines: [{ orderLineId: w.lineId, quantity: 10 }] },
      admin,
    );
    expect(receipt.code).toBe(409);
    const byBuyer = await ok(shipmentApi.create, shipBody(w.orderId, w.lineId, 100));
    expect((await ok(shipmentApi.info, { id: byBuyer.id })).createdBySide).toBe('buyer');
    await ok(shipmentApi.cancel, { id: byBuyer.id, version: 0, reason: '供应商电话取消' });
  });

  describe('the shipment’s status machine', () => {
    let shared: Awaited<ReturnType<typeof world>>;
    beforeAll(async () => {
      shared = await world();
      await ok(purchaseOrderApi.confirm, { id: shared.orderId, version: (await orderInfo(shared.orderId)).version });
    });
    sweepStatusMachine({
      machine: SHIPMENT_TRANSITIONS,
      statuses: SHIPMENT_STATUSES,
      build: async (status) => {
        const [row] = await t.database.db
          .insert(shipments)
          .values({
            code: `FHT${Math.random().toString(36).slice(2, 10)}`,
            orderId: shared.orderId,
            supplierId: shared.award.supplierIds[0],
            status,
            shipDate: shanghaiDay(t),
            expectedArrival: shanghaiDay(t),
            deliveryNoteNo: 'SD-SWEEP',
            createdBySide: 'supplier',
          })
          .returning({ id: shipments.id });
        await t.database.db.insert(shipmentLines).values({ shipmentId: row.id, orderLineId: shared.lineId, quantity: 1 });
        return row.id;
      },
      act: async (action, id) => {
        if (action === 'cancel') return t.api(shipmentApi.cancel, { id, version: 0, reason: '测试' }, admin);
        const order = await orderInfo(shared.orderId);
        return t.api(
          purchaseOrderApi.receive,
          {
            id: shared.orderId,
            version: order.version,
            receivedOn: shanghaiDay(t),
            shipmentId: id,
            lines: [{ orderLineId: shared.lineId, quantity: 1 }],
          },
          admin,
        );
      },
      snapshot: async (id) => ({
        shipment: await t.database.db.select().from(shipments).where(eq(shipments.id, id)),
        lines: await t.database.db
          .select()
          .from(shipmentLines)
          .where(inArray(shipmentLines.shipmentId, [id])),
        order: await t.database.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, shared.orderId)),
        audit: await auditRowCount(t.database.db),
      }),
      statusOf: async (id) => (await ok(shipmentApi.info, { id })).status,
      listed: async (id) => (await ok(shipmentApi.info, { id })).allowedActions,
    });
  });
});

import { portalPurchaseOrderApi, portalShipmentApi, purchaseOrderApi, purchaseReceiptApi, shipmentApi } from '@scm/contract';
import { defineRoute, portalRoute } from '../../lib/http/route';
import { exportOrders } from './export';
import { getOrder, listOrders } from './queries';
import { reverseReceipt } from './reversal';
import { closeOrder, confirmOrder, receiveOrder, rejectOrder } from './service';
import { cancelShipment, createShipment, getShipment, listShipments } from './shipment';

const LIST = 'purchaseOrderList';
const DETAIL = 'purchaseOrderDetail';

export const purchaseOrderRoutes = [
  defineRoute({ endpoint: purchaseOrderApi.list, permission: LIST, handler: (input, ctx) => listOrders(ctx.db, { user: ctx.user }, input) }),
  defineRoute({ endpoint: purchaseOrderApi.export, permission: LIST, handler: async (input, ctx) => exportOrders(ctx, input) }),
  defineRoute({ endpoint: purchaseOrderApi.info, permission: DETAIL, handler: (input, ctx) => getOrder(ctx.db, { user: ctx.user }, input.id) }),
  defineRoute({
    endpoint: purchaseOrderApi.confirm,
    permission: 'purchaseOrder:confirm',
    handler: (input, ctx) => confirmOrder(ctx, input, { user: ctx.user }),
  }),
  defineRoute({
    endpoint: purchaseOrderApi.reject,
    permission: 'purchaseOrder:confirm',
    handler: (input, ctx) => rejectOrder(ctx, input, { user: ctx.user }),
  }),
  defineRoute({
    endpoint: purchaseOrderApi.receive,
    permission: 'purchaseOrder:receive',
    handler: (input, ctx) => receiveOrder(ctx, input, { user: ctx.user }),
  }),
  defineRoute({
    endpoint: purchaseOrderApi.close,
    permission: 'purchaseOrder:close',
    handler: (input, ctx) => closeOrder(ctx, input, { user: ctx.user }),
  }),
  defineRoute({
    endpoint: purchaseReceiptApi.reverse,
    permission: 'purchaseOrder:reverseReceipt',
    handler: (input, ctx) => reverseReceipt(ctx, input, { user: ctx.user }),
  }),
  // 发货通知: the buyer records one on the supplier's behalf with the receiving code.
  defineRoute({ endpoint: shipmentApi.list, permission: LIST, handler: (input, ctx) => listShipments(ctx.db, { user: ctx.user }, input) }),
  defineRoute({ endpoint: shipmentApi.info, permission: DETAIL, handler: (input, ctx) => getShipment(ctx.db, { user: ctx.user }, input.id) }),
  defineRoute({
    endpoint: shipmentApi.create,
    permission: 'purchaseOrder:receive',
    handler: (input, ctx) => createShipment(ctx, input, { user: ctx.user }),
  }),
  defineRoute({
    endpoint: shipmentApi.cancel,
    permission: 'purchaseOrder:receive',
    handler: (input, ctx) => cancelShipment(ctx, input, { user: ctx.user }),
  }),
];

/** The supplier portal's orders: the same functions, scoped by the caller's supplier (another's order is 404). */
export const portalPurchaseOrderRoutes = [
  portalRoute({
    endpoint: portalPurchaseOrderApi.list,
    handler: (input, ctx) => listOrders(ctx.db, { supplierId: ctx.portal.supplierId }, input),
  }),
  portalRoute({ endpoint: portalPurchaseOrderApi.info, handler: (input, ctx) => getOrder(ctx.db, { supplierId: ctx.portal.supplierId }, input.id) }),
  portalRoute({
    endpoint: portalPurchaseOrderApi.confirm,
    handler: (input, ctx) => confirmOrder(ctx, input, { supplierId: ctx.portal.supplierId }),
  }),
  portalRoute({ endpoint: portalPurchaseOrderApi.reject, handler: (input, ctx) => rejectOrder(ctx, input, { supplierId: ctx.portal.supplierId }) }),
  portalRoute({ endpoint: portalShipmentApi.create, handler: (input, ctx) => createShipment(ctx, input, { supplierId: ctx.portal.supplierId }) }),
  portalRoute({ endpoint: portalShipmentApi.list, handler: (input, ctx) => listShipments(ctx.db, { supplierId: ctx.portal.supplierId }, input) }),
  portalRoute({ endpoint: portalShipmentApi.info, handler: (input, ctx) => getShipment(ctx.db, { supplierId: ctx.portal.supplierId }, input.id) }),
  portalRoute({ endpoint: portalShipmentApi.cancel, handler: (input, ctx) => cancelShipment(ctx, input, { supplierId: ctx.portal.supplierId }) }),
];

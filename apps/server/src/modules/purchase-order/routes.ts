import { portalPurchaseOrderApi, purchaseOrderApi, purchaseReceiptApi } from '@scm/contract';
import { defineRoute, portalRoute } from '../../lib/route';
import { exportOrders } from './export';
import { getOrder, listOrders } from './queries';
import { reverseReceipt } from './reversal';
import { closeOrder, confirmOrder, receiveOrder } from './service';

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
];

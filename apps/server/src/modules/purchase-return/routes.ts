import { portalPurchaseReturnApi, purchaseReturnApi } from '@scm/contract';
import { defineRoute, portalRoute } from '../../lib/http/route';
import { exportReturns } from './export';
import { getReturn, listReturns } from './queries';
import { cancelReturn, confirmReturn, createReturn, disputeReturn, shipReturn, updateReturn } from './service';

const LIST = 'purchaseReturnList';
const DETAIL = 'purchaseReturnDetail';

export const purchaseReturnRoutes = [
  defineRoute({ endpoint: purchaseReturnApi.list, permission: LIST, handler: (input, ctx) => listReturns(ctx.db, { user: ctx.user }, input) }),
  defineRoute({ endpoint: purchaseReturnApi.export, permission: LIST, handler: async (input, ctx) => exportReturns(ctx, input) }),
  defineRoute({ endpoint: purchaseReturnApi.info, permission: DETAIL, handler: (input, ctx) => getReturn(ctx.db, { user: ctx.user }, input.id) }),
  defineRoute({
    endpoint: purchaseReturnApi.create,
    permission: 'purchaseReturn:create',
    handler: (input, ctx) => createReturn(ctx, input, { user: ctx.user }),
  }),
  defineRoute({
    endpoint: purchaseReturnApi.update,
    permission: 'purchaseReturn:create',
    handler: (input, ctx) => updateReturn(ctx, input, { user: ctx.user }),
  }),
  defineRoute({
    endpoint: purchaseReturnApi.confirm,
    permission: 'purchaseReturn:confirm',
    handler: (input, ctx) => confirmReturn(ctx, input, { user: ctx.user }),
  }),
  defineRoute({
    endpoint: purchaseReturnApi.ship,
    permission: 'purchaseReturn:ship',
    handler: (input, ctx) => shipReturn(ctx, input, { user: ctx.user }),
  }),
  defineRoute({
    endpoint: purchaseReturnApi.cancel,
    permission: 'purchaseReturn:cancel',
    handler: (input, ctx) => cancelReturn(ctx, input, { user: ctx.user }),
  }),
];

/** The supplier portal's returns: the same functions, scoped by the caller's supplier (another's return is 404). */
export const portalPurchaseReturnRoutes = [
  portalRoute({
    endpoint: portalPurchaseReturnApi.list,
    handler: (input, ctx) => listReturns(ctx.db, { supplierId: ctx.portal.supplierId }, input),
  }),
  portalRoute({
    endpoint: portalPurchaseReturnApi.info,
    handler: (input, ctx) => getReturn(ctx.db, { supplierId: ctx.portal.supplierId }, input.id),
  }),
  portalRoute({
    endpoint: portalPurchaseReturnApi.confirm,
    handler: (input, ctx) => confirmReturn(ctx, input, { supplierId: ctx.portal.supplierId }),
  }),
  portalRoute({
    endpoint: portalPurchaseReturnApi.dispute,
    handler: (input, ctx) => disputeReturn(ctx, input, { supplierId: ctx.portal.supplierId }),
  }),
];

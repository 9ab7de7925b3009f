import { portalStatementApi, supplierInvoiceApi, supplierStatementApi } from '@scm/contract';
import { defineRoute, portalRoute } from '../../lib/http/route';
import { approveStatement, matchStatementNow, payStatement, resolveException } from './approval';
import { exportStatements } from './export';
import { registerInvoice, voidInvoice } from './invoices';
import { getStatement, listStatements } from './queries';
import { cancelStatement, createStatement, reviseStatement, sendStatement } from './service';
import { confirmStatement, disputeStatement } from './supplier-acts';

const LIST = 'supplierStatementList';
const DETAIL = 'supplierStatementDetail';

export const supplierStatementRoutes = [
  defineRoute({
    endpoint: supplierStatementApi.create,
    permission: 'supplierStatement:create',
    handler: (input, ctx) => createStatement(ctx, input),
  }),
  defineRoute({ endpoint: supplierStatementApi.list, permission: LIST, handler: (input, ctx) => listStatements(ctx.db, { user: ctx.user }, input) }),
  defineRoute({ endpoint: supplierStatementApi.export, permission: LIST, handler: async (input, ctx) => exportStatements(ctx, input) }),
  defineRoute({
    endpoint: supplierStatementApi.info,
    permission: DETAIL,
    handler: (input, ctx) => getStatement(ctx.db, { user: ctx.user }, input.id),
  }),
  defineRoute({ endpoint: supplierStatementApi.send, permission: 'supplierStatement:send', handler: (input, ctx) => sendStatement(ctx, input) }),
  defineRoute({
    endpoint: supplierStatementApi.revise,
    permission: 'supplierStatement:create',
    handler: (input, ctx) => reviseStatement(ctx, input),
  }),
  defineRoute({
    endpoint: supplierStatementApi.cancel,
    permission: 'supplierStatement:cancel',
    handler: (input, ctx) => cancelStatement(ctx, input),
  }),
  defineRoute({
    endpoint: supplierStatementApi.match,
    permission: 'supplierStatement:invoice',
    handler: (input, ctx) => matchStatementNow(ctx, input),
  }),
  defineRoute({
    endpoint: supplierStatementApi.resolveException,
    permission: 'supplierStatement:approve',
    handler: (input, ctx) => resolveException(ctx, input),
  }),
  defineRoute({
    endpoint: supplierStatementApi.approve,
    permission: 'supplierStatement:approve',
    handler: (input, ctx) => approveStatement(ctx, input),
  }),
  defineRoute({ endpoint: supplierStatementApi.pay, permission: 'supplierStatement:pay', handler: (input, ctx) => payStatement(ctx, input) }),
  defineRoute({
    endpoint: supplierInvoiceApi.create,
    permission: 'supplierStatement:invoice',
    handler: (input, ctx) => registerInvoice(ctx, input, { user: ctx.user }),
  }),
  defineRoute({ endpoint: supplierInvoiceApi.void, permission: 'supplierStatement:invoice', handler: (input, ctx) => voidInvoice(ctx, input) }),
];

/** The supplier portal's statements: the same functions, scoped by the caller's supplier (another's statement is 404). */
export const portalStatementRoutes = [
  portalRoute({
    endpoint: portalStatementApi.list,
    handler: (input, ctx) => listStatements(ctx.db, { supplierId: ctx.portal.supplierId }, input),
  }),
  portalRoute({ endpoint: portalStatementApi.info, handler: (input, ctx) => getStatement(ctx.db, { supplierId: ctx.portal.supplierId }, input.id) }),
  portalRoute({
    endpoint: portalStatementApi.confirm,
    handler: (input, ctx) => confirmStatement(ctx, input, { supplierId: ctx.portal.supplierId }),
  }),
  portalRoute({
    endpoint: portalStatementApi.dispute,
    handler: (input, ctx) => disputeStatement(ctx, input, { supplierId: ctx.portal.supplierId }),
  }),
  portalRoute({
    endpoint: portalStatementApi.submitInvoice,
    handler: (input, ctx) => registerInvoice({ ...ctx, portalAccountId: ctx.portal.accountId }, input, { supplierId: ctx.portal.supplierId }),
  }),
];

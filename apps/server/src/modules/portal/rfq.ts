import { portalApi } from '@scm/contract';
import { portalRoute } from '../../lib/http/route';
import { supplierAccessOf } from '../../lib/access/supplier-scope';
import { askClarification } from '../procurement-task/clarification';
import { declineQuote, estimateQuoteFreight, saveQuote } from '../procurement-task/quotation';
import { listRfqs, rfqInfo } from '../procurement-task/rfq-view';

/**
 * The supplier's side of a request for quotation (docs/portal.md): the portal's routes call the
 * procurement module's acts, the same functions the back office calls, with the session's supplier
 * as the access, so every read and write is bounded by the caller's supplier.
 */
export const portalRfqRoutes = [
  portalRoute({ endpoint: portalApi.rfqList, handler: (input, ctx) => listRfqs(ctx, supplierAccessOf(ctx), input) }),
  portalRoute({ endpoint: portalApi.rfqInfo, handler: (input, ctx) => rfqInfo(ctx, supplierAccessOf(ctx), input.taskId) }),
  portalRoute({ endpoint: portalApi.submitQuote, handler: (input, ctx) => saveQuote(ctx, supplierAccessOf(ctx), input) }),
  portalRoute({
    endpoint: portalApi.declineQuote,
    handler: async (input, ctx) => {
      await declineQuote(ctx, supplierAccessOf(ctx), input);
      return null;
    },
  }),
  portalRoute({ endpoint: portalApi.estimateFreight, handler: (input, ctx) => estimateQuoteFreight(ctx, supplierAccessOf(ctx), input) }),
  portalRoute({ endpoint: portalApi.ask, handler: (input, ctx) => askClarification(ctx, supplierAccessOf(ctx), input) }),
];

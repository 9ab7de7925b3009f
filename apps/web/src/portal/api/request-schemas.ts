import {
  clarificationAskRequest,
  invoiceCreateRequest,
  portalDeclineRequest,
  portalOrderConfirmRequest,
  portalQuoteSubmitRequest,
  purchaseOrderRejectRequest,
  purchaseReturnDisputeRequest,
  setChineseZodMessages,
  shipmentCancelRequest,
  shipmentCreateRequest,
  statementDisputeRequest,
} from '@scm/contract';

// The server's own rules and messages for what the portal's forms send; a chunk of its own with zod
// (request-checks.ts).
setChineseZodMessages();

export {
  clarificationAskRequest,
  invoiceCreateRequest,
  portalDeclineRequest,
  portalOrderConfirmRequest,
  portalQuoteSubmitRequest,
  purchaseOrderRejectRequest,
  purchaseReturnDisputeRequest,
  shipmentCancelRequest,
  shipmentCreateRequest,
  statementDisputeRequest,
};

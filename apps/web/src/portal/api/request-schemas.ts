import {
  clarificationAskRequest,
  portalDeclineRequest,
  portalOrderConfirmRequest,
  portalQuoteSubmitRequest,
  purchaseOrderRejectRequest,
  setChineseZodMessages,
  shipmentCancelRequest,
  shipmentCreateRequest,
} from '@scm/contract';

// The server's own rules and messages for what the portal's forms send; a chunk of its own with zod
// (request-checks.ts).
setChineseZodMessages();

export {
  clarificationAskRequest,
  portalDeclineRequest,
  portalOrderConfirmRequest,
  portalQuoteSubmitRequest,
  purchaseOrderRejectRequest,
  shipmentCancelRequest,
  shipmentCreateRequest,
};

import {
  clarificationAskRequest,
  portalDeclineRequest,
  portalQuoteSubmitRequest,
  purchaseReturnDisputeRequest,
  setChineseZodMessages,
} from '@scm/contract';

// The server's own rules and messages for what the portal's forms send; a chunk of its own with zod
// (request-checks.ts).
setChineseZodMessages();

export { clarificationAskRequest, portalDeclineRequest, portalQuoteSubmitRequest, purchaseReturnDisputeRequest };

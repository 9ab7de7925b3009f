// The supplier portal's endpoint paths, apart from their schemas (portal.ts, purchase-order.ts): the
// portal's pages call them by path with the endpoints' types, and load no zod (docs/web-guide.md,
// "Portal"; `endpointAt`).
export const PORTAL_PATHS = {
  activate: '/portal/account/activate',
  login: '/portal/login',
  logout: '/portal/logout',
  accountInfo: '/portal/account/info',
  rfqList: '/portal/rfq/list',
  rfqInfo: '/portal/rfq/info',
  submitQuote: '/portal/quotation/submit',
  declineQuote: '/portal/quotation/decline',
  estimateFreight: '/portal/quotation/estimate_freight',
  ask: '/portal/clarification/ask',
  orderList: '/portal/purchase_order/list',
  orderInfo: '/portal/purchase_order/info',
  orderConfirm: '/portal/purchase_order/confirm',
  orderReject: '/portal/purchase_order/reject',
  shipmentCreate: '/portal/shipment/create',
  shipmentList: '/portal/shipment/list',
  shipmentInfo: '/portal/shipment/info',
  shipmentCancel: '/portal/shipment/cancel',
} as const;

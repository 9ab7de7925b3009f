import { endpointAt, PORTAL_PATHS, type portalPurchaseOrderApi } from '@scm/contract';
import { useApiMutation, useApiQuery } from '@/shared/http/hooks';

// By path, with the endpoints' types: the portal's pages load no schema (docs/web-guide.md, "Portal").
const orderList = endpointAt<typeof portalPurchaseOrderApi.list>(PORTAL_PATHS.orderList);
const orderInfo = endpointAt<typeof portalPurchaseOrderApi.info>(PORTAL_PATHS.orderInfo);
const orderConfirm = endpointAt<typeof portalPurchaseOrderApi.confirm>(PORTAL_PATHS.orderConfirm);

export const ORDER_PAGE_SIZE = 20;
export const orderIdOf = (search: string) => Number(new URLSearchParams(search).get('id')) || 0;

export const useOrderList = (page: number) => useApiQuery(orderList, { page, pageSize: ORDER_PAGE_SIZE });
export const useOrderInfo = (id: number) => useApiQuery(orderInfo, { id }, { enabled: id > 0 });
export const useConfirmOrder = () =>
  useApiMutation(orderConfirm, {
    successMessage: '订单已确认',
    invalidates: [orderList, orderInfo],
  });

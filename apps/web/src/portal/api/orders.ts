import { endpointAt, PORTAL_PATHS, type portalPurchaseOrderApi, type portalShipmentApi } from '@scm/contract';
import type { ApiError } from '@/shared/http/api';
import { useApiMutation, useApiQuery } from '@/shared/http/hooks';

// By path, with the endpoints' types: the portal's pages load no schema (docs/web-guide.md, "Portal").
const orderList = endpointAt<typeof portalPurchaseOrderApi.list>(PORTAL_PATHS.orderList);
const orderInfo = endpointAt<typeof portalPurchaseOrderApi.info>(PORTAL_PATHS.orderInfo);
const orderConfirm = endpointAt<typeof portalPurchaseOrderApi.confirm>(PORTAL_PATHS.orderConfirm);
const orderReject = endpointAt<typeof portalPurchaseOrderApi.reject>(PORTAL_PATHS.orderReject);
const shipmentCreate = endpointAt<typeof portalShipmentApi.create>(PORTAL_PATHS.shipmentCreate);
const shipmentCancel = endpointAt<typeof portalShipmentApi.cancel>(PORTAL_PATHS.shipmentCancel);

/** A write's refusal on a form's fields (true when placed there, so no toast); the others toast. */
type OnError = (error: ApiError) => boolean | undefined;

export const ORDER_PAGE_SIZE = 20;
export const orderIdOf = (search: string) => Number(new URLSearchParams(search).get('id')) || 0;

export const useOrderList = (page: number) => useApiQuery(orderList, { page, pageSize: ORDER_PAGE_SIZE });
export const useOrderInfo = (id: number) => useApiQuery(orderInfo, { id }, { enabled: id > 0 });
export const useConfirmOrder = (onError?: OnError) =>
  useApiMutation(orderConfirm, {
    successMessage: '订单已确认',
    invalidates: [orderList, orderInfo],
    onError,
  });
export const useRejectOrder = (onError?: OnError) =>
  useApiMutation(orderReject, { successMessage: '已拒绝该订单', invalidates: [orderList, orderInfo], onError });
export const useCreateShipment = (onError?: OnError) =>
  useApiMutation(shipmentCreate, { successMessage: '发货通知已提交', invalidates: [orderInfo], onError });
export const useCancelShipment = (onError?: OnError) =>
  useApiMutation(shipmentCancel, { successMessage: '发货通知已取消', invalidates: [orderInfo], onError });

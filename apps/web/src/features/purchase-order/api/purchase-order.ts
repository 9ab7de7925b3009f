import { type EndpointBody, procurementTaskApi, purchaseOrderApi, purchaseReceiptApi, shipmentApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

type ListBody = EndpointBody<typeof purchaseOrderApi.list>;

export const useOrderList = (body: ListBody) => useApiQuery(purchaseOrderApi.list, body);
export const useOrderInfo = (id: number | undefined) =>
  useApiQuery(purchaseOrderApi.info, { id: id ?? 0 }, { enabled: id !== undefined, staleTime: 0 });

/** An order's change also changes its task (completion) and its list row. */
const stale = [purchaseOrderApi.list, purchaseOrderApi.info, procurementTaskApi.list, procurementTaskApi.info, shipmentApi.list, shipmentApi.info];

export const useConfirmOrder = (options: WriteOptions<typeof purchaseOrderApi.confirm> = {}) =>
  useApiMutation(purchaseOrderApi.confirm, { successMessage: '订单已确认', invalidates: stale, ...options });
export const useReceiveOrder = (options: WriteOptions<typeof purchaseOrderApi.receive> = {}) =>
  useApiMutation(purchaseOrderApi.receive, { successMessage: '收货已登记', invalidates: stale, ...options });
export const useCloseOrder = () => useApiMutation(purchaseOrderApi.close, { successMessage: '订单已关闭', invalidates: stale });
export const useReverseReceipt = () => useApiMutation(purchaseReceiptApi.reverse, { successMessage: '收货已冲销', invalidates: stale });

export const useCreateShipment = (options: WriteOptions<typeof shipmentApi.create> = {}) =>
  useApiMutation(shipmentApi.create, { successMessage: '发货通知已登记', invalidates: stale, ...options });
export const useCancelShipment = () => useApiMutation(shipmentApi.cancel, { successMessage: '发货通知已取消', invalidates: stale });

import { type EndpointBody, purchaseOrderApi, purchaseReturnApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

type ListBody = EndpointBody<typeof purchaseReturnApi.list>;

export const useReturnList = (body: ListBody) => useApiQuery(purchaseReturnApi.list, body);
export const useReturnInfo = (id: number | undefined) =>
  useApiQuery(purchaseReturnApi.info, { id: id ?? 0 }, { enabled: id !== undefined, staleTime: 0 });

/** A return's change also changes its order (the net received when it ships, the returns it lists). */
const stale = [purchaseReturnApi.list, purchaseReturnApi.info, purchaseOrderApi.list, purchaseOrderApi.info];

export const useCreateReturn = (options: WriteOptions<typeof purchaseReturnApi.create> = {}) =>
  useApiMutation(purchaseReturnApi.create, { successMessage: '退货单已创建，待供应商确认', invalidates: stale, ...options });
export const useUpdateReturn = (options: WriteOptions<typeof purchaseReturnApi.update> = {}) =>
  useApiMutation(purchaseReturnApi.update, { successMessage: '退货单已保存', invalidates: stale, ...options });
export const useConfirmReturn = () => useApiMutation(purchaseReturnApi.confirm, { successMessage: '退货单已确认', invalidates: stale });
export const useShipReturn = () => useApiMutation(purchaseReturnApi.ship, { successMessage: '退货已出库', invalidates: stale });
export const useCancelReturn = () => useApiMutation(purchaseReturnApi.cancel, { successMessage: '退货单已取消', invalidates: stale });

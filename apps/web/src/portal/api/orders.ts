import { portalPurchaseOrderApi } from '@scm/contract';
import { useApiMutation, useApiQuery } from '@/shared/http/hooks';

export const ORDER_PAGE_SIZE = 20;
export const orderIdOf = (search: string) => Number(new URLSearchParams(search).get('id')) || 0;

export const useOrderList = (page: number) => useApiQuery(portalPurchaseOrderApi.list, { page, pageSize: ORDER_PAGE_SIZE });
export const useOrderInfo = (id: number) => useApiQuery(portalPurchaseOrderApi.info, { id }, { enabled: id > 0 });
export const useConfirmOrder = () =>
  useApiMutation(portalPurchaseOrderApi.confirm, {
    successMessage: '订单已确认',
    invalidates: [portalPurchaseOrderApi.list, portalPurchaseOrderApi.info],
  });

import { endpointAt, PORTAL_PATHS, type portalPurchaseReturnApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

// By path, with the endpoints' types: the portal's pages load no schema (docs/web-guide.md, "Portal").
const returnList = endpointAt<typeof portalPurchaseReturnApi.list>(PORTAL_PATHS.returnList);
const returnInfo = endpointAt<typeof portalPurchaseReturnApi.info>(PORTAL_PATHS.returnInfo);
const returnConfirm = endpointAt<typeof portalPurchaseReturnApi.confirm>(PORTAL_PATHS.returnConfirm);
const returnDispute = endpointAt<typeof portalPurchaseReturnApi.dispute>(PORTAL_PATHS.returnDispute);

export const RETURN_PAGE_SIZE = 20;

export const useReturnList = (page: number) => useApiQuery(returnList, { page, pageSize: RETURN_PAGE_SIZE });
export const useReturnInfo = (id: number) => useApiQuery(returnInfo, { id }, { enabled: id > 0 });
export const useConfirmReturn = () => useApiMutation(returnConfirm, { successMessage: '退货单已确认', invalidates: [returnList, returnInfo] });
export const useDisputeReturn = (options: WriteOptions<typeof portalPurchaseReturnApi.dispute> = {}) =>
  useApiMutation(returnDispute, { successMessage: '异议已提交，等待采购方处理', invalidates: [returnList, returnInfo], ...options });

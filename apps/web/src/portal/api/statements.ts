import { endpointAt, PORTAL_PATHS, type portalStatementApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

// By path, with the endpoints' types: the portal's pages load no schema (docs/web-guide.md, "Portal").
const statementList = endpointAt<typeof portalStatementApi.list>(PORTAL_PATHS.statementList);
const statementInfo = endpointAt<typeof portalStatementApi.info>(PORTAL_PATHS.statementInfo);
const statementConfirm = endpointAt<typeof portalStatementApi.confirm>(PORTAL_PATHS.statementConfirm);
const statementDispute = endpointAt<typeof portalStatementApi.dispute>(PORTAL_PATHS.statementDispute);
const invoiceSubmit = endpointAt<typeof portalStatementApi.submitInvoice>(PORTAL_PATHS.invoiceSubmit);

export const STATEMENT_PAGE_SIZE = 20;
export const statementIdOf = (search: string) => Number(new URLSearchParams(search).get('id')) || 0;

const stale = [statementList, statementInfo];

export const useStatementList = (page: number) => useApiQuery(statementList, { page, pageSize: STATEMENT_PAGE_SIZE });
export const useStatementInfo = (id: number) => useApiQuery(statementInfo, { id }, { enabled: id > 0 });
export const useConfirmStatement = () => useApiMutation(statementConfirm, { successMessage: '对账单已确认', invalidates: stale });
export const useDisputeStatement = (options: WriteOptions<typeof portalStatementApi.dispute> = {}) =>
  useApiMutation(statementDispute, { successMessage: '异议已提交，等待采购方修订', invalidates: stale, ...options });
export const useSubmitInvoice = (options: WriteOptions<typeof portalStatementApi.submitInvoice> = {}) =>
  useApiMutation(invoiceSubmit, { successMessage: '发票已上传', invalidates: stale, ...options });

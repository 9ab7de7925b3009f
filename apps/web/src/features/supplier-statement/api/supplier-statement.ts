import { type EndpointBody, supplierInvoiceApi, supplierStatementApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

type ListBody = EndpointBody<typeof supplierStatementApi.list>;

export const useStatementList = (body: ListBody) => useApiQuery(supplierStatementApi.list, body);
export const useStatementInfo = (id: number | undefined) =>
  useApiQuery(supplierStatementApi.info, { id: id ?? 0 }, { enabled: id !== undefined, staleTime: 0 });

/** Every change of a statement (its invoices, the check's decisions) changes its detail and its list row. */
const stale = [supplierStatementApi.list, supplierStatementApi.info];

export const useCreateStatement = (options: WriteOptions<typeof supplierStatementApi.create> = {}) =>
  useApiMutation(supplierStatementApi.create, { successMessage: '对账单已生成', invalidates: stale, ...options });
export const useSendStatement = () => useApiMutation(supplierStatementApi.send, { successMessage: '已发送供应商确认', invalidates: stale });
export const useReviseStatement = () => useApiMutation(supplierStatementApi.revise, { successMessage: '已修订并重新汇总明细', invalidates: stale });
export const useCancelStatement = () => useApiMutation(supplierStatementApi.cancel, { successMessage: '对账单已取消', invalidates: stale });
export const useMatchStatement = () => useApiMutation(supplierStatementApi.match, { successMessage: '三单匹配已完成', invalidates: stale });
export const useResolveException = () => useApiMutation(supplierStatementApi.resolveException, { successMessage: '异常已处理', invalidates: stale });
export const useApproveStatement = () => useApiMutation(supplierStatementApi.approve, { successMessage: '对账单已审批', invalidates: stale });
export const usePayStatement = (options: WriteOptions<typeof supplierStatementApi.pay> = {}) =>
  useApiMutation(supplierStatementApi.pay, { successMessage: '付款已登记', invalidates: stale, ...options });
export const useCreateInvoice = (options: WriteOptions<typeof supplierInvoiceApi.create> = {}) =>
  useApiMutation(supplierInvoiceApi.create, { successMessage: '发票已登记', invalidates: stale, ...options });
export const useVoidInvoice = () => useApiMutation(supplierInvoiceApi.void, { successMessage: '发票已作废', invalidates: stale });

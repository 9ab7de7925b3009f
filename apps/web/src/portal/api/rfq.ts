import { type EndpointBody, endpointAt, PORTAL_PATHS, type portalApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';
import { firstRead } from '@/portal/api/first-read';
import { portalQueryClient } from '@/portal/query-client';

// By path, with the endpoints' types: the portal's pages load no schema (docs/web-guide.md, "Portal").
const rfqList = endpointAt<typeof portalApi.rfqList>(PORTAL_PATHS.rfqList);
const rfqInfo = endpointAt<typeof portalApi.rfqInfo>(PORTAL_PATHS.rfqInfo);
const submitQuote = endpointAt<typeof portalApi.submitQuote>(PORTAL_PATHS.submitQuote);
const declineQuote = endpointAt<typeof portalApi.declineQuote>(PORTAL_PATHS.declineQuote);
const estimateFreight = endpointAt<typeof portalApi.estimateFreight>(PORTAL_PATHS.estimateFreight);
const ask = endpointAt<typeof portalApi.ask>(PORTAL_PATHS.ask);

type RfqListBody = EndpointBody<typeof portalApi.rfqList>;

export const useRfqList = (body: RfqListBody) => useApiQuery(rfqList, body);
export const useRfqInfo = (taskId: number) => useApiQuery(rfqInfo, { taskId }, { enabled: taskId > 0, staleTime: 5_000 });

/** Puts the entry's first read in the cache, where the addressed page's query finds it (docs/web-guide.md, "Portal"). */
export function seedFirstRead() {
  if (!firstRead) return;
  const { key, answer } = firstRead;
  portalQueryClient.prefetchQuery({ queryKey: key, queryFn: () => answer, staleTime: 5_000 });
}

/** Every portal write changes what the list and the detail show. */
const stale = [rfqList, rfqInfo];

export const useSubmitQuote = (options: WriteOptions<typeof portalApi.submitQuote> = {}) =>
  useApiMutation(submitQuote, { invalidates: stale, ...options });
export const useDeclineQuote = (options: WriteOptions<typeof portalApi.declineQuote> = {}) =>
  useApiMutation(declineQuote, { successMessage: '已放弃报价', invalidates: stale, ...options });
export const useEstimateFreight = () => useApiMutation(estimateFreight);
export const useAskQuestion = (options: WriteOptions<typeof portalApi.ask> = {}) =>
  useApiMutation(ask, { successMessage: '问题已提交，答复后在此显示', invalidates: stale, ...options });

import { type EndpointBody, endpointAt, PORTAL_PATHS, type portalApi } from '@scm/contract';
import { callApi } from '@/shared/http/api';
import { queryKey, useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';
import { portalQueryClient } from '@/portal/query-client';

// By path, with the endpoints' types: the portal's pages load no schema (docs/web-guide.md, "Portal").
const rfqList = endpointAt<typeof portalApi.rfqList>(PORTAL_PATHS.rfqList);
const rfqInfo = endpointAt<typeof portalApi.rfqInfo>(PORTAL_PATHS.rfqInfo);
const submitQuote = endpointAt<typeof portalApi.submitQuote>(PORTAL_PATHS.submitQuote);
const declineQuote = endpointAt<typeof portalApi.declineQuote>(PORTAL_PATHS.declineQuote);
const estimateFreight = endpointAt<typeof portalApi.estimateFreight>(PORTAL_PATHS.estimateFreight);
const ask = endpointAt<typeof portalApi.ask>(PORTAL_PATHS.ask);

type RfqListBody = EndpointBody<typeof portalApi.rfqList>;

export const RFQ_PAGE_SIZE = 20;
/** The list's request for a URL's `?page=`: the page and its prefetch read the same body. */
export const rfqListBody = (search: string): Required<RfqListBody> => ({
  page: Math.max(1, Number(new URLSearchParams(search).get('page')) || 1),
  pageSize: RFQ_PAGE_SIZE,
});
export const rfqIdOf = (search: string) => Number(new URLSearchParams(search).get('id')) || 0;

export const useRfqList = (body: RfqListBody) => useApiQuery(rfqList, body);
export const useRfqInfo = (taskId: number) => useApiQuery(rfqInfo, { taskId }, { enabled: taskId > 0, staleTime: 5_000 });

/** Starts a page's first request beside its chunk, so the page finds the answer in the cache (docs/web-guide.md, "Portal"). */
export function prefetchRfqPage(pathname: string, search: string) {
  if (pathname === '/portal/rfq') {
    const body = rfqListBody(search);
    portalQueryClient.prefetchQuery({ queryKey: queryKey(rfqList, body), queryFn: () => callApi(rfqList, body) });
  } else if (pathname === '/portal/rfq/detail' && rfqIdOf(search) > 0) {
    const body = { taskId: rfqIdOf(search) };
    portalQueryClient.prefetchQuery({
      queryKey: queryKey(rfqInfo, body),
      queryFn: () => callApi(rfqInfo, body),
      staleTime: 5_000,
    });
  }
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

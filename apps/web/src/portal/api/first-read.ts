import { type EndpointBody, PORTAL_PATHS, type portalApi, PORTAL_PAGES } from '@scm/contract';
import { callPath } from '@/shared/http/api';
import { queryKey } from '@/shared/http/query-key';
import { portalSession } from '@/shared/session/portal-session';

type RfqListBody = EndpointBody<typeof portalApi.rfqList>;

export const RFQ_PAGE_SIZE = 20;
/** 我的询价's request for a URL's `?page=`: the page and its first read send the same body. */
export const rfqListBody = (search: string): Required<RfqListBody> => ({
  page: Math.max(1, Number(new URLSearchParams(search).get('page')) || 1),
  pageSize: RFQ_PAGE_SIZE,
});
export const rfqIdOf = (search: string) => Number(new URLSearchParams(search).get('id')) || 0;

/** The request 我的询价 and 询价详情 start with: path and body. */
function firstRequest(pathname: string, search: string): { path: string; body: unknown } | null {
  if (pathname === PORTAL_PAGES.rfqList) return { path: PORTAL_PATHS.rfqList, body: rfqListBody(search) };
  if (pathname === PORTAL_PAGES.rfqDetail && rfqIdOf(search) > 0) return { path: PORTAL_PATHS.rfqInfo, body: { taskId: rfqIdOf(search) } };
  return null;
}

/**
 * The addressed page's first read, sent as the portal's entry runs: on a phone it travels beside
 * the signed-in frame's and the page's chunks instead of after them, a round trip sooner. The frame
 * puts it in the query cache (`seedFirstRead`), where the page's query finds it.
 */
export const firstRead = (() => {
  const request = portalSession.isSignedIn() ? firstRequest(window.location.pathname, window.location.search) : null;
  if (!request) return null;
  const answer = callPath<unknown>(request.path, request.body);
  // The page's own query reports a failure; this copy of it must not count as unhandled.
  answer.catch(() => {});
  return { key: queryKey(request, request.body), answer };
})();

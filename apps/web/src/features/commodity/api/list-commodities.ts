import { type Commodity, COMMODITY_SORT_FIELDS, commodityApi, type EndpointBody, yuanToFen } from '@scm/contract';
import { callApi } from '@/shared/http/api';
import { queryKey, useApiQuery } from '@/shared/http/hooks';
import { queryClient } from '@/shared/http/query-client';
import { readUrlState } from '@/shared/table/use-url-state';

export type CommodityListBody = EndpointBody<typeof commodityApi.list>;
export const useCommodityList = (body: CommodityListBody) => useApiQuery(commodityApi.list, body);

/** The list page's URL state: filters, paging and sorting. */
export const commodityListDefaults = {
  page: 1,
  pageSize: 20,
  keyword: '',
  categoryId: 0,
  brand: '',
  status: '',
  minPrice: '',
  maxPrice: '',
  sortField: '',
  sortOrder: '',
};
export type CommodityListQuery = typeof commodityListDefaults;
export type CommoditySortField = (typeof COMMODITY_SORT_FIELDS)[number];

const fen = (yuan: string) => (yuan === '' ? undefined : (yuanToFen(yuan) ?? undefined));

/** The filter part of the body (also what the export sends). */
export const commodityListFilter = (query: CommodityListQuery) => ({
  keyword: query.keyword || undefined,
  categoryId: query.categoryId || undefined,
  brand: query.brand || undefined,
  status: (query.status || undefined) as Commodity['status'] | undefined,
  minPriceFen: fen(query.minPrice),
  maxPriceFen: fen(query.maxPrice),
});

export const commoditySortField = (query: CommodityListQuery) =>
  COMMODITY_SORT_FIELDS.includes(query.sortField as CommoditySortField) ? (query.sortField as CommoditySortField) : undefined;

export function commodityListBody(query: CommodityListQuery): CommodityListBody {
  const sortField = commoditySortField(query);
  return {
    ...commodityListFilter(query),
    page: query.page,
    pageSize: query.pageSize,
    sortField,
    sortOrder: sortField ? (query.sortOrder as 'ascend' | 'descend') : undefined,
  };
}

/** Starts the list request for a URL query while the page's chunk is still loading. */
export function prefetchCommodityList(search: string) {
  const body = commodityListBody(readUrlState(commodityListDefaults, search));
  queryClient.prefetchQuery({ queryKey: queryKey(commodityApi.list, body), queryFn: () => callApi(commodityApi.list, body) }).catch(() => {});
}

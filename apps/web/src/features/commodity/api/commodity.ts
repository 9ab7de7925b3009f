import { categoryApi, type COMMODITY_SORT_FIELDS, commodityApi, commodityListRequest, type EndpointBody, yuanToFen } from '@scm/contract';
import { z } from 'zod';
import { callApi } from '@/shared/http/api';
import { queryKey } from '@/shared/http/query-key';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';
import { queryClient } from '@/shared/http/query-client';
import { readUrlQuery } from '@/shared/table/use-url-query';

type CommodityListBody = EndpointBody<typeof commodityApi.list>;
export type CommoditySortField = (typeof COMMODITY_SORT_FIELDS)[number];

const yuan = z.string().refine((text) => yuanToFen(text) !== null);

/** The list page's URL: the list request, with the price bounds kept in yuan as the user typed them. */
export const commodityListQuery = commodityListRequest
  .omit({ minPriceFen: true, maxPriceFen: true })
  .extend({ minPrice: yuan.optional(), maxPrice: yuan.optional() });
type CommodityListQuery = z.output<typeof commodityListQuery>;

const fen = (text: string | undefined) => (text === undefined ? undefined : (yuanToFen(text) ?? undefined));

/** The filter part of the body (also what the export sends). */
export const commodityListFilter = (query: CommodityListQuery) => ({
  keyword: query.keyword,
  categoryId: query.categoryId,
  brand: query.brand,
  status: query.status,
  minPriceFen: fen(query.minPrice),
  maxPriceFen: fen(query.maxPrice),
});

export const commodityListBody = (query: CommodityListQuery): CommodityListBody => ({
  ...commodityListFilter(query),
  page: query.page,
  pageSize: query.pageSize,
  sortField: query.sortField,
  sortOrder: query.sortField ? query.sortOrder : undefined,
});

export const useCommodityList = (body: CommodityListBody) => useApiQuery(commodityApi.list, body);

/** Starts the list request for a URL query while the page's chunk is still loading. */
export function prefetchCommodityList(search: string) {
  const body = commodityListBody(readUrlQuery(commodityListQuery, search));
  queryClient.prefetchQuery({ queryKey: queryKey(commodityApi.list, body), queryFn: () => callApi(commodityApi.list, body) }).catch(() => {});
}

const saved = [commodityApi.list, categoryApi.list];

export const useCreateCommodity = (options: WriteOptions<typeof commodityApi.create> = {}) =>
  useApiMutation(commodityApi.create, { successMessage: '新建成功', invalidates: saved, ...options });
export const useUpdateCommodity = (options: WriteOptions<typeof commodityApi.update> = {}) =>
  useApiMutation(commodityApi.update, { successMessage: '保存成功', invalidates: saved, ...options });
export const useDeleteCommodity = () => useApiMutation(commodityApi.delete, { successMessage: '删除成功', invalidates: [commodityApi.list] });

export const useEnableCommodities = (options: WriteOptions<typeof commodityApi.enable> = {}) =>
  useApiMutation(commodityApi.enable, { successMessage: '已启用', invalidates: [commodityApi.list], ...options });
export const useDisableCommodities = (options: WriteOptions<typeof commodityApi.disable> = {}) =>
  useApiMutation(commodityApi.disable, { successMessage: '已停用', invalidates: [commodityApi.list], ...options });

import { commodityApi, type EndpointBody } from '@scm/contract';
import { useApiQuery } from '../../../shared/http/hooks';

export type CommodityListBody = EndpointBody<typeof commodityApi.list>;
export const useCommodityList = (body: CommodityListBody) => useApiQuery(commodityApi.list, body);

import { commodityApi } from '@scm/contract';
import { useApiQuery } from '../../../shared/http/hooks';

/** Commodities for the line selector, searched on the server (stays fast over a million rows). */
export const useCommodityOptions = (keyword: string) => useApiQuery(commodityApi.options, { keyword: keyword || undefined, limit: 20 });

import { commodityApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

/**
 * Enabled commodities matching a keyword (SKU code, name or barcode), searched on the server a page
 * at a time: a selector never loads the whole catalogue.
 */
export const useCommodityOptions = (keyword: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useApiQuery(commodityApi.options, { keyword: keyword || undefined, limit: 20 }, { enabled });

import { commodityApi } from '@scm/contract';
import { useEffect, useState } from 'react';
import { useApiQuery } from '../http/hooks';

/** The text typed, settled for `delay` ms, so each keystroke is not a request. */
export function useDebounced(value: string, delay = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Enabled commodities matching a keyword (SKU code, name or barcode), searched on the server a page
 * at a time: the selector never loads the whole catalogue.
 */
export const useCommodityOptions = (keyword: string, enabled = true) =>
  useApiQuery(commodityApi.options, { keyword: keyword || undefined, limit: 20 }, { enabled });

import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useUrlWriter } from './use-url-query';

type UrlValue = string | number | undefined;

/** The state a query string gives over the defaults (the same reading as useUrlState's). */
function readUrlState<T extends Record<string, UrlValue>>(defaults: T, search: string): T {
  const result: Record<string, UrlValue> = { ...defaults };
  for (const [name, raw] of new URLSearchParams(search)) {
    if (typeof defaults[name] === 'number') {
      const n = Number(raw);
      if (Number.isFinite(n)) result[name] = n;
    } else {
      result[name] = raw;
    }
  }
  return result as T;
}

/**
 * Page state that is not a list request (the board's range, a client-side filter) kept in the URL
 * query, so a tab reopens where it was; list pages use useUrlQuery, which checks each value against
 * the request schema. Keys whose default is a number are read back as numbers; empty values are dropped.
 */
export function useUrlState<T extends Record<string, UrlValue>>(defaults: T) {
  const [params] = useSearchParams();
  const key = params.toString();
  // The defaults are a literal per page: fixed on first render so they never re-trigger the hooks.
  const defaultsRef = useRef(defaults);

  const state = useMemo(() => readUrlState(defaultsRef.current, key), [key]);

  const [update, reset] = useUrlWriter<Partial<T>>(defaultsRef.current);
  return [state, update, reset] as const;
}

import type { Endpoint, EndpointBody, EndpointData } from '@scm/contract';
import {
  keepPreviousData,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { feedback } from '../ui/feedback';
import { ApiError, callApi } from './api';

export const queryKey = (endpoint: Endpoint, body?: unknown) => (body === undefined ? [endpoint.path] : [endpoint.path, body]);

/** A read through a contract endpoint; the key is the path plus the body, so changing a filter refetches. */
export function useApiQuery<E extends Endpoint>(
  endpoint: E,
  body: EndpointBody<E>,
  options: Omit<UseQueryOptions<EndpointData<E>, ApiError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<EndpointData<E>, ApiError>({
    queryKey: queryKey(endpoint, body),
    queryFn: () => callApi(endpoint, body),
    placeholderData: keepPreviousData,
    ...options,
  });
}

export function showApiError(error: unknown) {
  if (error instanceof ApiError) {
    if (!error.alreadyShown) feedback.message?.error(error.message);
    return;
  }
  console.error(error);
}

interface MutationOptions<E extends Endpoint> {
  /** Toast shown on success, e.g. "保存成功". */
  successMessage?: string;
  /** Endpoints whose cached reads become stale after this write. */
  invalidates?: Endpoint[];
  onSuccess?: (data: EndpointData<E>, body: EndpointBody<E>) => void;
  /** Return true when the error was handled (e.g. field errors put on a form). */
  onError?: (error: ApiError) => boolean | undefined;
}

/** A write through a contract endpoint: toasts the outcome and refreshes the reads it invalidates. */
export function useApiMutation<E extends Endpoint>(endpoint: E, options: MutationOptions<E> = {}) {
  const client = useQueryClient();
  return useMutation<EndpointData<E>, ApiError, EndpointBody<E>>({
    mutationFn: (body) => callApi(endpoint, body),
    onSuccess: (data, body) => {
      if (options.successMessage) feedback.message?.success(options.successMessage);
      for (const stale of options.invalidates ?? []) client.invalidateQueries({ queryKey: [stale.path] });
      options.onSuccess?.(data, body);
    },
    onError: (error) => {
      if (error instanceof ApiError && options.onError?.(error)) return;
      showApiError(error);
    },
  });
}

import { createsRecords, type Endpoint, type EndpointAt, type EndpointBody, type EndpointData, IDEMPOTENCY_HEADER } from '@scm/contract';
import { keepPreviousData, type UseQueryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { feedback } from '@/shared/ui/feedback';
import { ApiError, callApi } from './api';
import { queryKey } from './query-key';

/**
 * A read through a contract endpoint (or one named by its path, `endpointAt`); the key is the path
 * plus the body, so changing a filter refetches.
 */
export function useApiQuery<E extends Endpoint>(
  endpoint: E | EndpointAt<E>,
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
  /** Toast shown on success, e.g. "保存成功", or worded from the answer. */
  successMessage?: string | ((data: EndpointData<E>) => string);
  /** Endpoints whose cached reads become stale after this write. */
  invalidates?: { path: string }[];
  onSuccess?: (data: EndpointData<E>, body: EndpointBody<E>) => void;
  /** Return true when the error was handled (e.g. field errors put on a form). */
  onError?: (error: ApiError) => boolean | undefined;
}

/**
 * What a feature's write hook lets its caller add, as one options object after the hook's main
 * argument (`useCreateSupplier({ onError: (error) => applyFieldErrors(form, error) })`); the hook
 * itself names the toast and the reads it makes stale.
 */
export type WriteOptions<E extends Endpoint> = Pick<MutationOptions<E>, 'onSuccess' | 'onError'>;

/** 32 random hex characters (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A write through a contract endpoint: toasts the outcome and refreshes the reads it invalidates.
 * A creating endpoint gets an Idempotency-Key made when the hook mounts (the form opens) and kept
 * for every retry of the submit, so a repeat the server already ran returns its first answer
 * instead of creating twice; a success starts a new key for the next record.
 */
export function useApiMutation<E extends Endpoint>(endpoint: E | EndpointAt<E>, options: MutationOptions<E> = {}) {
  const client = useQueryClient();
  const idempotencyKey = useRef<string | null>(null);
  if (idempotencyKey.current === null && createsRecords(endpoint.path)) idempotencyKey.current = newIdempotencyKey();
  return useMutation<EndpointData<E>, ApiError, EndpointBody<E>>({
    mutationFn: (body) => callApi(endpoint, body, idempotencyKey.current ? { [IDEMPOTENCY_HEADER]: idempotencyKey.current } : {}),
    onSuccess: (data, body) => {
      if (idempotencyKey.current) idempotencyKey.current = newIdempotencyKey();
      const success = typeof options.successMessage === 'function' ? options.successMessage(data) : options.successMessage;
      if (success) feedback.message?.success(success);
      for (const stale of options.invalidates ?? []) client.invalidateQueries({ queryKey: [stale.path] });
      options.onSuccess?.(data, body);
    },
    onError: (error) => {
      if (error instanceof ApiError && options.onError?.(error)) return;
      showApiError(error);
    },
  });
}

import type { Endpoint } from '@scm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/http/api';

/**
 * Enables or disables several records, one call each with its own version (each its own
 * transaction and audit row), then refreshes `stale`; resolves to the failure messages.
 */
export function useBatchStatus(endpoints: { enable: Endpoint; disable: Endpoint }, stale: Endpoint[]) {
  const client = useQueryClient();
  return async (rows: { id: number; version: number }[], status: 'enabled' | 'disabled') => {
    const endpoint = status === 'enabled' ? endpoints.enable : endpoints.disable;
    const failures: string[] = [];
    for (const row of rows) {
      await callApi(endpoint, { id: row.id, version: row.version }).catch((error: Error) => failures.push(error.message));
    }
    for (const path of stale) client.invalidateQueries({ queryKey: [path.path] });
    return failures;
  };
}

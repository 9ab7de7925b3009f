import { backUserApi } from '@scm/contract';
import { useApiQuery } from '../http/hooks';

/**
 * Back-office users to pick or filter by (any signed-in user may read them): all of them for
 * filters, so old records stay findable; `enabledOnly` when assigning someone.
 */
export const useUserOptions = (enabledOnly = false) =>
  useApiQuery(backUserApi.options, enabledOnly ? { enabledOnly } : {}, { staleTime: 60_000 });

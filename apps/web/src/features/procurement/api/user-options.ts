import { backUserApi } from '@scm/contract';
import { useApiQuery } from '../../../shared/http/hooks';

/** Users to pick a buyer from: all of them for the list filter, `enabledOnly` for assigning one. */
export const useUserOptions = (enabledOnly: boolean) =>
  useApiQuery(backUserApi.options, enabledOnly ? { enabledOnly } : {}, { staleTime: 60_000 });

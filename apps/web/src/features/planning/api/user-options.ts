import { backUserApi } from '@scm/contract';
import { useApiQuery } from '../../../shared/http/hooks';

export const useUserOptions = () => useApiQuery(backUserApi.options, {}, { staleTime: 60_000 });

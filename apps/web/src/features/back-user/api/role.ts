import { roleApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useRoleOptions = () => useApiQuery(roleApi.options, {}, { staleTime: 60_000 });

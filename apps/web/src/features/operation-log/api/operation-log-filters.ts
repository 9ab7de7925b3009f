import { operationLogApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useOperationLogFilters = () => useApiQuery(operationLogApi.filters, {}, { staleTime: 30_000 });

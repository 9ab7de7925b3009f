import { type EndpointBody, operationLogApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

type OperationLogListBody = EndpointBody<typeof operationLogApi.list>;
export const useOperationLogList = (body: OperationLogListBody) => useApiQuery(operationLogApi.list, body);

export const useOperationLogFilters = () => useApiQuery(operationLogApi.filters, {}, { staleTime: 30_000 });

import { type BoardFilter, dataBoardApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const usePlanFunnel = (filter: BoardFilter) => useApiQuery(dataBoardApi.planFunnel, filter);

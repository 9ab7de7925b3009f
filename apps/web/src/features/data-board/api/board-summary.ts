import { type BoardFilter, dataBoardApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useBoardSummary = (filter: BoardFilter) => useApiQuery(dataBoardApi.summary, filter);

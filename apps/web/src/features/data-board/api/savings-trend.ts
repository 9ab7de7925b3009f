import { type BoardFilter, dataBoardApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useSavingsTrend = (filter: BoardFilter) => useApiQuery(dataBoardApi.savingsTrend, filter);

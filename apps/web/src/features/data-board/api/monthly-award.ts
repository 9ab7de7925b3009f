import { type BoardFilter, dataBoardApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useMonthlyAward = (filter: BoardFilter) => useApiQuery(dataBoardApi.monthlyAward, filter);

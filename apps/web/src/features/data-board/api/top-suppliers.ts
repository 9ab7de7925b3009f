import { type BoardFilter, dataBoardApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useTopSuppliers = (filter: BoardFilter) => useApiQuery(dataBoardApi.topSuppliers, filter);

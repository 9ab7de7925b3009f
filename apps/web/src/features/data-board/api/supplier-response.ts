import { type BoardFilter, dataBoardApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useSupplierResponse = (filter: BoardFilter) => useApiQuery(dataBoardApi.supplierResponse, filter);

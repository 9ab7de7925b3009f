import { type BoardFilter, dataBoardApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useCategoryAmount = (filter: BoardFilter & { parentId?: number }) => useApiQuery(dataBoardApi.categoryAmount, filter);

import { categoryApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useCategoryOptions = () => useApiQuery(categoryApi.options, {}, { staleTime: 5 * 60_000 });

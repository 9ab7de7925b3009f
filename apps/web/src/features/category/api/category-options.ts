import { categoryApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useCategoryOptions = () => useApiQuery(categoryApi.options, {});

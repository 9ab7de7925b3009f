import { categoryApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

/** The category tree's options for every picker and filter; edits on 商品分类 invalidate it. */
export const useCategoryOptions = () => useApiQuery(categoryApi.options, {}, { staleTime: 60_000 });

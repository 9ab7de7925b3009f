import { categoryApi, type EndpointBody } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export type CategoryListBody = EndpointBody<typeof categoryApi.list>;
export const useCategoryList = (body: CategoryListBody) => useApiQuery(categoryApi.list, body);

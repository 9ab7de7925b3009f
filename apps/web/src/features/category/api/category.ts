import { categoryApi, type EndpointBody } from '@scm/contract';
import type { ApiError } from '@/shared/http/api';
import { useApiMutation, useApiQuery } from '@/shared/http/hooks';

type CategoryListBody = EndpointBody<typeof categoryApi.list>;
export const useCategoryList = (body: CategoryListBody) => useApiQuery(categoryApi.list, body);

const invalidates = [categoryApi.list, categoryApi.options];
type OnError = (error: ApiError) => boolean | undefined;

export const useCreateCategory = (onError?: OnError) => useApiMutation(categoryApi.create, { successMessage: '新建成功', invalidates, onError });
export const useUpdateCategory = (onError?: OnError) => useApiMutation(categoryApi.update, { successMessage: '保存成功', invalidates, onError });
export const useMoveCategory = (onError?: OnError) => useApiMutation(categoryApi.move, { successMessage: '移动成功', invalidates, onError });
export const useEnableCategory = () => useApiMutation(categoryApi.enable, { successMessage: '已启用', invalidates });
export const useDisableCategory = () => useApiMutation(categoryApi.disable, { successMessage: '已停用', invalidates });
export const useDeleteCategory = () => useApiMutation(categoryApi.delete, { successMessage: '删除成功', invalidates });

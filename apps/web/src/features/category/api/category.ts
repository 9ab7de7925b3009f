import { categoryApi, type EndpointBody } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

type CategoryListBody = EndpointBody<typeof categoryApi.list>;
export const useCategoryList = (body: CategoryListBody) => useApiQuery(categoryApi.list, body);

const invalidates = [categoryApi.list, categoryApi.options];

export const useCreateCategory = (options: WriteOptions<typeof categoryApi.create> = {}) =>
  useApiMutation(categoryApi.create, { successMessage: '新建成功', invalidates, ...options });
export const useUpdateCategory = (options: WriteOptions<typeof categoryApi.update> = {}) =>
  useApiMutation(categoryApi.update, { successMessage: '保存成功', invalidates, ...options });
export const useMoveCategory = (options: WriteOptions<typeof categoryApi.move> = {}) =>
  useApiMutation(categoryApi.move, { successMessage: '移动成功', invalidates, ...options });
export const useEnableCategory = () => useApiMutation(categoryApi.enable, { successMessage: '已启用', invalidates });
export const useDisableCategory = () => useApiMutation(categoryApi.disable, { successMessage: '已停用', invalidates });
export const useDeleteCategory = () => useApiMutation(categoryApi.delete, { successMessage: '删除成功', invalidates });

import { categoryApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';
import type { ApiError } from '@/shared/http/api';

const invalidates = [categoryApi.list, categoryApi.options];
type OnError = (error: ApiError) => boolean | undefined;

export const useCreateCategory = (onError?: OnError) =>
  useApiMutation(categoryApi.create, { successMessage: '新建成功', invalidates, onError });
export const useUpdateCategory = (onError?: OnError) =>
  useApiMutation(categoryApi.update, { successMessage: '保存成功', invalidates, onError });

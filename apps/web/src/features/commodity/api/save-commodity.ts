import { categoryApi, commodityApi } from '@scm/contract';
import type { ApiError } from '@/shared/http/api';
import { useApiMutation } from '@/shared/http/hooks';

type OnError = (error: ApiError) => boolean | undefined;
const invalidates = [commodityApi.list, categoryApi.list];

export const useCreateCommodity = (onError?: OnError) =>
  useApiMutation(commodityApi.create, { successMessage: '新建成功', invalidates, onError });
export const useUpdateCommodity = (onError?: OnError) =>
  useApiMutation(commodityApi.update, { successMessage: '保存成功', invalidates, onError });

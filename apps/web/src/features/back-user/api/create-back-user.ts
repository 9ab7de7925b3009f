import { backUserApi } from '@scm/contract';
import type { ApiError } from '@/shared/http/api';
import { useApiMutation } from '@/shared/http/hooks';

export const useCreateBackUser = (options: { onError?: (error: ApiError) => boolean } = {}) =>
  useApiMutation(backUserApi.create, { successMessage: '新建成功', invalidates: [backUserApi.list, backUserApi.options], ...options });

import { backUserApi } from '@scm/contract';
import type { ApiError } from '@/shared/http/api';
import { useApiMutation } from '@/shared/http/hooks';

export const useUpdateBackUser = (options: { onSuccess?: () => void; onError?: (error: ApiError) => boolean } = {}) =>
  useApiMutation(backUserApi.update, { successMessage: '保存成功', invalidates: [backUserApi.list, backUserApi.options], ...options });

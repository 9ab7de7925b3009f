import { roleApi } from '@scm/contract';
import type { ApiError } from '@/shared/http/api';
import { useApiMutation } from '@/shared/http/hooks';

export const useUpdateRole = (options: { onSuccess?: () => void; onError?: (error: ApiError) => boolean } = {}) =>
  useApiMutation(roleApi.update, { successMessage: '保存成功', invalidates: [roleApi.list, roleApi.detail, roleApi.options], ...options });

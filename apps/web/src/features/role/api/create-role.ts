import { roleApi } from '@scm/contract';
import type { ApiError } from '@/shared/http/api';
import { useApiMutation } from '@/shared/http/hooks';

export const useCreateRole = (options: { onSuccess?: () => void; onError?: (error: ApiError) => boolean } = {}) =>
  useApiMutation(roleApi.create, { successMessage: '新建成功', invalidates: [roleApi.list, roleApi.options], ...options });

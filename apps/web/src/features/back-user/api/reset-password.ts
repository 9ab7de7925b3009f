import { backUserApi } from '@scm/contract';
import type { ApiError } from '@/shared/http/api';
import { useApiMutation } from '@/shared/http/hooks';

export const useResetPassword = (options: { onError?: (error: ApiError) => boolean } = {}) =>
  useApiMutation(backUserApi.resetPassword, { successMessage: '密码已重置', invalidates: [backUserApi.list], ...options });

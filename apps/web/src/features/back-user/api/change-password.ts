import { backUserApi } from '@scm/contract';
import type { ApiError } from '@/shared/http/api';
import { useApiMutation } from '@/shared/http/hooks';

export const useChangePassword = (options: { onSuccess?: () => void; onError?: (error: ApiError) => boolean } = {}) =>
  useApiMutation(backUserApi.changePassword, { successMessage: '密码已修改，其他设备上的登录已退出', ...options });

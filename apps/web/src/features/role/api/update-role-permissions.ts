import { roleApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

export const useUpdateRolePermissions = (options: { onSuccess?: () => void } = {}) =>
  useApiMutation(roleApi.updatePermissions, { successMessage: '权限已保存', invalidates: [roleApi.list, roleApi.detail], ...options });

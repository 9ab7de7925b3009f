import { roleApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

export const useEnableRole = () => useApiMutation(roleApi.enable, { successMessage: '已启用', invalidates: [roleApi.list, roleApi.options] });
export const useDisableRole = () => useApiMutation(roleApi.disable, { successMessage: '已停用', invalidates: [roleApi.list, roleApi.options] });

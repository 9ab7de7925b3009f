import { backUserApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

export const useEnableBackUser = () => useApiMutation(backUserApi.enable, { successMessage: '已启用', invalidates: [backUserApi.list] });
export const useDisableBackUser = () =>
  useApiMutation(backUserApi.disable, { successMessage: '已停用，该用户已被强制下线', invalidates: [backUserApi.list] });

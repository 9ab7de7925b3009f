import { categoryApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

const invalidates = [categoryApi.list, categoryApi.options];
export const useEnableCategory = () => useApiMutation(categoryApi.enable, { successMessage: '已启用', invalidates });
export const useDisableCategory = () => useApiMutation(categoryApi.disable, { successMessage: '已停用', invalidates });

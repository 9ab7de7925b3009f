import { backUserApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

export const useDeleteBackUser = () =>
  useApiMutation(backUserApi.delete, { successMessage: '删除成功', invalidates: [backUserApi.list, backUserApi.options] });

import { categoryApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

export const useDeleteCategory = () =>
  useApiMutation(categoryApi.delete, { successMessage: '删除成功', invalidates: [categoryApi.list, categoryApi.options] });

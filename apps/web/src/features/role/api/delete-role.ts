import { roleApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

export const useDeleteRole = () => useApiMutation(roleApi.delete, { successMessage: '删除成功', invalidates: [roleApi.list, roleApi.options] });

import { planningApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

type Options = Parameters<typeof useApiMutation<typeof planningApi.delete>>[1];

export const useDeletePlan = (options: Options = {}) =>
  useApiMutation(planningApi.delete, { successMessage: '删除成功', invalidates: [planningApi.list, planningApi.info], ...options });

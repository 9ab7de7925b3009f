import { planningApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

type Options = Parameters<typeof useApiMutation<typeof planningApi.update>>[1];

export const useUpdatePlan = (options: Options = {}) =>
  useApiMutation(planningApi.update, { successMessage: '保存成功', invalidates: [planningApi.list, planningApi.info], ...options });

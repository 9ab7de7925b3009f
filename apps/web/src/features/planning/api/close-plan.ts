import { planningApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

type Options = Parameters<typeof useApiMutation<typeof planningApi.close>>[1];

export const useClosePlan = (options: Options = {}) =>
  useApiMutation(planningApi.close, { successMessage: '计划已关闭', invalidates: [planningApi.list, planningApi.info], ...options });

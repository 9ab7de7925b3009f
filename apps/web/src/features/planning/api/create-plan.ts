import { planningApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

type Options = Parameters<typeof useApiMutation<typeof planningApi.create>>[1];

export const useCreatePlan = (options: Options = {}) =>
  useApiMutation(planningApi.create, { successMessage: '计划已创建', invalidates: [planningApi.list], ...options });

import { planningApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

type Options = Parameters<typeof useApiMutation<typeof planningApi.approve>>[1];

export const useApprovePlan = (options: Options = {}) =>
  useApiMutation(planningApi.approve, { successMessage: '审核通过', invalidates: [planningApi.list, planningApi.info], ...options });

import { planningApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

type Options = Parameters<typeof useApiMutation<typeof planningApi.reject>>[1];

export const useRejectPlan = (options: Options = {}) =>
  useApiMutation(planningApi.reject, { successMessage: '已驳回', invalidates: [planningApi.list, planningApi.info], ...options });

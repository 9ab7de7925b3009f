import { planningApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

type Options = Parameters<typeof useApiMutation<typeof planningApi.cancel>>[1];

export const useCancelPlan = (options: Options = {}) =>
  useApiMutation(planningApi.cancel, { successMessage: '已作废', invalidates: [planningApi.list, planningApi.info], ...options });

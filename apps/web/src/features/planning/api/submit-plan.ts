import { planningApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

type Options = Parameters<typeof useApiMutation<typeof planningApi.submit>>[1];

export const useSubmitPlan = (options: Options = {}) =>
  useApiMutation(planningApi.submit, { successMessage: '提交成功', invalidates: [planningApi.list, planningApi.info], ...options });

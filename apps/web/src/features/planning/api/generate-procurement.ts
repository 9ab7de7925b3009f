import { planningApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

type Options = Parameters<typeof useApiMutation<typeof planningApi.generate>>[1];

export const useGenerateProcurement = (options: Options = {}) =>
  useApiMutation(planningApi.generate, { successMessage: '采购任务已生成', invalidates: [planningApi.list, planningApi.info], ...options });

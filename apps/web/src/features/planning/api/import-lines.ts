import { planningApi } from '@scm/contract';
import { useApiMutation } from '../../../shared/http/hooks';

type Options = Parameters<typeof useApiMutation<typeof planningApi.importLines>>[1];

export const useImportPlanLines = (options: Options = {}) =>
  useApiMutation(planningApi.importLines, { invalidates: [planningApi.list, planningApi.info], ...options });

import { planningApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const usePlanInfo = (id: number | undefined) =>
  useApiQuery(planningApi.info, { id: id ?? 0 }, { enabled: Boolean(id), placeholderData: undefined });

import { type PlanListBody, planningApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const usePlanList = (body: PlanListBody) => useApiQuery(planningApi.list, body);

import { type Endpoint, type PlanListBody, planningApi } from '@scm/contract';
import { useApiMutation, useApiQuery } from '@/shared/http/hooks';

type Options<E extends Endpoint> = Parameters<typeof useApiMutation<E>>[1];
const stale = [planningApi.list, planningApi.info];

export const usePlanList = (body: PlanListBody) => useApiQuery(planningApi.list, body);
export const usePlanInfo = (id: number | undefined) =>
  useApiQuery(planningApi.info, { id: id ?? 0 }, { enabled: Boolean(id), placeholderData: undefined });

export const useCreatePlan = (options: Options<typeof planningApi.create> = {}) =>
  useApiMutation(planningApi.create, { successMessage: '计划已创建', invalidates: [planningApi.list], ...options });
export const useUpdatePlan = (options: Options<typeof planningApi.update> = {}) =>
  useApiMutation(planningApi.update, { successMessage: '保存成功', invalidates: stale, ...options });
export const useDeletePlan = (options: Options<typeof planningApi.delete> = {}) =>
  useApiMutation(planningApi.delete, { successMessage: '删除成功', invalidates: stale, ...options });
export const useSubmitPlan = (options: Options<typeof planningApi.submit> = {}) =>
  useApiMutation(planningApi.submit, { successMessage: '提交成功', invalidates: stale, ...options });
export const useApprovePlan = (options: Options<typeof planningApi.approve> = {}) =>
  useApiMutation(planningApi.approve, { successMessage: '审核通过', invalidates: stale, ...options });
export const useRejectPlan = (options: Options<typeof planningApi.reject> = {}) =>
  useApiMutation(planningApi.reject, { successMessage: '已驳回', invalidates: stale, ...options });
export const useCancelPlan = (options: Options<typeof planningApi.cancel> = {}) =>
  useApiMutation(planningApi.cancel, { successMessage: '已作废', invalidates: stale, ...options });
export const useClosePlan = (options: Options<typeof planningApi.close> = {}) =>
  useApiMutation(planningApi.close, { successMessage: '计划已关闭', invalidates: stale, ...options });
export const useGenerateProcurement = (options: Options<typeof planningApi.generate> = {}) =>
  useApiMutation(planningApi.generate, { successMessage: '采购任务已生成', invalidates: stale, ...options });

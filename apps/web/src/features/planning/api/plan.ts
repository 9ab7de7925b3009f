import { type PlanListBody, planningApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

const stale = [planningApi.list, planningApi.info];

export const usePlanList = (body: PlanListBody) => useApiQuery(planningApi.list, body);
export const usePlanInfo = (id: number | undefined) =>
  useApiQuery(planningApi.info, { id: id ?? 0 }, { enabled: Boolean(id), placeholderData: undefined });

export const useCreatePlan = (options: WriteOptions<typeof planningApi.create> = {}) =>
  useApiMutation(planningApi.create, { successMessage: '计划已创建', invalidates: [planningApi.list], ...options });
export const useUpdatePlan = (options: WriteOptions<typeof planningApi.update> = {}) =>
  useApiMutation(planningApi.update, { successMessage: '保存成功', invalidates: stale, ...options });
export const useDeletePlan = (options: WriteOptions<typeof planningApi.delete> = {}) =>
  useApiMutation(planningApi.delete, { successMessage: '删除成功', invalidates: stale, ...options });
export const useSubmitPlan = (options: WriteOptions<typeof planningApi.submit> = {}) =>
  useApiMutation(planningApi.submit, { successMessage: '提交成功', invalidates: stale, ...options });
export const useApprovePlan = (options: WriteOptions<typeof planningApi.approve> = {}) =>
  useApiMutation(planningApi.approve, { successMessage: '审核通过', invalidates: stale, ...options });
export const useRejectPlan = (options: WriteOptions<typeof planningApi.reject> = {}) =>
  useApiMutation(planningApi.reject, { successMessage: '已驳回', invalidates: stale, ...options });
export const useCancelPlan = (options: WriteOptions<typeof planningApi.cancel> = {}) =>
  useApiMutation(planningApi.cancel, { successMessage: '已作废', invalidates: stale, ...options });
export const useClosePlan = (options: WriteOptions<typeof planningApi.close> = {}) =>
  useApiMutation(planningApi.close, { successMessage: '计划已关闭', invalidates: stale, ...options });
// No toast of its own: the caller names how many tasks were made.
export const useGenerateProcurement = (options: WriteOptions<typeof planningApi.generate> = {}) =>
  useApiMutation(planningApi.generate, { invalidates: stale, ...options });

import { type EndpointBody, type MaintainView, procurementTaskApi, supplierApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

type TaskListBody = EndpointBody<typeof procurementTaskApi.list>;

export const useTaskList = (body: TaskListBody) => useApiQuery(procurementTaskApi.list, body);
export const useTaskInfo = (id: number | undefined) =>
  useApiQuery(procurementTaskApi.info, { id: id ?? 0 }, { enabled: id !== undefined, staleTime: 0 });

/** The maintenance view: the task, each supplier's quote and the comparison the server worked over them. */
export type ComparedView = MaintainView;

export const useMaintainView = (id: number) => useApiQuery(procurementTaskApi.compare, { id }, { enabled: id > 0, staleTime: 0 });
export const useSourcePlanOptions = (keyword: string) =>
  useApiQuery(procurementTaskApi.planOptions, { keyword: keyword || undefined }, { staleTime: 30_000 });

/** What a task write makes stale; quotation writes change the same views. */
export const taskViews = [procurementTaskApi.list, procurementTaskApi.info, procurementTaskApi.compare, supplierApi.list];
const stale = taskViews;

export const useCreateTask = (options: WriteOptions<typeof procurementTaskApi.create> = {}) =>
  useApiMutation(procurementTaskApi.create, { successMessage: '新建成功', invalidates: stale, ...options });
export const useUpdateTask = (options: WriteOptions<typeof procurementTaskApi.update> = {}) =>
  useApiMutation(procurementTaskApi.update, { successMessage: '保存成功', invalidates: stale, ...options });
export const useDeleteTask = () => useApiMutation(procurementTaskApi.delete, { successMessage: '删除成功', invalidates: stale });
export const usePublishTask = () => useApiMutation(procurementTaskApi.publish, { successMessage: '已发布，开始报价', invalidates: stale });
export const useCloseQuote = () => useApiMutation(procurementTaskApi.closeQuote, { successMessage: '报价已关闭，待定标', invalidates: stale });
export const useCancelTask = () => useApiMutation(procurementTaskApi.cancel, { successMessage: '任务已取消', invalidates: stale });
export const useCompleteTask = () => useApiMutation(procurementTaskApi.complete, { successMessage: '任务已完成', invalidates: stale });
export const useAwardTask = (options: WriteOptions<typeof procurementTaskApi.award> = {}) =>
  useApiMutation(procurementTaskApi.award, {
    successMessage: ({ status }) => (status === 'award_pending' ? '定标已提交，达到审批金额，待他人审批' : '定标成功'),
    invalidates: stale,
    ...options,
  });
export const useApproveAward = () =>
  useApiMutation(procurementTaskApi.approveAward, { successMessage: '定标已审批通过，采购订单已生成', invalidates: stale });
export const useRejectAward = () =>
  useApiMutation(procurementTaskApi.rejectAward, { successMessage: '定标已驳回，任务回到待定标', invalidates: stale });
export const useUnsealTask = (options: WriteOptions<typeof procurementTaskApi.unseal> = {}) =>
  useApiMutation(procurementTaskApi.unseal, { successMessage: '已开标，任务进入待定标', invalidates: stale, ...options });

import { clarificationApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

export const useClarifications = (taskId: number) => useApiQuery(clarificationApi.list, { taskId }, { enabled: taskId > 0, staleTime: 0 });
export const useAnswerClarification = (options: WriteOptions<typeof clarificationApi.answer> = {}) =>
  useApiMutation(clarificationApi.answer, { successMessage: '已答复，所有受邀供应商可见', invalidates: [clarificationApi.list], ...options });

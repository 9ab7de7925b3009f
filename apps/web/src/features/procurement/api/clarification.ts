import { clarificationApi } from '@scm/contract';
import { useApiMutation, useApiQuery } from '@/shared/http/hooks';

type OnError = (error: unknown) => boolean;

export const useClarifications = (taskId: number) => useApiQuery(clarificationApi.list, { taskId }, { enabled: taskId > 0, staleTime: 0 });
export const useAnswerClarification = (onError?: OnError) =>
  useApiMutation(clarificationApi.answer, { successMessage: '已答复，所有受邀供应商可见', invalidates: [clarificationApi.list], onError });

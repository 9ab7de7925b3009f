import { type EndpointBody, portalApi } from '@scm/contract';
import { useApiMutation, useApiQuery } from '@/shared/http/hooks';

type OnError = (error: unknown) => boolean;

export const useRfqList = (body: EndpointBody<typeof portalApi.rfqList>) => useApiQuery(portalApi.rfqList, body);
export const useRfqInfo = (taskId: number) => useApiQuery(portalApi.rfqInfo, { taskId }, { enabled: taskId > 0, staleTime: 0 });

/** Every portal write changes what the list and the detail show. */
const stale = [portalApi.rfqList, portalApi.rfqInfo];

export const useSubmitQuote = (onError?: OnError) => useApiMutation(portalApi.submitQuote, { invalidates: stale, onError });
export const useDeclineQuote = (onError?: OnError) =>
  useApiMutation(portalApi.declineQuote, { successMessage: '已放弃报价', invalidates: stale, onError });
export const useEstimateFreight = () => useApiMutation(portalApi.estimateFreight);
export const useAskQuestion = (onError?: OnError) =>
  useApiMutation(portalApi.ask, { successMessage: '问题已提交，答复后在此显示', invalidates: stale, onError });

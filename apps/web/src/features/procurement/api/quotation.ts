import { quotationApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';
import { taskViews } from './task';

type OnError = (error: unknown) => boolean;

export const useSaveQuote = (onError?: OnError) =>
  useApiMutation(quotationApi.save, { successMessage: '报价已保存', invalidates: taskViews, onError });
export const useDeclineQuote = () => useApiMutation(quotationApi.decline, { successMessage: '已记录放弃报价', invalidates: taskViews });
export const useEstimateQuoteFreight = () => useApiMutation(quotationApi.estimateFreight);

import { quotationApi } from '@scm/contract';
import { useApiMutation, type WriteOptions } from '@/shared/http/hooks';
import { taskViews } from './task';

export const useSaveQuote = (options: WriteOptions<typeof quotationApi.save> = {}) =>
  useApiMutation(quotationApi.save, { successMessage: '报价已保存', invalidates: taskViews, ...options });
export const useDeclineQuote = () => useApiMutation(quotationApi.decline, { successMessage: '已记录放弃报价', invalidates: taskViews });
export const useEstimateQuoteFreight = () => useApiMutation(quotationApi.estimateFreight);

import { type EndpointBody, freightApi, type PriceTemplateListItem, priceTemplateApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';
import { useBatchStatus } from '@/shared/table/batch-status';

type PriceTemplateListBody = EndpointBody<typeof priceTemplateApi.list>;

export const usePriceTemplateList = (body: PriceTemplateListBody) => useApiQuery(priceTemplateApi.list, body);
export const usePriceTemplateInfo = (id: number | undefined) =>
  useApiQuery(priceTemplateApi.info, { id: id ?? 0 }, { enabled: id !== undefined, staleTime: 0 });

const stale = [priceTemplateApi.list, priceTemplateApi.info, priceTemplateApi.options, freightApi.compare];

export const useCreatePriceTemplate = (options: WriteOptions<typeof priceTemplateApi.create> = {}) =>
  useApiMutation(priceTemplateApi.create, { successMessage: '新建成功', invalidates: stale, ...options });
export const useUpdatePriceTemplate = (options: WriteOptions<typeof priceTemplateApi.update> = {}) =>
  useApiMutation(priceTemplateApi.update, { successMessage: '保存成功', invalidates: stale, ...options });
export const useCopyPriceTemplate = () => useApiMutation(priceTemplateApi.copy, { successMessage: '已复制为停用的副本', invalidates: stale });
export const useEnablePriceTemplate = () => useApiMutation(priceTemplateApi.enable, { successMessage: '已启用', invalidates: stale });
export const useDisablePriceTemplate = () => useApiMutation(priceTemplateApi.disable, { successMessage: '已停用', invalidates: stale });
export const useDeletePriceTemplate = () => useApiMutation(priceTemplateApi.delete, { successMessage: '删除成功', invalidates: stale });

export const useBatchTemplateStatus = () => useBatchStatus<PriceTemplateListItem>({ endpoints: priceTemplateApi, stale, noun: '模板' });

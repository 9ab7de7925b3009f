import { type EndpointBody, freightApi, priceTemplateApi } from '@scm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/http/api';
import { useApiMutation, useApiQuery } from '@/shared/http/hooks';

export type PriceTemplateListBody = EndpointBody<typeof priceTemplateApi.list>;

export const usePriceTemplateList = (body: PriceTemplateListBody) => useApiQuery(priceTemplateApi.list, body);
export const usePriceTemplateInfo = (id: number | undefined) =>
  useApiQuery(priceTemplateApi.info, { id: id ?? 0 }, { enabled: id !== undefined, staleTime: 0 });

const stale = [priceTemplateApi.list, priceTemplateApi.info, priceTemplateApi.options, freightApi.compare];

export const useCreatePriceTemplate = (onError?: (error: unknown) => boolean) =>
  useApiMutation(priceTemplateApi.create, { successMessage: '新建成功', invalidates: stale, onError });
export const useUpdatePriceTemplate = (onError?: (error: unknown) => boolean) =>
  useApiMutation(priceTemplateApi.update, { successMessage: '保存成功', invalidates: stale, onError });
export const useCopyPriceTemplate = () => useApiMutation(priceTemplateApi.copy, { successMessage: '已复制为停用的副本', invalidates: stale });
export const useEnablePriceTemplate = () => useApiMutation(priceTemplateApi.enable, { successMessage: '已启用', invalidates: stale });
export const useDisablePriceTemplate = () => useApiMutation(priceTemplateApi.disable, { successMessage: '已停用', invalidates: stale });
export const useDeletePriceTemplate = () => useApiMutation(priceTemplateApi.delete, { successMessage: '删除成功', invalidates: stale });

/** Enables or disables several templates, one call each with its own version; resolves to how many failed. */
export function useBatchTemplateStatus() {
  const client = useQueryClient();
  return async (rows: { id: number; version: number }[], status: 'enabled' | 'disabled') => {
    const endpoint = status === 'enabled' ? priceTemplateApi.enable : priceTemplateApi.disable;
    const failures: string[] = [];
    for (const row of rows) {
      await callApi(endpoint, { id: row.id, version: row.version }).catch((error: Error) => failures.push(error.message));
    }
    for (const path of stale) client.invalidateQueries({ queryKey: [path.path] });
    return failures;
  };
}

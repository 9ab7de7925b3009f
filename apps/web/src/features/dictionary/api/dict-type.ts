import { dictItemApi, dictTypeApi, type EndpointBody } from '@scm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/http/api';
import { useApiMutation, useApiQuery } from '@/shared/http/hooks';

export type DictTypeListBody = EndpointBody<typeof dictTypeApi.list>;

export const useDictTypeList = (body: DictTypeListBody) => useApiQuery(dictTypeApi.list, body);
export const useDictTypeInfo = (code: string) => useApiQuery(dictTypeApi.info, { code }, { enabled: code !== '' });

/** Every dictionary write makes the list, the detail and the shared dictionary cache stale. */
const stale = [dictTypeApi.list, dictTypeApi.info, dictTypeApi.options, dictTypeApi.version, dictItemApi.list];

export const useCreateDictType = (onError?: (error: unknown) => boolean) =>
  useApiMutation(dictTypeApi.create, { successMessage: '新建成功', invalidates: stale, onError });
export const useUpdateDictType = (onError?: (error: unknown) => boolean) =>
  useApiMutation(dictTypeApi.update, { successMessage: '保存成功', invalidates: stale, onError });
export const useEnableDictType = () => useApiMutation(dictTypeApi.enable, { successMessage: '已启用', invalidates: stale });
export const useDisableDictType = () => useApiMutation(dictTypeApi.disable, { successMessage: '已停用', invalidates: stale });
export const useDeleteDictType = () => useApiMutation(dictTypeApi.delete, { successMessage: '删除成功', invalidates: stale });

/** Enables or disables several types, one call each with its own version; resolves to the failure messages. */
export function useBatchDictTypeStatus() {
  const client = useQueryClient();
  return async (rows: { id: number; version: number }[], status: 'enabled' | 'disabled') => {
    const endpoint = status === 'enabled' ? dictTypeApi.enable : dictTypeApi.disable;
    const failures: string[] = [];
    for (const row of rows) {
      await callApi(endpoint, { id: row.id, version: row.version }).catch((error: Error) => failures.push(error.message));
    }
    for (const path of stale) client.invalidateQueries({ queryKey: [path.path] });
    return failures;
  };
}

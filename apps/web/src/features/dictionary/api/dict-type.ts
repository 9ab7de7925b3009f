import { type DictType, dictItemApi, dictTypeApi, type EndpointBody } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';
import { useBatchStatus } from '@/shared/table/batch-status';

type DictTypeListBody = EndpointBody<typeof dictTypeApi.list>;

export const useDictTypeList = (body: DictTypeListBody) => useApiQuery(dictTypeApi.list, body);
export const useDictTypeInfo = (code: string) => useApiQuery(dictTypeApi.info, { code }, { enabled: code !== '' });

/** Every dictionary write makes the list, the detail and the shared dictionary cache stale. */
const stale = [dictTypeApi.list, dictTypeApi.info, dictTypeApi.options, dictTypeApi.version, dictItemApi.list];

export const useCreateDictType = (options: WriteOptions<typeof dictTypeApi.create> = {}) =>
  useApiMutation(dictTypeApi.create, { successMessage: '新建成功', invalidates: stale, ...options });
export const useUpdateDictType = (options: WriteOptions<typeof dictTypeApi.update> = {}) =>
  useApiMutation(dictTypeApi.update, { successMessage: '保存成功', invalidates: stale, ...options });
export const useEnableDictType = () => useApiMutation(dictTypeApi.enable, { successMessage: '已启用', invalidates: stale });
export const useDisableDictType = () => useApiMutation(dictTypeApi.disable, { successMessage: '已停用', invalidates: stale });
export const useDeleteDictType = () => useApiMutation(dictTypeApi.delete, { successMessage: '删除成功', invalidates: stale });

export const useBatchDictTypeStatus = () => useBatchStatus<DictType>({ endpoints: dictTypeApi, stale, noun: '字典' });

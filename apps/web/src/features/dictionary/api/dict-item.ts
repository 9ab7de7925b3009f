import { dictItemApi, dictTypeApi, type EndpointBody } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

type DictItemListBody = EndpointBody<typeof dictItemApi.list>;

export const useDictItemList = (body: DictItemListBody) => useApiQuery(dictItemApi.list, body, { enabled: body.typeCode !== '' });

const stale = [dictItemApi.list, dictTypeApi.list, dictTypeApi.info, dictTypeApi.options, dictTypeApi.version];

export const useCreateDictItem = (options: WriteOptions<typeof dictItemApi.create> = {}) =>
  useApiMutation(dictItemApi.create, { successMessage: '新增成功', invalidates: stale, ...options });
export const useUpdateDictItem = (options: WriteOptions<typeof dictItemApi.update> = {}) =>
  useApiMutation(dictItemApi.update, { successMessage: '保存成功', invalidates: stale, ...options });
export const useEnableDictItem = () => useApiMutation(dictItemApi.enable, { successMessage: '已启用', invalidates: stale });
export const useDisableDictItem = () => useApiMutation(dictItemApi.disable, { successMessage: '已停用', invalidates: stale });
export const useDeleteDictItem = () => useApiMutation(dictItemApi.delete, { successMessage: '删除成功', invalidates: stale });

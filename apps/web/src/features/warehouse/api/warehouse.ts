import { type EndpointBody, dictTypeApi, warehouseApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

export const useWarehouseList = (body: EndpointBody<typeof warehouseApi.list>) => useApiQuery(warehouseApi.list, body);
export const useWarehouseInfo = (id: number | undefined) =>
  useApiQuery(warehouseApi.info, { id: id ?? 0 }, { enabled: id !== undefined, staleTime: 0 });

// A warehouse write changes the `warehouse` dictionary's items too.
const stale = [warehouseApi.list, warehouseApi.info, warehouseApi.options, dictTypeApi.options];

export const useCreateWarehouse = (options: WriteOptions<typeof warehouseApi.create> = {}) =>
  useApiMutation(warehouseApi.create, { successMessage: '新建成功', invalidates: stale, ...options });
export const useUpdateWarehouse = (options: WriteOptions<typeof warehouseApi.update> = {}) =>
  useApiMutation(warehouseApi.update, { successMessage: '保存成功', invalidates: stale, ...options });
export const useEnableWarehouse = () => useApiMutation(warehouseApi.enable, { successMessage: '已启用', invalidates: stale });
export const useDisableWarehouse = () => useApiMutation(warehouseApi.disable, { successMessage: '已停用', invalidates: stale });
export const useDeleteWarehouse = () => useApiMutation(warehouseApi.delete, { successMessage: '删除成功', invalidates: stale });

import { type EndpointBody, supplierApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

type SupplierListBody = EndpointBody<typeof supplierApi.list>;

export const useSupplierList = (body: SupplierListBody) => useApiQuery(supplierApi.list, body);
export const useSupplierInfo = (id: number | undefined) =>
  useApiQuery(supplierApi.info, { id: id ?? 0 }, { enabled: id !== undefined, staleTime: 0 });
export const useInvitableSuppliers = () => useApiQuery(supplierApi.options, { invitable: true, limit: 200 }, { staleTime: 30_000 });

const stale = [supplierApi.list, supplierApi.info, supplierApi.options];

export const useCreateSupplier = (options: WriteOptions<typeof supplierApi.create> = {}) =>
  useApiMutation(supplierApi.create, { successMessage: '新建成功', invalidates: stale, ...options });
export const useUpdateSupplier = (options: WriteOptions<typeof supplierApi.update> = {}) =>
  useApiMutation(supplierApi.update, { successMessage: '保存成功', invalidates: stale, ...options });
export const useSupplierStatus = () => useApiMutation(supplierApi.status, { successMessage: '状态已更新', invalidates: stale });
export const useDeleteSupplier = () => useApiMutation(supplierApi.delete, { successMessage: '删除成功', invalidates: stale });

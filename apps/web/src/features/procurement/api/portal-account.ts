import { portalAccountApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

export const usePortalAccounts = (supplierId: number) =>
  useApiQuery(portalAccountApi.list, { supplierId, page: 1, pageSize: 200 }, { enabled: supplierId > 0, staleTime: 0 });

const stale = [portalAccountApi.list];

export const useCreatePortalAccount = (options: WriteOptions<typeof portalAccountApi.create> = {}) =>
  useApiMutation(portalAccountApi.create, { invalidates: stale, ...options });
export const useReissueActivation = () => useApiMutation(portalAccountApi.reissue, { invalidates: stale });
export const useDisablePortalAccount = () => useApiMutation(portalAccountApi.disable, { successMessage: '门户账号已停用', invalidates: stale });
export const useEnablePortalAccount = () => useApiMutation(portalAccountApi.enable, { successMessage: '门户账号已启用', invalidates: stale });

import { portalAccountApi } from '@scm/contract';
import { useApiMutation, useApiQuery } from '@/shared/http/hooks';

type OnError = (error: unknown) => boolean;

export const usePortalAccounts = (supplierId: number) =>
  useApiQuery(portalAccountApi.list, { supplierId, page: 1, pageSize: 200 }, { enabled: supplierId > 0, staleTime: 0 });

const stale = [portalAccountApi.list];

export const useCreatePortalAccount = (onError?: OnError) => useApiMutation(portalAccountApi.create, { invalidates: stale, onError });
export const useReissueActivation = () => useApiMutation(portalAccountApi.reissue, { invalidates: stale });
export const useDisablePortalAccount = () => useApiMutation(portalAccountApi.disable, { successMessage: '门户账号已停用', invalidates: stale });
export const useEnablePortalAccount = () => useApiMutation(portalAccountApi.enable, { successMessage: '门户账号已启用', invalidates: stale });

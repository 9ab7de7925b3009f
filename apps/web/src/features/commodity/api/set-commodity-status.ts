import { commodityApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

export const useEnableCommodities = (onSuccess?: () => void) =>
  useApiMutation(commodityApi.enable, { successMessage: '已启用', invalidates: [commodityApi.list], onSuccess });
export const useDisableCommodities = (onSuccess?: () => void) =>
  useApiMutation(commodityApi.disable, { successMessage: '已停用', invalidates: [commodityApi.list], onSuccess });

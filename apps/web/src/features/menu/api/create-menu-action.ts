import { menuApi } from '@scm/contract';
import type { ApiError } from '@/shared/http/api';
import { useApiMutation } from '@/shared/http/hooks';

export const useCreateMenuAction = (options: { onSuccess?: () => void; onError?: (error: ApiError) => boolean } = {}) =>
  useApiMutation(menuApi.createAction, { successMessage: '操作项已添加', invalidates: [menuApi.list], ...options });

import { menuApi } from '@scm/contract';
import type { ApiError } from '@/shared/http/api';
import { useApiMutation } from '@/shared/http/hooks';

export const useUpdateMenu = (options: { onSuccess?: () => void; onError?: (error: ApiError) => boolean } = {}) =>
  useApiMutation(menuApi.update, { successMessage: '保存成功，重新加载页面后菜单生效', invalidates: [menuApi.list], ...options });

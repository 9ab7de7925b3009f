import { menuApi } from '@scm/contract';
import { useApiMutation, useApiQuery } from '@/shared/http/hooks';
import type { ApiError } from '@/shared/http/api';

export const useMenuList = () => useApiQuery(menuApi.list, {});

export const useCreateMenuAction = (options: { onSuccess?: () => void; onError?: (error: ApiError) => boolean } = {}) =>
  useApiMutation(menuApi.createAction, { successMessage: '操作项已添加', invalidates: [menuApi.list], ...options });

export const useUpdateMenu = (options: { onSuccess?: () => void; onError?: (error: ApiError) => boolean } = {}) =>
  useApiMutation(menuApi.update, { successMessage: '保存成功，重新加载页面后菜单生效', invalidates: [menuApi.list], ...options });

export const useDeleteMenu = () => useApiMutation(menuApi.delete, { successMessage: '删除成功', invalidates: [menuApi.list] });

import { menuApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

export const useMenuList = () => useApiQuery(menuApi.list, {});

export const useCreateMenuAction = (options: WriteOptions<typeof menuApi.createAction> = {}) =>
  useApiMutation(menuApi.createAction, { successMessage: '操作项已添加', invalidates: [menuApi.list], ...options });

export const useUpdateMenu = (options: WriteOptions<typeof menuApi.update> = {}) =>
  useApiMutation(menuApi.update, { successMessage: '保存成功，重新加载页面后菜单生效', invalidates: [menuApi.list], ...options });

export const useDeleteMenu = () => useApiMutation(menuApi.delete, { successMessage: '删除成功', invalidates: [menuApi.list] });

import { type EndpointBody, backUserApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

type BackUserListBody = EndpointBody<typeof backUserApi.list>;
export const useBackUserList = (body: BackUserListBody) => useApiQuery(backUserApi.list, body);

export const useCreateBackUser = (options: WriteOptions<typeof backUserApi.create> = {}) =>
  useApiMutation(backUserApi.create, { successMessage: '新建成功', invalidates: [backUserApi.list, backUserApi.options], ...options });

export const useUpdateBackUser = (options: WriteOptions<typeof backUserApi.update> = {}) =>
  useApiMutation(backUserApi.update, { successMessage: '保存成功', invalidates: [backUserApi.list, backUserApi.options], ...options });

export const useDeleteBackUser = () =>
  useApiMutation(backUserApi.delete, { successMessage: '删除成功', invalidates: [backUserApi.list, backUserApi.options] });

export const useEnableBackUser = () => useApiMutation(backUserApi.enable, { successMessage: '已启用', invalidates: [backUserApi.list] });
export const useDisableBackUser = () =>
  useApiMutation(backUserApi.disable, { successMessage: '已停用，该用户已被强制下线', invalidates: [backUserApi.list] });

export const useResetPassword = (options: WriteOptions<typeof backUserApi.resetPassword> = {}) =>
  useApiMutation(backUserApi.resetPassword, { successMessage: '密码已重置', invalidates: [backUserApi.list], ...options });

export const useChangePassword = (options: WriteOptions<typeof backUserApi.changePassword> = {}) =>
  useApiMutation(backUserApi.changePassword, { successMessage: '密码已修改，其他设备上的登录已退出', ...options });

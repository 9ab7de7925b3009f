import { type EndpointBody, authApi, roleApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

type RoleListBody = EndpointBody<typeof roleApi.list>;
export const useRoleList = (body: RoleListBody) => useApiQuery(roleApi.list, body);

export const useRoleDetail = (id: number | undefined) =>
  useApiQuery(roleApi.detail, { id: id ?? 0 }, { enabled: id !== undefined, placeholderData: undefined });

/** Every menu-table row (groups, pages, actions), read through the role-info call a role manager may make for any role. */
export const useMenuRecords = (roleId: number | undefined) =>
  useApiQuery(authApi.roleInfo, { id: roleId ?? 0 }, { enabled: roleId !== undefined, placeholderData: undefined });

export const useCreateRole = (options: WriteOptions<typeof roleApi.create> = {}) =>
  useApiMutation(roleApi.create, { successMessage: '新建成功', invalidates: [roleApi.list, roleApi.options], ...options });

export const useUpdateRole = (options: WriteOptions<typeof roleApi.update> = {}) =>
  useApiMutation(roleApi.update, { successMessage: '保存成功', invalidates: [roleApi.list, roleApi.detail, roleApi.options], ...options });

export const useUpdateRolePermissions = (options: WriteOptions<typeof roleApi.updatePermissions> = {}) =>
  useApiMutation(roleApi.updatePermissions, { successMessage: '权限已保存', invalidates: [roleApi.list, roleApi.detail], ...options });

export const useEnableRole = () => useApiMutation(roleApi.enable, { successMessage: '已启用', invalidates: [roleApi.list, roleApi.options] });
export const useDisableRole = () => useApiMutation(roleApi.disable, { successMessage: '已停用', invalidates: [roleApi.list, roleApi.options] });

export const useDeleteRole = () => useApiMutation(roleApi.delete, { successMessage: '删除成功', invalidates: [roleApi.list, roleApi.options] });

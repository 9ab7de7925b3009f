import { authApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

/** Every menu-table row (groups, pages, actions), read through the role-info call a role manager may make for any role. */
export const useMenuRecords = (roleId: number | undefined) =>
  useApiQuery(authApi.roleInfo, { id: roleId ?? 0 }, { enabled: roleId !== undefined, placeholderData: undefined });

import { backUserApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export interface UserOptionsFilter {
  /** Only enabled users (assigning someone). */
  enabledOnly?: boolean;
  /**
   * Only users who may be given work needing these codes: enabled, their role enabled and holding
   * every code (a task's buyer, a plan's owner); the server accepts exactly these users.
   */
  permissionCodes?: readonly string[];
}

/**
 * Back-office users to pick or filter by (any signed-in user may read them): all of them for
 * filters, so old records stay findable; a filter when assigning someone.
 */
export const useUserOptions = ({ enabledOnly, permissionCodes }: UserOptionsFilter = {}) =>
  useApiQuery(
    backUserApi.options,
    {
      ...(enabledOnly ? { enabledOnly } : {}),
      ...(permissionCodes?.length ? { permissionCodes: [...permissionCodes] } : {}),
    },
    { staleTime: 60_000 },
  );

import { backUserApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';
import { useSession } from '@/shared/session/use-session';

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
 * Back-office users (id and name) to pick or filter by (any signed-in user may read them): all of
 * them for filters, so old records stay findable; a filter when assigning someone. The server
 * filters by codes only for a caller holding them all (docs/access-management.md); anyone else
 * is offered the enabled users, and the server refuses an ineligible pick with a field error.
 */
export const useUserOptions = ({ enabledOnly, permissionCodes }: UserOptionsFilter = {}) => {
  const { codes } = useSession();
  const byCodes = !!permissionCodes?.length && permissionCodes.every((code) => codes.includes(code));
  return useApiQuery(
    backUserApi.options,
    {
      ...(enabledOnly || permissionCodes?.length ? { enabledOnly: true } : {}),
      ...(byCodes ? { permissionCodes: [...(permissionCodes ?? [])] } : {}),
    },
    { staleTime: 60_000 },
  );
};

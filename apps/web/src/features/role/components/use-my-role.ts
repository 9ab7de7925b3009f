import { SUPER_ADMIN_ROLE_CODE } from '@scm/contract';
import { useSession } from '@/shared/session/use-session';

/** The signed-in user's role and whether it is the built-in 超级管理员 (whose code never changes). */
export function useMyRole() {
  const role = useSession().userInfo?.role;
  return { role, superAdmin: role?.code === SUPER_ADMIN_ROLE_CODE };
}

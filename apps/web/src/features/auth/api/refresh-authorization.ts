import { buildMenuTree, filterMenuByPermission } from '@scm/contract';
import { session } from '@/shared/session/session';
import { requestBackUserInfo, requestRoleInfo } from './login';

/**
 * On each start of the shell (a reload), re-reads the user and the role's codes and menus, so renamed
 * menus, changed codes or a disabled account show without a new login. A 401 opens the re-login modal.
 */
export async function refreshAuthorization() {
  const user = session.getUserInfo();
  if (!user) return;
  try {
    const info = await requestBackUserInfo(user.id);
    if (info?.code !== 200) return;
    session.setUserInfo(info.data);
    const role = await requestRoleInfo(info.data.role.id);
    if (role?.code !== 200) return;
    session.setAuthorization(filterMenuByPermission(buildMenuTree(role.data.menus), role.data.permissionCodes), role.data.permissionCodes);
  } catch (error) {
    console.error(error);
  }
}

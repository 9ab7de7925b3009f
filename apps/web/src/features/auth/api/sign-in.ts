import { buildMenuTree, filterMenuByPermission } from '@scm/contract';
import { session } from '@/shared/session/session';
import { tabsStore } from '@/shared/tabs/tabs-store';
import { showLoginError } from '@/features/auth/components/login-messages';
import { requestBackUserInfo, requestLogin, requestRoleInfo } from './login';

/**
 * docs/rules/shell-and-session.md, "Login": login → user info → role info; success means code 200.
 * Fills the session and resets the tabs; resolves true when the shell may open.
 */
export async function signIn(email: string, password: string): Promise<boolean> {
  const login = await requestLogin(email, password);
  if (!login) return false;
  if (login.code !== 200 || !login.data?.token) {
    showLoginError(login.message);
    return false;
  }
  session.setToken(login.data.token);
  const info = await requestBackUserInfo(login.data.uId);
  if (!info) return false;
  if (info.code !== 200) {
    showLoginError(info.message);
    return false;
  }
  session.setUserInfo(info.data);
  const role = await requestRoleInfo(info.data.role.id);
  if (role?.code === 200) {
    const tree = buildMenuTree(role.data.menus);
    session.setAuthorization(filterMenuByPermission(tree, role.data.permissionCodes), role.data.permissionCodes);
  }
  session.setAuthorizedFlag(true);
  tabsStore.reset();
  return true;
}

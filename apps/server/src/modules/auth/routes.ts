import { authApi, backUserApi } from '@scm/contract';
import { AUTHENTICATED, defineRoute, publicRoute } from '../../lib/http/route';
import { changeOwnPassword, getBackUserInfo, getRoleInfo, login, logout } from './service';

export const authRoutes = [
  publicRoute({ endpoint: authApi.login, handler: (input, ctx) => login(ctx, input) }),
  defineRoute({ endpoint: authApi.logout, permission: AUTHENTICATED, handler: (_input, ctx) => logout(ctx) }),
  defineRoute({ endpoint: authApi.backUserInfo, permission: AUTHENTICATED, handler: (input, ctx) => getBackUserInfo(ctx, input.id) }),
  defineRoute({ endpoint: authApi.roleInfo, permission: AUTHENTICATED, handler: (input, ctx) => getRoleInfo(ctx, input.id) }),
  defineRoute({ endpoint: backUserApi.changePassword, permission: AUTHENTICATED, handler: (input, ctx) => changeOwnPassword(ctx, input) }),
];

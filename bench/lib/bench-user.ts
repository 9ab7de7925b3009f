import type { AuthUser } from '../../apps/server/src';

/**
 * The administrator (data scope 全部数据) in whose name the bench replays a service's statements:
 * the floors and the recorded board figures run what such a request runs.
 */
export const benchUser: AuthUser = {
  id: 1,
  username: 'bench',
  email: 'bench@jiaju.com',
  roleId: 1,
  superAdmin: true,
  dataScope: 'all',
  sessionId: 0,
  permissionCodes: new Set(),
};

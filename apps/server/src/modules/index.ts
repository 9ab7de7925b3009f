import type { AnyRoute } from '../lib/route';
import { authRoutes } from './auth/routes';
import { backUserRoutes } from './back-user/routes';
import { menuRoutes } from './menu/routes';
import { operationLogRoutes } from './operation-log/routes';
import { roleRoutes } from './role/routes';

/** Every API route of the application; the authorization-matrix and bad-input tests walk this list. */
export const allRoutes: AnyRoute[] = [
  ...authRoutes,
  ...roleRoutes,
  ...menuRoutes,
  ...backUserRoutes,
  ...operationLogRoutes,
];

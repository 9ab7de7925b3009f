import type { AnyRoute } from '../lib/route';
import { authRoutes } from './auth/routes';
import { backUserRoutes } from './back-user/routes';
import { dictionaryRoutes } from './dictionary/routes';
import { freightRoutes } from './freight/routes';
import { menuRoutes } from './menu/routes';
import { operationLogRoutes } from './operation-log/routes';
import { priceTemplateRoutes } from './price-template/routes';
import { regionRoutes } from './region/routes';
import { roleRoutes } from './role/routes';

/** Every API route of the application; the authorization-matrix and bad-input tests walk this list. */
export const allRoutes: AnyRoute[] = [
  ...authRoutes,
  ...roleRoutes,
  ...menuRoutes,
  ...backUserRoutes,
  ...operationLogRoutes,
  ...dictionaryRoutes,
  ...regionRoutes,
  ...priceTemplateRoutes,
  ...freightRoutes,
];

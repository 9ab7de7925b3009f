import type { AnyRoute } from '../lib/route';
import { authRoutes } from './auth/routes';

/** Every API route of the application; the authorization-matrix and bad-input tests walk this list. */
export const allRoutes: AnyRoute[] = [...authRoutes];

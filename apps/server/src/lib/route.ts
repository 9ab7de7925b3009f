import { ALL_PERMISSION_CODES, type Endpoint, type PermissionCode } from '@scm/contract';
import type { z } from 'zod';
import type { AuthedContext, ServiceContext } from './context';

/** Open to anyone (the login call only). */
export const PUBLIC = 'public';
/** Any signed-in user: own info, reference-data selectors (docs/rules/codes-and-api.md, "Permission codes"). */
export const AUTHENTICATED = 'authenticated';

type Handler<E extends Endpoint, C> = (input: z.output<E['body']>, ctx: C) => Promise<z.input<E['response']>>;

interface RouteBase<E extends Endpoint> {
  endpoint: E;
  /** Larger than the default 1 MB only for uploads. */
  bodyLimit?: number;
  /**
   * What the route hands out, bounded by the grant ceiling (docs/access-management.md): a role to a
   * user (`roleId` in the body) or permission codes to a role (`permissionCodes`). The generated
   * grant-ceiling test finds the routes by it.
   */
  grants?: 'role' | 'codes';
}

export interface PublicRoute<E extends Endpoint = Endpoint> extends RouteBase<E> {
  permission: typeof PUBLIC;
  handler: Handler<E, ServiceContext>;
}

export interface GuardedRoute<E extends Endpoint = Endpoint> extends RouteBase<E> {
  /** A permission code (a menu key or `pageKey:action`), or AUTHENTICATED. */
  permission: PermissionCode | typeof AUTHENTICATED;
  handler: Handler<E, AuthedContext>;
}

export type AnyRoute = PublicRoute | GuardedRoute;

const knownCodes = new Set<string>(ALL_PERMISSION_CODES);

/**
 * Declares a route that needs a signed-in user holding `permission`. Every /api/admin route goes
 * through here or `publicRoute`, so the guard, validation, envelope and audit cannot be forgotten
 * and the authorization matrix test can enumerate them all.
 */
export function defineRoute<E extends Endpoint>(route: GuardedRoute<E>): AnyRoute {
  if (route.permission !== AUTHENTICATED && !knownCodes.has(route.permission)) {
    throw new Error(`Route ${route.endpoint.path} names an unknown permission code "${route.permission}"`);
  }
  return route as unknown as AnyRoute;
}

export function publicRoute<E extends Endpoint>(route: Omit<PublicRoute<E>, 'permission'>): AnyRoute {
  return { ...route, permission: PUBLIC } as unknown as AnyRoute;
}

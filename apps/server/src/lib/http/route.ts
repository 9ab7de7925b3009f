import { ALL_PERMISSION_CODES, type Endpoint, type PermissionCode } from '@scm/contract';
import type { z } from 'zod';
import type { AuthedContext, PortalContext, ServiceContext } from './context';

/** Open to anyone (the login call only). */
export const PUBLIC = 'public';
/** Any signed-in user: own info, reference-data selectors (docs/rules/codes-and-api.md, "Permission codes"). */
export const AUTHENTICATED = 'authenticated';
/**
 * A signed-in supplier portal account (docs/portal.md, "The realm"): checked against the portal's
 * own sessions, never the staff ones; the handler sees only its caller's supplier.
 */
export const PORTAL = 'portal';

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
  /**
   * Fields of the body that an action of their own guards (field-level authorization,
   * docs/access-management.md): a caller without that action's code has them dropped before the
   * handler runs, so a generic update leaves them unchanged. The generated field-level test reads it.
   */
  guards?: Partial<Record<keyof z.output<E['body']> & string, PermissionCode>>;
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

export interface PortalRoute<E extends Endpoint = Endpoint> extends RouteBase<E> {
  permission: typeof PORTAL;
  handler: Handler<E, PortalContext>;
}

export type AnyRoute = PublicRoute | GuardedRoute | PortalRoute;

/** Whether the route is served under /api/portal (signed in there, or its login and activation). */
export const isPortalRoute = (route: AnyRoute) => route.endpoint.path.startsWith('/portal/');

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

/**
 * Declares a route of the supplier portal: `portal` (a signed-in account, scoped by its supplier)
 * or public (login, activation). Registered in the same list as the staff routes, so every
 * generated sweep covers both realms.
 */
export function portalRoute<E extends Endpoint>(route: Omit<PortalRoute<E>, 'permission'>): AnyRoute {
  if (!route.endpoint.path.startsWith('/portal/')) throw new Error(`Portal route ${route.endpoint.path} is outside /portal`);
  return { ...route, permission: PORTAL } as unknown as AnyRoute;
}

export function publicRoute<E extends Endpoint>(route: Omit<PublicRoute<E>, 'permission'>): AnyRoute {
  return { ...route, permission: PUBLIC } as unknown as AnyRoute;
}

/** Drops the guarded fields whose code the caller lacks (`guards` above): an update then leaves them as they are. */
export function dropGuardedFields(body: unknown, guards: Partial<Record<string, string>>, codes: ReadonlySet<string>) {
  if (body === null || typeof body !== 'object') return;
  for (const [field, code] of Object.entries(guards)) {
    if (code && !codes.has(code)) delete (body as Record<string, unknown>)[field];
  }
}

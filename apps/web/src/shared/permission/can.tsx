import type { ReactNode } from 'react';
import { type GuardedRoutePath, type MenuKey, ROUTE_CODES, ROUTE_FIELD_CODES, type StaffRoutePath } from '@scm/contract';
import { useSession } from '@/shared/session/use-session';

/** An endpoint object of the contract: a button that calls it shows to the users its route lets in. */
export interface Callable {
  readonly path: StaffRoutePath;
}

/**
 * What a permission check names: a page key (may open the page: a link, a jump, a page's section),
 * or the endpoint a button calls. An action code is never written out: the endpoint brings the code
 * its route asks for.
 */
export type PermissionTarget = MenuKey | Callable;

/**
 * True when `codes` (a role's) hold the page key, or, given the endpoint a button calls, the code its
 * route asks for (`ROUTE_CODES`, generated from the server's route registry), so the button and its
 * route cannot ask for different codes.
 */
export function holds(codes: readonly string[], target: PermissionTarget): boolean {
  const code = typeof target === 'string' ? target : ROUTE_CODES[target.path];
  return code === 'authenticated' || codes.includes(code);
}

/** True when the signed-in user may open the page `target` names, or make the call (`holds`). */
export function usePermission(target: PermissionTarget): boolean {
  return holds(useSession().codes, target);
}

/**
 * True when an update through `endpoint` by a holder of `codes` writes `field`: a field its route
 * guards (`ROUTE_FIELD_CODES`) is dropped from the update of a caller without that field's own code,
 * so the form shows it read-only to them.
 */
export function writesField<P extends GuardedRoutePath>(
  codes: readonly string[],
  endpoint: { readonly path: P },
  field: keyof (typeof ROUTE_FIELD_CODES)[P],
): boolean {
  return codes.includes(ROUTE_FIELD_CODES[endpoint.path][field] as string);
}

/** True when the signed-in user's update through `endpoint` writes `field` (`writesField`). */
export function useFieldPermission<P extends GuardedRoutePath>(endpoint: { readonly path: P }, field: keyof (typeof ROUTE_FIELD_CODES)[P]): boolean {
  return writesField(useSession().codes, endpoint, field);
}

/**
 * Renders its children only for users who may open the page `code` names, or make the `call` (an
 * endpoint object). The server checks again: this only hides.
 */
export function Can({
  children,
  fallback = null,
  ...target
}: ({ code: MenuKey } | { call: Callable }) & { children: ReactNode; fallback?: ReactNode }) {
  return usePermission('code' in target ? target.code : target.call) ? children : fallback;
}

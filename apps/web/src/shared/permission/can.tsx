import type { ReactNode } from 'react';
import { type PermissionCode, ROUTE_CODES, type StaffRoutePath } from '@scm/contract';
import { useSession } from '@/shared/session/use-session';

/** An endpoint object of the contract: a button that calls it shows to the users its route lets in. */
interface Callable {
  readonly path: StaffRoutePath;
}

/**
 * True when the signed-in user's role holds `code` (a page key or `pageKey:action`), or, given the
 * endpoint a button calls, the code its route asks for (`ROUTE_CODES`, generated from the server's
 * route registry), so the button and its route cannot ask for different codes.
 */
export function usePermission(target: PermissionCode | Callable): boolean {
  const codes = useSession().codes;
  const code = typeof target === 'string' ? target : ROUTE_CODES[target.path];
  return code === 'authenticated' || codes.includes(code);
}

/**
 * Renders its children only for users holding `code`, or allowed to make the `call` (an endpoint
 * object). The server checks again: this only hides.
 */
export function Can({
  children,
  fallback = null,
  ...target
}: ({ code: PermissionCode } | { call: Callable }) & { children: ReactNode; fallback?: ReactNode }) {
  return usePermission('code' in target ? target.code : target.call) ? children : fallback;
}

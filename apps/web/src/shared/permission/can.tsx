import type { ReactNode } from 'react';
import type { PermissionCode } from '@scm/contract';
import { useSession } from '@/shared/session/session';

/** True when the signed-in user's role holds `code` (a page key or `pageKey:action`). */
export function usePermission(code: PermissionCode): boolean {
  return useSession().codes.includes(code);
}

/** Renders its children only for users holding `code`. The server checks again: this only hides. */
export function Can({ code, children, fallback = null }: { code: PermissionCode; children: ReactNode; fallback?: ReactNode }) {
  return usePermission(code) ? children : fallback;
}

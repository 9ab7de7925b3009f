import type { ReactNode } from 'react';
import { useSession } from '@/shared/session/session';

/** True when the signed-in user's role holds `code` (a page key or `pageKey:action`). */
export function usePermission(code: string): boolean {
  return useSession().codes.includes(code);
}

/** Renders its children only for users holding `code`. The server checks again: this only hides. */
export function Can({ code, children, fallback = null }: { code: string; children: ReactNode; fallback?: ReactNode }) {
  return usePermission(code) ? children : fallback;
}

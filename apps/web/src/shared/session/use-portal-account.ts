import { useSyncExternalStore } from 'react';
import { type PortalAccountSnapshot, portalSession } from './portal-session';

/** Who is signed in to the portal, re-read when the portal session changes. */
export function usePortalAccount(): PortalAccountSnapshot | null {
  return useSyncExternalStore(portalSession.subscribe, portalSession.getAccount);
}

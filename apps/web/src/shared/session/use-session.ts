import { useSyncExternalStore } from 'react';
import { type SessionSnapshot, session, sessionSnapshot } from './session';

/** The signed-in user, menus and codes, re-read when the session changes. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, sessionSnapshot);
}

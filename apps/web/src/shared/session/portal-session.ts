/**
 * The supplier portal's session, in sessionStorage keys of its own: a buyer signed in to the back
 * office in the same browser keeps their session whatever the portal does (docs/web-guide.md, "Portal").
 */
export const PORTAL_SESSION_KEYS = { token: 'portalToken', account: 'portalAccount' } as const;

/** Who is signed in to the portal, as the header shows it. */
export interface PortalAccountSnapshot {
  name: string;
  email: string;
  supplierName: string;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedAccount: PortalAccountSnapshot | null = null;

function changed() {
  for (const listener of listeners) listener();
}

function readAccount(): PortalAccountSnapshot | null {
  const raw = sessionStorage.getItem(PORTAL_SESSION_KEYS.account);
  if (raw === cachedRaw) return cachedAccount;
  cachedRaw = raw;
  try {
    cachedAccount = raw ? (JSON.parse(raw) as PortalAccountSnapshot) : null;
  } catch {
    cachedAccount = null;
  }
  return cachedAccount;
}

export const portalSession = {
  getToken: () => sessionStorage.getItem(PORTAL_SESSION_KEYS.token),
  setToken(token: string) {
    sessionStorage.setItem(PORTAL_SESSION_KEYS.token, token);
    changed();
  },
  getAccount: readAccount,
  setAccount(account: PortalAccountSnapshot) {
    sessionStorage.setItem(PORTAL_SESSION_KEYS.account, JSON.stringify(account));
    changed();
  },
  isSignedIn: () => Boolean(sessionStorage.getItem(PORTAL_SESSION_KEYS.token)),
  /** Logout and a 401 from a portal call: only the portal's keys go. */
  clear() {
    for (const key of Object.values(PORTAL_SESSION_KEYS)) sessionStorage.removeItem(key);
    changed();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

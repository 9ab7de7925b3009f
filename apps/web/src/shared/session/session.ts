import { type BackUser, type MenuEntry, SIGNED_IN_PAGES } from '@scm/contract';

/** sessionStorage keys (docs/rules/shell-and-session.md, "Session storage"), the action codes for `<Can>` included. */
export const SESSION_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  menus: 'authorizatedMenuList',
  codes: 'permissionCodes',
} as const;

export interface SessionSnapshot {
  token: string | null;
  userInfo: BackUser | null;
  menus: MenuEntry[];
  codes: string[];
}

let authorizedFlag = false;
let memoryMenus: MenuEntry[] = [];
let memoryCodes: string[] = [];
let snapshot: SessionSnapshot | null = null;
const listeners = new Set<() => void>();

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function changed() {
  snapshot = null;
  for (const listener of listeners) listener();
}

export const session = {
  getToken: () => sessionStorage.getItem(SESSION_KEYS.token),
  setToken(token: string) {
    sessionStorage.setItem(SESSION_KEYS.token, token);
    changed();
  },
  getUserInfo: () => readJson<BackUser | null>(SESSION_KEYS.userInfo, null),
  setUserInfo(user: BackUser) {
    sessionStorage.setItem(SESSION_KEYS.userInfo, JSON.stringify(user));
    changed();
  },
  /** The permission-filtered menu tree; on reload it is restored from the session when memory is empty. */
  getMenus(): MenuEntry[] {
    if (memoryMenus.length === 0) memoryMenus = readJson<MenuEntry[]>(SESSION_KEYS.menus, []);
    return memoryMenus;
  },
  getCodes(): string[] {
    if (memoryCodes.length === 0) memoryCodes = readJson<string[]>(SESSION_KEYS.codes, []);
    return memoryCodes;
  },
  setAuthorization(menus: MenuEntry[], codes: string[]) {
    memoryMenus = menus;
    memoryCodes = codes;
    sessionStorage.setItem(SESSION_KEYS.menus, JSON.stringify(menus));
    sessionStorage.setItem(SESSION_KEYS.codes, JSON.stringify(codes));
    changed();
  },
  setAuthorizedFlag(value: boolean) {
    authorizedFlag = value;
    changed();
  },
  /** docs/rules/shell-and-session.md, "Routes": the shell is authorized if a token is in the session or the in-memory flag is set. */
  isAuthorized: () => authorizedFlag || Boolean(sessionStorage.getItem(SESSION_KEYS.token)),
  /** Logout and the 401 modal: clear the flag and every session key. */
  clear() {
    authorizedFlag = false;
    memoryMenus = [];
    memoryCodes = [];
    for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key);
    changed();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function sessionSnapshot(): SessionSnapshot {
  snapshot ??= {
    token: session.getToken(),
    userInfo: session.getUserInfo(),
    menus: session.getMenus(),
    codes: session.getCodes(),
  };
  return snapshot;
}

/**
 * Every page the user may open: the permission-filtered menu, and the pages every signed-in user
 * has without a code (消息中心), which the menu filter never sees.
 */
export const openablePages = (menus: MenuEntry[]): MenuEntry[] => [...menus, ...SIGNED_IN_PAGES];

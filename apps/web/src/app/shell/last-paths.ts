import { session } from '@/shared/session/session';

/**
 * The last path (with its query) each page was shown at in this browser tab, per user, so a page
 * reopened from the sidebar comes back with its filters even after its tab was closed.
 */
const storageKey = () => `lastPaths:${session.getUserInfo()?.id ?? 0}`;

function read(): Record<string, string> {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(storageKey()) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export const lastPaths = {
  remember(key: string, path: string) {
    const paths = read();
    if (paths[key] === path) return;
    paths[key] = path;
    sessionStorage.setItem(storageKey(), JSON.stringify(paths));
  },
  /** Where the sidebar opens `key`: its last path when that is still the entry's page, else the bare path. */
  pathFor(key: string, menuPath: string): string {
    const last = read()[key];
    return last && last.split('?')[0] === menuPath ? last : menuPath;
  },
  clear: () => sessionStorage.removeItem(storageKey()),
};

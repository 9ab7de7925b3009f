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
  /** Records a path with its query under the page's path. */
  remember(path: string) {
    if (!session.getUserInfo()) return;
    const page = path.split('?')[0];
    const paths = read();
    if (paths[page] === path) return;
    paths[page] = path;
    sessionStorage.setItem(storageKey(), JSON.stringify(paths));
  },
  /** Where the sidebar opens a page: its last path, or the bare one. */
  pathFor: (menuPath: string): string => read()[menuPath] ?? menuPath,
  clear: () => sessionStorage.removeItem(storageKey()),
};

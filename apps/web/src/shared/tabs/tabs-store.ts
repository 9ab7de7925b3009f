import { useSyncExternalStore } from 'react';
import { addOpenedPage, closeOpenedPage, INITIAL_OPENED_PAGES, jumpOpenedPages, type OpenedPage } from './opened-pages';

// Kept in sessionStorage beside the login flow's keys (docs/rules/shell-and-session.md, "Session storage") so a reload keeps the tabs.
const STORAGE_KEY = 'openedPages';
const listeners = new Set<() => void>();

function load(): OpenedPage[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as OpenedPage[]) : null;
    return Array.isArray(parsed) && parsed.length > 0 ? parsed : INITIAL_OPENED_PAGES;
  } catch {
    return INITIAL_OPENED_PAGES;
  }
}

let pages: OpenedPage[] = load();

function set(next: OpenedPage[]) {
  if (next === pages) return;
  pages = next;
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pages));
  for (const listener of listeners) listener();
}

export const tabsStore = {
  get: () => pages,
  add: (page: OpenedPage) => set(addOpenedPage(pages, page)),
  /** Returns the path to go to when the active tab was closed. */
  close(key: string, activeKey: string | undefined): string | undefined {
    const result = closeOpenedPage(pages, key, activeKey);
    set(result.pages);
    return result.navigateTo;
  },
  jump: (currentKey: string | undefined, target: OpenedPage) => set(jumpOpenedPages(pages, currentKey, target)),
  reset() {
    sessionStorage.removeItem(STORAGE_KEY);
    set(INITIAL_OPENED_PAGES);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useOpenedPages = () => useSyncExternalStore(tabsStore.subscribe, tabsStore.get);

import { pagePath } from '@scm/contract';

/** An opened-page tab (docs/rules/shell-and-session.md, "Tabs"): the menu key and the full path including the query string. */
export interface OpenedPage {
  key: string;
  path: string;
}

const MAX_OPENED_PAGES = 10;
const WORKBENCH_PAGE: OpenedPage = { key: 'basic', path: pagePath('basic') };
export const INITIAL_OPENED_PAGES: OpenedPage[] = [WORKBENCH_PAGE];

/**
 * docs/rules/shell-and-session.md, "Tabs": the current page is added, entries with a duplicate key are dropped and only the last 10
 * are kept. A page that is already open keeps its place and takes the newer path (its query).
 */
export function addOpenedPage(pages: OpenedPage[], page: OpenedPage): OpenedPage[] {
  const seen = new Set<string>();
  const next: OpenedPage[] = [];
  for (const entry of [...pages, page]) {
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    next.push(entry.key === page.key ? page : entry);
  }
  return next.slice(-MAX_OPENED_PAGES);
}

/** Closes a tab; closing the active one navigates to the previous tab's path. */
export function closeOpenedPage(pages: OpenedPage[], key: string, activeKey: string | undefined): { pages: OpenedPage[]; navigateTo?: string } {
  const index = pages.findIndex((p) => p.key === key);
  if (index <= 0) return { pages };
  const next = pages.filter((p) => p.key !== key);
  return key === activeKey ? { pages: next, navigateTo: pages[index - 1].path } : { pages: next };
}

/** The jump (docs/rules/shell-and-session.md, "Jump"): the current page's tab is removed, the target added (last 10 kept). */
export function jumpOpenedPages(pages: OpenedPage[], currentKey: string | undefined, target: OpenedPage): OpenedPage[] {
  return addOpenedPage(
    pages.filter((p) => p.key !== currentKey),
    target,
  );
}

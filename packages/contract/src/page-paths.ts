import { type MenuKey, SEED_MENU } from './menu';
import { type QueryValue, withQuery } from './page-addresses';
import { SIGNED_IN_PAGES } from './signed-in-pages';

/*
 * The admin pages' addresses, read from the seed menu tree (page-addresses.ts has the portal's and
 * the print pages'; docs/web-guide.md, "Page paths").
 */

/** A page the admin app opens by key: an entry of the seeded menu tree, or a page every signed-in user may open. */
export type PageKey = MenuKey | (typeof SIGNED_IN_PAGES)[number]['key'];

interface PathNode {
  readonly key: string;
  readonly path: string;
  readonly children?: readonly PathNode[];
}

const PATHS: Record<string, string> = {};
const collect = (nodes: readonly PathNode[]) => {
  for (const node of nodes) {
    PATHS[node.key] = node.path;
    if (node.children) collect(node.children);
  }
};
collect(SEED_MENU);
collect(SIGNED_IN_PAGES);

/**
 * An admin page's path from the menu tree, never retyped: `pagePath('planningTaskList', { status: 'draft' })`
 * → `/planningManagement/planningTaskList?status=draft`.
 */
export const pagePath = (key: PageKey, query: Record<string, QueryValue> = {}): string => withQuery(PATHS[key], query);

/** A detail page opened for one record: `detailPath('purchaseOrderDetail', 7)` → `/procurementManagement/purchaseOrderDetail?id=7`. */
export const detailPath = (key: PageKey, id: number) => pagePath(key, { id });

import { type MenuKey, SEED_MENU, SIGNED_IN_PAGES } from '@scm/contract';

/** A page the app opens by key: an entry of the seeded menu tree, or a page every signed-in user may open. */
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

type QueryValue = string | number | null | undefined;

/**
 * A page's path from the menu tree, never retyped: `pagePath('planningTaskList', { status: 'draft' })`
 * → `/planningManagement/planningTaskList?status=draft`. Values are URI-encoded; null and undefined ones are left out.
 */
export function pagePath(key: PageKey, query: Record<string, QueryValue> = {}): string {
  const path = PATHS[key];
  const search = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] != null)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** A detail page opened for one record: `detailPath('purchaseOrderDetail', 7)` → `/procurementManagement/purchaseOrderDetail?id=7`. */
export const detailPath = (key: PageKey, id: number) => pagePath(key, { id });

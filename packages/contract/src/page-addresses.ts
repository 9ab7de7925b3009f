/*
 * Every page address outside the admin menu tree, in one table (docs/web-guide.md, "Page paths"): the
 * supplier portal's pages and the print pages; the admin pages' paths live in the seed menu tree
 * (page-paths.ts). The routers of both front ends, the pages' links and the server's message and
 * activation links all build addresses from these, so a page never has its path typed twice. Free
 * of zod and of the menu: the portal's first chunk reads it.
 */

/**
 * The addresses that show the back office's login screen. The server answers them with login.html,
 * the document with the screen rendered into it at build time, and the app adopts that markup there
 * (docs/web-guide.md "Loading").
 */
export const LOGIN_SCREEN_PATHS: readonly string[] = ['/', '/login'];

/** The supplier portal's pages. */
export const PORTAL_PAGES = {
  login: '/portal/login',
  activate: '/portal/activate',
  rfqList: '/portal/rfq',
  rfqDetail: '/portal/rfq/detail',
  orderList: '/portal/orders',
  orderDetail: '/portal/orders/detail',
  returnList: '/portal/returns',
  returnDetail: '/portal/returns/detail',
  statementList: '/portal/statements',
  statementDetail: '/portal/statements/detail',
} as const;
export type PortalPage = keyof typeof PORTAL_PAGES;

/** The print pages, opened in a tab of their own for one record. */
export const PRINT_PAGES = {
  comparison: '/print/comparison',
  purchaseOrder: '/print/purchaseOrder',
  purchaseReturn: '/print/purchaseReturn',
  supplierStatement: '/print/supplierStatement',
} as const;
export type PrintPage = keyof typeof PRINT_PAGES;

export type QueryValue = string | number | null | undefined;

/** `path?name=value&…`, values URI-encoded, null and undefined ones left out. */
export function withQuery(path: string, query: Record<string, QueryValue>): string {
  const search = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] != null)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** A portal page's path: `portalPath('orderDetail', { id: 7 })` → `/portal/orders/detail?id=7`. */
export const portalPath = (page: PortalPage, query: Record<string, QueryValue> = {}): string => withQuery(PORTAL_PAGES[page], query);

/** A record's print page: `printPath('purchaseOrder', 7)` → `/print/purchaseOrder?id=7`. */
export const printPath = (page: PrintPage, id: number): string => withQuery(PRINT_PAGES[page], { id });

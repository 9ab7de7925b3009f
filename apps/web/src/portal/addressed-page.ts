import { PORTAL_PAGES, type PortalPage } from '@scm/contract';
import type { ComponentType } from 'react';
import { portalSession } from '@/shared/session/portal-session';

type PageLoader = () => Promise<{ default: ComponentType }>;

/** Each portal page's module; the sign-in screens are the pages a supplier opens signed out. */
export const PORTAL_PAGE_MODULES: Record<PortalPage, { signedIn: boolean; load: PageLoader }> = {
  login: { signedIn: false, load: () => import('./pages/login-page') },
  activate: { signedIn: false, load: () => import('./pages/activate-page') },
  rfqList: { signedIn: true, load: () => import('./pages/rfq-list-page') },
  rfqDetail: { signedIn: true, load: () => import('./pages/rfq-detail-page') },
  orderList: { signedIn: true, load: () => import('./pages/order-list-page') },
  orderDetail: { signedIn: true, load: () => import('./pages/order-detail-page') },
  returnList: { signedIn: true, load: () => import('./pages/return-list-page') },
  returnDetail: { signedIn: true, load: () => import('./pages/return-detail-page') },
  statementList: { signedIn: true, load: () => import('./pages/statement-list-page') },
  statementDetail: { signedIn: true, load: () => import('./pages/statement-detail-page') },
};

/** What every signed-in page renders in. */
export const loadSignedInFrame: PageLoader = () => import('./signed-in-frame');

const addressed = (Object.keys(PORTAL_PAGES) as PortalPage[]).find((page) => PORTAL_PAGES[page] === window.location.pathname);

/**
 * The page the address names starts loading with this module, beside the signed-in frame: on a
 * slow phone network each round trip saved is ~150 ms. This module needs no React, so it runs from
 * the portal's early entry (`boot.ts`) before React is in. Settles (never rejects) when both are
 * there: the entry renders then (`main.tsx`), so the page renders in one pass instead of suspending,
 * whose retry React renders in slices between frames, which on a slow phone cost as much as the
 * render itself. A failed load shows when the page renders (`lazyPage`).
 */
export const addressedPageLoaded: Promise<unknown> = addressed
  ? Promise.allSettled([
      PORTAL_PAGE_MODULES[addressed].load(),
      PORTAL_PAGE_MODULES[addressed].signedIn && portalSession.isSignedIn() ? loadSignedInFrame() : null,
    ])
  : Promise.resolve();

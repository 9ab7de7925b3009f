import { PORTAL_PAGES, type PortalPage, portalPath } from '@scm/contract';
import { type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { lazyPage } from '@/shared/navigation/lazy-page';
import { portalSession } from '@/shared/session/portal-session';
import './portal.css';

const LoginPage = lazyPage(() => import('./pages/login-page'));
const ActivatePage = lazyPage(() => import('./pages/activate-page'));
const SignedInFrame = lazyPage(() => import('./signed-in-frame'));
const RfqListPage = lazyPage(() => import('./pages/rfq-list-page'));
const RfqDetailPage = lazyPage(() => import('./pages/rfq-detail-page'));
const OrderListPage = lazyPage(() => import('./pages/order-list-page'));
const OrderDetailPage = lazyPage(() => import('./pages/order-detail-page'));
const ReturnListPage = lazyPage(() => import('./pages/return-list-page'));
const ReturnDetailPage = lazyPage(() => import('./pages/return-detail-page'));
const StatementListPage = lazyPage(() => import('./pages/statement-list-page'));
const StatementDetailPage = lazyPage(() => import('./pages/statement-detail-page'));
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'));

/** A portal page's route under the portal's own `/portal/*` route. */
const route = (page: PortalPage) => PORTAL_PAGES[page].slice('/portal/'.length);

const PAGES: Record<string, { signedIn: boolean; page: { preload(): Promise<void> } }> = {
  [PORTAL_PAGES.login]: { signedIn: false, page: LoginPage },
  [PORTAL_PAGES.activate]: { signedIn: false, page: ActivatePage },
  [PORTAL_PAGES.rfqList]: { signedIn: true, page: RfqListPage },
  [PORTAL_PAGES.rfqDetail]: { signedIn: true, page: RfqDetailPage },
  [PORTAL_PAGES.orderList]: { signedIn: true, page: OrderListPage },
  [PORTAL_PAGES.orderDetail]: { signedIn: true, page: OrderDetailPage },
  [PORTAL_PAGES.returnList]: { signedIn: true, page: ReturnListPage },
  [PORTAL_PAGES.returnDetail]: { signedIn: true, page: ReturnDetailPage },
  [PORTAL_PAGES.statementList]: { signedIn: true, page: StatementListPage },
  [PORTAL_PAGES.statementDetail]: { signedIn: true, page: StatementDetailPage },
};

/**
 * The page the address names starts loading with this module, beside the signed-in frame (whose
 * first act is the page's request): on a slow phone network each round trip saved is ~150 ms.
 * Settles (never rejects) when both are there: the entry renders then (`portal/main.tsx`), so the
 * page renders in one pass instead of suspending, whose retry React renders in slices between
 * frames, which on a slow phone cost as much as the render itself.
 */
function preloadAddressedPage(): Promise<unknown> {
  const addressed = PAGES[window.location.pathname];
  if (!addressed) return Promise.resolve();
  return Promise.all([addressed.page.preload(), addressed.signedIn && portalSession.isSignedIn() ? SignedInFrame.preload() : null]);
}
export const addressedPageLoaded = preloadAddressedPage();

/** The signed-in pages; without a portal session, the portal login, which comes back here afterwards. */
function RequirePortalSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (portalSession.isSignedIn()) return children;
  return <Navigate to={portalPath('login', { redirect: location.pathname + location.search })} replace />;
}

/**
 * The supplier portal: a realm of its own in the same app (docs/web-guide.md, "Portal"), none of the
 * back office's shell, menus or session. The sign-in screens use no antd; the signed-in frame brings
 * it, with the theme and the zh-CN locale the back office uses.
 */
export default function PortalLayout() {
  return (
    <div className="portal-app">
      <Suspense fallback={<div className="portal-loading">加载中…</div>}>
        <Routes>
          <Route path={route('login')} element={<LoginPage />} />
          <Route path={route('activate')} element={<ActivatePage />} />
          <Route
            element={
              <RequirePortalSession>
                <SignedInFrame />
              </RequirePortalSession>
            }
          >
            <Route path={route('rfqList')} element={<RfqListPage />} />
            <Route path={route('rfqDetail')} element={<RfqDetailPage />} />
            <Route path={route('orderList')} element={<OrderListPage />} />
            <Route path={route('orderDetail')} element={<OrderDetailPage />} />
            <Route path={route('returnList')} element={<ReturnListPage />} />
            <Route path={route('returnDetail')} element={<ReturnDetailPage />} />
            <Route path={route('statementList')} element={<StatementListPage />} />
            <Route path={route('statementDetail')} element={<StatementDetailPage />} />
            <Route index element={<Navigate to={PORTAL_PAGES.rfqList} replace />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </div>
  );
}

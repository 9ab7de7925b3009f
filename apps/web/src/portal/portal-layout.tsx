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
const StatementListPage = lazyPage(() => import('./pages/statement-list-page'));
const StatementDetailPage = lazyPage(() => import('./pages/statement-detail-page'));
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'));

const PAGES: Record<string, { signedIn: boolean; page: { preload(): Promise<void> } }> = {
  '/portal/login': { signedIn: false, page: LoginPage },
  '/portal/activate': { signedIn: false, page: ActivatePage },
  '/portal/rfq': { signedIn: true, page: RfqListPage },
  '/portal/rfq/detail': { signedIn: true, page: RfqDetailPage },
  '/portal/orders': { signedIn: true, page: OrderListPage },
  '/portal/orders/detail': { signedIn: true, page: OrderDetailPage },
  '/portal/statements': { signedIn: true, page: StatementListPage },
  '/portal/statements/detail': { signedIn: true, page: StatementDetailPage },
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
  return <Navigate to={`/portal/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
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
          <Route path="login" element={<LoginPage />} />
          <Route path="activate" element={<ActivatePage />} />
          <Route
            element={
              <RequirePortalSession>
                <SignedInFrame />
              </RequirePortalSession>
            }
          >
            <Route path="rfq" element={<RfqListPage />} />
            <Route path="rfq/detail" element={<RfqDetailPage />} />
            <Route path="orders" element={<OrderListPage />} />
            <Route path="orders/detail" element={<OrderDetailPage />} />
            <Route path="statements" element={<StatementListPage />} />
            <Route path="statements/detail" element={<StatementDetailPage />} />
            <Route index element={<Navigate to="/portal/rfq" replace />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </div>
  );
}

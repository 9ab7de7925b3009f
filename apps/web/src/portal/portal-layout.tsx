import { PORTAL_PAGES, type PortalPage, portalPath } from '@scm/contract';
import { type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { lazyPage } from '@/shared/navigation/lazy-page';
import { loadSignedInFrame, PORTAL_PAGE_MODULES } from './addressed-page';
import { portalSession } from '@/shared/session/portal-session';
import './portal.css';

const page = (name: PortalPage) => lazyPage(PORTAL_PAGE_MODULES[name].load);
const LoginPage = page('login');
const ActivatePage = page('activate');
const SignedInFrame = lazyPage(loadSignedInFrame);
const RfqListPage = page('rfqList');
const RfqDetailPage = page('rfqDetail');
const OrderListPage = page('orderList');
const OrderDetailPage = page('orderDetail');
const ReturnListPage = page('returnList');
const ReturnDetailPage = page('returnDetail');
const StatementListPage = page('statementList');
const StatementDetailPage = page('statementDetail');
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'));

/** A portal page's route under the portal's own `/portal/*` route. */
const route = (name: PortalPage) => PORTAL_PAGES[name].slice('/portal/'.length);

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

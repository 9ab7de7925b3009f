import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { FeedbackBridge } from '@/app/shell/feedback-bridge';
import { lazyPage } from '@/shared/navigation/lazy-page';
import { portalSession } from '@/shared/session/portal-session';
import { PageNotice } from '@/shared/ui/page-notice';
import { prefetchRfqPage } from './api/rfq';
import { PortalFrame } from './components/portal-frame';
import { portalQueryClient } from './query-client';
import './portal.css';

dayjs.locale('zh-cn');

const LoginPage = lazyPage(() => import('./pages/login-page'));
const ActivatePage = lazyPage(() => import('./pages/activate-page'));
const RfqListPage = lazyPage(() => import('./pages/rfq-list-page'));
const RfqDetailPage = lazyPage(() => import('./pages/rfq-detail-page'));

const PAGES: Record<string, { preload(): Promise<void> }> = {
  '/portal/login': LoginPage,
  '/portal/activate': ActivatePage,
  '/portal/rfq': RfqListPage,
  '/portal/rfq/detail': RfqDetailPage,
};

/**
 * The page the address names starts loading with this module, and its first request beside it:
 * on a slow phone network each round trip saved is ~150 ms (docs/web-guide.md, "Portal").
 */
function preloadAddressedPage() {
  const { pathname, search } = window.location;
  PAGES[pathname]?.preload();
  if (portalSession.isSignedIn()) prefetchRfqPage(pathname, search);
}
preloadAddressedPage();

/** The signed-in pages; without a portal session, the portal login, which comes back here afterwards. */
function RequirePortalSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (portalSession.isSignedIn()) return children;
  return <Navigate to={`/portal/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
}

const signedIn = (page: ReactNode) => (
  <RequirePortalSession>
    <PortalFrame>{page}</PortalFrame>
  </RequirePortalSession>
);

/**
 * The supplier portal: a realm of its own in the same app (docs/web-guide.md, "Portal"). It shares
 * the theme and the zh-CN locale with the back office, but none of its shell, menus or session.
 */
export default function PortalLayout() {
  return (
    <ConfigProvider locale={zhCN}>
      <App className="portal-app">
        <FeedbackBridge />
        <QueryClientProvider client={portalQueryClient}>
          <Suspense fallback={<div className="portal-loading">加载中…</div>}>
            <Routes>
              <Route path="login" element={<LoginPage />} />
              <Route path="activate" element={<ActivatePage />} />
              <Route path="rfq" element={signedIn(<RfqListPage />)} />
              <Route path="rfq/detail" element={signedIn(<RfqDetailPage />)} />
              <Route index element={<Navigate to="/portal/rfq" replace />} />
              <Route path="*" element={signedIn(<PageNotice title="页面不存在" detail="请从我的询价进入" />)} />
            </Routes>
          </Suspense>
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}

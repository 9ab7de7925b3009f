import { PORTAL_PAGES } from '@scm/contract';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { ErrorBoundary } from '@/shared/errors/error-page';
import { logUnhandledErrors } from '@/shared/errors/log-unhandled-errors';
import { setNavigator } from '@/shared/http/navigation';
// Sends the addressed page's first read as the entry runs, beside the page's chunks.
import '@/portal/api/first-read';
import PortalLayout, { addressedPageLoaded } from './portal-layout';
import '@/shared/ui/global.css';

/**
 * The supplier portal's own entry (portal.html, docs/web-guide.md "Portal"): a phone on a mobile
 * network loads React, the router, the portal's layout and the addressed page, never the back
 * office's login page or shell, and no antd. The router is the declarative one: the portal uses no
 * loader, action or blocker, and the data router's code was 16 KB gzip of every portal page.
 */
logUnhandledErrors();

/** Lets code outside React (the 401 handling) navigate without a reload. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, options) => navigate(to, options)), [navigate]);
  return null;
}

// The skeleton in portal.html stays up until the addressed page's chunk is there.
addressedPageLoaded.then(() =>
  createRoot(document.getElementById('root')!).render(
    <ErrorBoundary>
      <BrowserRouter>
        <NavigatorBridge />
        <Routes>
          <Route path="/portal/*" element={<PortalLayout />} />
          {/* The server sends this document for /portal/* only; anything else stays in the portal. */}
          <Route path="*" element={<Navigate to={PORTAL_PAGES.rfqList} replace />} />
        </Routes>
      </BrowserRouter>
    </ErrorBoundary>,
  ),
);

import { PORTAL_PAGES } from '@scm/contract';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ErrorPage } from '@/shared/errors/error-page';
import { logUnhandledErrors } from '@/shared/errors/log-unhandled-errors';
import { setNavigator } from '@/shared/http/navigation';
// Sends the addressed page's first read as the entry runs, beside the page's chunks.
import '@/portal/api/first-read';
import PortalLayout, { addressedPageLoaded } from './portal-layout';
import '@/shared/ui/global.css';

/**
 * The supplier portal's own entry (portal.html, docs/web-guide.md "Portal"): a phone on a mobile
 * network loads React, the router, the portal's layout and the addressed page, never the back
 * office's login page or shell, and no antd.
 */
logUnhandledErrors();

const router = createBrowserRouter([
  { path: '/portal/*', element: <PortalLayout />, errorElement: <ErrorPage /> },
  // The server sends this document for /portal/* only; anything else stays in the portal.
  { path: '*', element: <Navigate to={PORTAL_PAGES.rfqList} replace /> },
]);
setNavigator((to, options) => router.navigate(to, options));

// The skeleton in portal.html stays up until the addressed page's chunk is there.
addressedPageLoaded.then(() => createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />));

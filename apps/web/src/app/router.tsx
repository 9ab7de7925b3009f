import { LOGIN_SCREEN_PATHS, PRINT_PAGES } from '@scm/contract';
import { type ReactNode, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { setNavigator } from '@/shared/http/navigation';
import { lazyPage } from '@/shared/navigation/lazy-page';
import { setShellPrefetch } from '@/shared/navigation/prefetch-shell';
import { stylesheetsLoaded } from '@/shared/boot/stylesheets-loaded';
import { session } from '@/shared/session/session';
import { ErrorPage } from '@/shared/errors/error-page';
import { loginScreen, openedOnLoginScreen } from './login-screen';
import { lastPaths } from './shell/last-paths';

/**
 * Every screen but the login renders once antd's whole stylesheet is applied and zod speaks
 * Chinese (`./beyond-login`), loaded beside the screen's chunk (docs/web-guide.md "Loading").
 */
const beyondLogin = () => import('./beyond-login').then((module) => module.beyondLoginReady());
const withBeyondLogin =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), beyondLogin()]).then(([module]) => module);

const loadShell = withBeyondLogin(() => import('./shell/shell-layout'));
const ShellLayout = lazyPage(loadShell);

/**
 * Fetches the shell and the landing page (the workbench): while the login page is idle and again
 * when the user submits, so after login the workbench renders in the same pass as the navigation,
 * without a Suspense fallback (docs/web-guide.md "Loading").
 */
function prefetchShell() {
  ShellLayout.preload();
  loadShell().then(
    (shell) => shell.preloadLandingPage(),
    () => {},
  );
}

function prefetchWhenIdle() {
  if (window.requestIdleCallback) window.requestIdleCallback(prefetchShell, { timeout: 1000 });
  else setTimeout(prefetchShell, 200);
}

/** docs/rules/shell-and-session.md, "Routes": without authorization the shell redirects to /login, replacing the history entry. */
function RequireAuth({ children }: { children: ReactNode }) {
  return session.isAuthorized() ? children : <Navigate to="/login" replace />;
}

/**
 * The supplier portal is a document of its own (portal.html, docs/web-guide.md "Portal"): an
 * address of it reached inside the back office loads that document.
 */
function PortalDocument() {
  const { pathname, search } = useLocation();
  useEffect(() => window.location.replace(pathname + search), [pathname, search]);
  return null;
}

const page = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

// Paper documents open in a tab of their own, outside the shell, with the same session
// (docs/rules/orders.md, "Printing"); any other top-level path stays the shell's 404.
const ComparisonPrintPage = lazyPage(withBeyondLogin(() => import('@/features/print/pages/comparison-print-page')));
const PurchaseOrderPrintPage = lazyPage(withBeyondLogin(() => import('@/features/print/pages/purchase-order-print-page')));
const PurchaseReturnPrintPage = lazyPage(withBeyondLogin(() => import('@/features/print/pages/purchase-return-print-page')));
const SupplierStatementPrintPage = lazyPage(withBeyondLogin(() => import('@/features/print/pages/supplier-statement-print-page')));

export const router = createBrowserRouter([
  ...LOGIN_SCREEN_PATHS.map((path) => ({ path, element: loginScreen, errorElement: <ErrorPage /> })),
  { path: PRINT_PAGES.comparison, element: <RequireAuth>{page(<ComparisonPrintPage />)}</RequireAuth>, errorElement: <ErrorPage /> },
  { path: PRINT_PAGES.purchaseOrder, element: <RequireAuth>{page(<PurchaseOrderPrintPage />)}</RequireAuth>, errorElement: <ErrorPage /> },
  { path: PRINT_PAGES.purchaseReturn, element: <RequireAuth>{page(<PurchaseReturnPrintPage />)}</RequireAuth>, errorElement: <ErrorPage /> },
  {
    path: PRINT_PAGES.supplierStatement,
    element: <RequireAuth>{page(<SupplierStatementPrintPage />)}</RequireAuth>,
    errorElement: <ErrorPage />,
  },
  { path: '/portal/*', element: <PortalDocument />, errorElement: <ErrorPage /> },
  {
    path: '/*',
    element: <RequireAuth>{page(<ShellLayout />)}</RequireAuth>,
    errorElement: <ErrorPage />,
  },
]);

setNavigator((to, options) => router.navigate(to, options));

/**
 * Each page's last path is remembered when the router has it, not when the page renders: a
 * navigation renders in a transition, and a tab closed before that render would lose the filters
 * the URL already holds.
 */
const rememberPath = ({ location }: { location: { pathname: string; search: string } }) => lastPaths.remember(location.pathname + location.search);
rememberPath(router.state);
router.subscribe(rememberPath);
setShellPrefetch(prefetchShell);
// After the document's own stylesheets: antd's whole one must not compete with the login's part of it.
if (openedOnLoginScreen()) stylesheetsLoaded().then(prefetchWhenIdle);

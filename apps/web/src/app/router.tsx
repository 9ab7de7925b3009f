import { type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { setNavigator } from '../shared/http/navigation';
import { session } from '../shared/session/session';
import { lazyPage } from '../shared/navigation/lazy-page';
// The login screen ships in the entry chunk: no second round trip before the form shows.
import LoginPage from '../features/auth/pages/login-page';
import { ErrorPage } from './error-page';

const loadShell = () => import('./shell/shell-layout');
const ShellLayout = lazyPage(loadShell);

/** While the user types, fetch the shell and the landing page so the workbench appears at once. */
function prefetchShell() {
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  idle(() => {
    loadShell().catch(() => {});
    import('../features/workbench/pages/workbench-page').catch(() => {});
  });
}

/** Seed §2: without authorization the shell redirects to /login, replacing the history entry. */
function RequireAuth({ children }: { children: ReactNode }) {
  return session.isAuthorized() ? children : <Navigate to="/login" replace />;
}

const page = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

export const router = createBrowserRouter([
  { path: '/', element: page(<LoginPage />), errorElement: <ErrorPage /> },
  { path: '/login', element: page(<LoginPage />), errorElement: <ErrorPage /> },
  {
    path: '/*',
    element: <RequireAuth>{page(<ShellLayout />)}</RequireAuth>,
    errorElement: <ErrorPage />,
  },
]);

setNavigator((to, options) => router.navigate(to, options));
if (window.location.pathname === '/' || window.location.pathname === '/login') prefetchShell();

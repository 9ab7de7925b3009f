import { type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { setNavigator } from '../shared/http/navigation';
import { session } from '../shared/session/session';
import { lazyPage } from '../shared/navigation/lazy-page';
import { ErrorPage } from './error-page';

const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'));
const ShellLayout = lazyPage(() => import('./shell/shell-layout'));

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

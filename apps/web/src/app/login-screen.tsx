import { LOGIN_SCREEN_PATHS } from '@scm/contract';
import { Suspense } from 'react';
// The login screen ships in the first screen's chunk, with the router: no further round trip before the form works.
import LoginPage from '@/features/auth/pages/login-page';

/** The element of the login addresses: the router's, and the one rendered into login.html at build time. */
export const loginScreen = (
  <Suspense fallback={null}>
    <LoginPage />
  </Suspense>
);

/** Whether the document was opened at an address of the login screen. */
export const openedOnLoginScreen = () => LOGIN_SCREEN_PATHS.includes(window.location.pathname);

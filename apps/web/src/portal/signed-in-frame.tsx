import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { seedFirstRead } from './api/rfq';
import { PortalFrame } from './components/portal-frame';
import { ToastHost } from './components/toasts';
import { portalQueryClient } from './query-client';

// The addressed page's first read, asked for as the entry ran, is in the cache before the page renders.
seedFirstRead();

/**
 * What every signed-in portal page shares: the toasts the HTTP client and the write hooks show, the
 * query cache and the frame. The forms' checks come later, with zod (`api/request-checks.ts`). A chunk of its own, so the sign-in and activation screens load none
 * of it (docs/web-guide.md, "Portal").
 */
export default function SignedInFrame() {
  return (
    <QueryClientProvider client={portalQueryClient}>
      <ToastHost />
      <PortalFrame>
        <Outlet />
      </PortalFrame>
    </QueryClientProvider>
  );
}

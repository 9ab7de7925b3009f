import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { portalSession } from '@/shared/session/portal-session';
import { prefetchRfqPage } from './api/rfq';
import { PortalFrame } from './components/portal-frame';
import { portalQueryClient } from './query-client';

// The addressed page's first request starts as soon as this chunk runs, beside the page's own chunk.
if (portalSession.isSignedIn()) prefetchRfqPage(window.location.pathname, window.location.search);

/**
 * What every signed-in portal page shares: the query cache and the frame. A chunk of its own, so the
 * sign-in and activation screens load neither (docs/web-guide.md, "Portal").
 */
export default function SignedInFrame() {
  return (
    <QueryClientProvider client={portalQueryClient}>
      <PortalFrame>
        <Outlet />
      </PortalFrame>
    </QueryClientProvider>
  );
}

import { QueryClient } from '@tanstack/react-query';

/** The portal's server state, apart from the back office's: signing out of one never shows the other's data. */
export const portalQueryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

import { QueryClient } from '@tanstack/react-query';

/** Server state of the signed-in shell; cleared on logout. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

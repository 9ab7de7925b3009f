import { endpointAt, PORTAL_PATHS, type portalApi } from '@scm/contract';
import { callApi } from '@/shared/http/api';
import { portalSession } from '@/shared/session/portal-session';
import { portalQueryClient } from '@/portal/query-client';

/** Ends the session on the server, then forgets it here whatever the answer (an expired token is gone either way). */
export async function portalSignOut(): Promise<void> {
  try {
    await callApi(endpointAt<typeof portalApi.logout>(PORTAL_PATHS.logout), {});
  } catch {
    // Nothing left to end on the server; the local session goes below.
  }
  portalSession.clear();
  portalQueryClient.clear();
}

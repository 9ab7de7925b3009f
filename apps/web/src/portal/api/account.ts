import { type EndpointBody, portalApi } from '@scm/contract';
import { callApi } from '@/shared/http/api';
import { useApiMutation } from '@/shared/http/hooks';
import { portalSession } from '@/shared/session/portal-session';
import { portalQueryClient } from '@/portal/query-client';

type OnError = (error: unknown) => boolean;

/** Signs in, then keeps who signed in for the header; resolves when the portal may open. */
export async function portalSignIn(body: EndpointBody<typeof portalApi.login>): Promise<void> {
  const { token } = await callApi(portalApi.login, body);
  portalSession.setToken(token);
  const account = await callApi(portalApi.accountInfo, {});
  portalSession.setAccount({ name: account.name, email: account.email, supplierName: account.supplierName });
}

/** Ends the session on the server, then forgets it here whatever the answer (an expired token is gone either way). */
export async function portalSignOut(): Promise<void> {
  try {
    await callApi(portalApi.logout, {});
  } catch {
    // Nothing left to end on the server; the local session goes below.
  }
  portalSession.clear();
  portalQueryClient.clear();
}

export const useActivateAccount = (onError?: OnError) => useApiMutation(portalApi.activate, { onError });

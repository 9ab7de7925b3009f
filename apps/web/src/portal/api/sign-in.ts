import { type EndpointBody, type EndpointData, PORTAL_PATHS, type portalApi } from '@scm/contract';
import { callPath } from '@/shared/http/api';
import { portalSession } from '@/shared/session/portal-session';

// By path with the contract's types only: the sign-in and activation screens load no schema library
// and no query cache (docs/web-guide.md, "Portal").

/** Signs in, then keeps who signed in for the header; resolves when the portal may open. */
export async function portalSignIn(body: EndpointBody<typeof portalApi.login>): Promise<void> {
  const { token } = await callPath<EndpointData<typeof portalApi.login>>(PORTAL_PATHS.login, body);
  portalSession.setToken(token);
  const account = await callPath<EndpointData<typeof portalApi.accountInfo>>(PORTAL_PATHS.accountInfo, {});
  portalSession.setAccount({ name: account.name, email: account.email, supplierName: account.supplierName });
}

/** Whom a one-time activation link is for: the contact, the e-mail and the company. */
export const activationInfo = (body: EndpointBody<typeof portalApi.activationInfo>) =>
  callPath<EndpointData<typeof portalApi.activationInfo>>(PORTAL_PATHS.activationInfo, body);

/** Sets the first password through a one-time activation link. */
export const activateAccount = (body: EndpointBody<typeof portalApi.activate>) =>
  callPath<EndpointData<typeof portalApi.activate>>(PORTAL_PATHS.activate, body);

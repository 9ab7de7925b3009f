import { clarificationApi, portalAccountApi, portalApi } from '@scm/contract';
import { defineRoute, portalRoute, publicRoute } from '../../lib/http/route';
import { createPortalAccount, listPortalAccounts, reissueActivation, setPortalAccountEnabled } from './accounts';
import { answerClarification, listClarifications } from '../procurement-task/clarification';
import { portalRfqRoutes } from './rfq';
import { activatePortalAccount, portalAccountInfo, portalActivationInfo, portalLogin, portalLogout } from './session';

const PORTAL_ADMIN = 'supplierManagement:portal';
const MAINTAIN = 'procurementTaskMaintain';

/** Staff keeping portal accounts and answering clarifications (/api/admin). */
export const portalAdminRoutes = [
  defineRoute({ endpoint: portalAccountApi.create, permission: PORTAL_ADMIN, handler: (input, ctx) => createPortalAccount(ctx, input) }),
  defineRoute({ endpoint: portalAccountApi.list, permission: PORTAL_ADMIN, handler: (input, ctx) => listPortalAccounts(ctx.db, input) }),
  defineRoute({ endpoint: portalAccountApi.disable, permission: PORTAL_ADMIN, handler: (input, ctx) => setPortalAccountEnabled(ctx, input, false) }),
  defineRoute({ endpoint: portalAccountApi.enable, permission: PORTAL_ADMIN, handler: (input, ctx) => setPortalAccountEnabled(ctx, input, true) }),
  defineRoute({ endpoint: portalAccountApi.reissue, permission: PORTAL_ADMIN, handler: (input, ctx) => reissueActivation(ctx, input) }),
  defineRoute({
    endpoint: clarificationApi.list,
    permission: MAINTAIN,
    handler: (input, ctx) => listClarifications(ctx, { user: ctx.user }, input.taskId),
  }),
  defineRoute({
    endpoint: clarificationApi.answer,
    permission: `${MAINTAIN}:quote`,
    handler: (input, ctx) => answerClarification(ctx, { user: ctx.user }, input),
  }),
];

/** The supplier portal's realm (/api/portal): everything scoped by the caller's supplier. */
export const portalRoutes = [
  publicRoute({ endpoint: portalApi.activationInfo, handler: (input, ctx) => portalActivationInfo(ctx, input) }),
  publicRoute({ endpoint: portalApi.activate, handler: (input, ctx) => activatePortalAccount(ctx, input) }),
  publicRoute({ endpoint: portalApi.login, handler: (input, ctx) => portalLogin(ctx, input) }),
  portalRoute({ endpoint: portalApi.logout, handler: (_input, ctx) => portalLogout(ctx) }),
  portalRoute({ endpoint: portalApi.accountInfo, handler: (_input, ctx) => portalAccountInfo(ctx) }),
  ...portalRfqRoutes,
];

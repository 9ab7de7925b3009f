import { workbenchApi } from '@scm/contract';
import { AUTHENTICATED, defineRoute } from '../../lib/http/route';
import { getOverview, recordVisit } from './service';

export const workbenchRoutes = [
  defineRoute({ endpoint: workbenchApi.overview, permission: 'basic', handler: (_input, ctx) => getOverview(ctx) }),
  // Any page may count its opening, so any signed-in user may call it; only held page codes are counted.
  defineRoute({ endpoint: workbenchApi.visit, permission: AUTHENTICATED, handler: (input, ctx) => recordVisit(ctx, input.key) }),
];

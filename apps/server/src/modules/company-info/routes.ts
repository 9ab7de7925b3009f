import { companyInfoApi } from '@scm/contract';
import { AUTHENTICATED, defineRoute } from '../../lib/http/route';
import { getCompanyInfo, updateCompanyInfo } from './service';

export const companyInfoRoutes = [
  defineRoute({ endpoint: companyInfoApi.info, permission: AUTHENTICATED, handler: (_input, ctx) => getCompanyInfo(ctx.db) }),
  defineRoute({ endpoint: companyInfoApi.update, permission: 'companyInfo:edit', handler: (input, ctx) => updateCompanyInfo(ctx, input) }),
];

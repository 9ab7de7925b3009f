import { dataBoardApi } from '@scm/contract';
import { defineRoute } from '../../lib/http/route';
import { getCategoryAmount, getMonthlyAward, getPlanFunnel, getSavingsTrend, getSummary, getSupplierResponse, getTopSuppliers } from './service';

const permission = 'dataBoard';

export const dataBoardRoutes = [
  defineRoute({ endpoint: dataBoardApi.summary, permission, handler: (input, ctx) => getSummary(ctx, input) }),
  defineRoute({ endpoint: dataBoardApi.monthlyAward, permission, handler: (input, ctx) => getMonthlyAward(ctx, input) }),
  defineRoute({ endpoint: dataBoardApi.categoryAmount, permission, handler: (input, ctx) => getCategoryAmount(ctx, input) }),
  defineRoute({ endpoint: dataBoardApi.topSuppliers, permission, handler: (input, ctx) => getTopSuppliers(ctx, input) }),
  defineRoute({ endpoint: dataBoardApi.planFunnel, permission, handler: (input, ctx) => getPlanFunnel(ctx, input) }),
  defineRoute({ endpoint: dataBoardApi.supplierResponse, permission, handler: (input, ctx) => getSupplierResponse(ctx, input) }),
  defineRoute({ endpoint: dataBoardApi.savingsTrend, permission, handler: (input, ctx) => getSavingsTrend(ctx, input) }),
];

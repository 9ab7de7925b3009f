import { freightApi } from '@scm/contract';
import { defineRoute } from '../../lib/http/route';
import { compareFreight, estimateFreightFor } from './service';

export const freightRoutes = [
  defineRoute({ endpoint: freightApi.estimate, permission: 'costCalculate', handler: (input, ctx) => estimateFreightFor(ctx.db, input) }),
  defineRoute({ endpoint: freightApi.compare, permission: 'costCalculate', handler: (input, ctx) => compareFreight(ctx.db, input) }),
];

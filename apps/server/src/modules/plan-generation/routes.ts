import { planningApi } from '@scm/contract';
import { defineRoute } from '../../lib/http/route';
import { generateProcurementTasks } from './service';

export const planGenerationRoutes = [
  defineRoute({
    endpoint: planningApi.generate,
    permission: 'planningTaskList:generate',
    handler: (input, ctx) => generateProcurementTasks(ctx, input),
  }),
];

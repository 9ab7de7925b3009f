import { operationLogApi } from '@scm/contract';
import { defineRoute } from '../../lib/http/route';
import { listOperationLogs, operationLogFilters } from './service';

export const operationLogRoutes = [
  defineRoute({ endpoint: operationLogApi.list, permission: 'operationLog', handler: (input, ctx) => listOperationLogs(ctx, input) }),
  defineRoute({ endpoint: operationLogApi.filters, permission: 'operationLog', handler: (_input, ctx) => operationLogFilters(ctx) }),
];

import { planningApi } from '@scm/contract';
import { defineRoute } from '../../lib/http/route';
import { IMPORT_BODY_LIMIT } from '../../lib/files/xlsx-import';
import { exportPlans } from './export-plans';
import { importPlanLines, lineImportTemplate, planLineImportReport } from './import-lines';
import { approvePlan, rejectPlan, submitPlan } from './approval';
import { getPlan, listPlans } from './queries';
import { createPlan, deletePlan, updatePlan } from './service';
import { cancelPlan, closePlan } from './status';

const PAGE = 'planningTaskList';

export const planningRoutes = [
  defineRoute({ endpoint: planningApi.list, permission: PAGE, handler: (input, ctx) => listPlans(ctx, input) }),
  defineRoute({ endpoint: planningApi.info, permission: 'planningTaskDetail', handler: (input, ctx) => getPlan(ctx, input.id) }),
  defineRoute({ endpoint: planningApi.create, permission: `${PAGE}:create`, handler: (input, ctx) => createPlan(ctx, input) }),
  defineRoute({ endpoint: planningApi.update, permission: `${PAGE}:edit`, handler: (input, ctx) => updatePlan(ctx, input) }),
  defineRoute({ endpoint: planningApi.delete, permission: `${PAGE}:delete`, handler: (input, ctx) => deletePlan(ctx, input) }),
  defineRoute({ endpoint: planningApi.submit, permission: `${PAGE}:submit`, handler: (input, ctx) => submitPlan(ctx, input) }),
  defineRoute({ endpoint: planningApi.approve, permission: `${PAGE}:approve`, handler: (input, ctx) => approvePlan(ctx, input) }),
  defineRoute({ endpoint: planningApi.reject, permission: `${PAGE}:approve`, handler: (input, ctx) => rejectPlan(ctx, input) }),
  defineRoute({ endpoint: planningApi.cancel, permission: `${PAGE}:cancel`, handler: (input, ctx) => cancelPlan(ctx, input) }),
  defineRoute({ endpoint: planningApi.close, permission: `${PAGE}:close`, handler: (input, ctx) => closePlan(ctx, input) }),
  defineRoute({ endpoint: planningApi.importTemplate, permission: `${PAGE}:edit`, handler: () => lineImportTemplate() }),
  defineRoute({
    endpoint: planningApi.importLines,
    permission: `${PAGE}:edit`,
    bodyLimit: IMPORT_BODY_LIMIT,
    handler: (input, ctx) => importPlanLines(ctx, input),
  }),
  defineRoute({
    endpoint: planningApi.importReport,
    permission: `${PAGE}:edit`,
    bodyLimit: IMPORT_BODY_LIMIT,
    handler: (input, ctx) => planLineImportReport(ctx, input),
  }),
  defineRoute({
    endpoint: planningApi.export,
    permission: `${PAGE}:export`,
    handler: async (input, ctx) => exportPlans(ctx, input),
  }),
];

import { procurementTaskApi, quotationApi } from '@scm/contract';
import { defineRoute } from '../../lib/http/route';
import { exportComparison, exportTasks } from './export';
import { openPlanLines } from './plan-link';
import { listTasks, sourcePlanOptions } from './queries';
import { approveAward, awardTask, rejectAward } from './award';
import { declineQuote, estimateQuoteFreight, saveQuote } from './quotation';
import { createTask, deleteTask, getMaintainView, getTask, transitionTask, unsealTask, updateTask } from './service';

const LIST = 'procurementTaskList';
const MAINTAIN = 'procurementTaskMaintain';

export const procurementTaskRoutes = [
  defineRoute({ endpoint: procurementTaskApi.list, permission: LIST, handler: (input, ctx) => listTasks(ctx.db, ctx.user, input, ctx.now()) }),
  defineRoute({ endpoint: procurementTaskApi.planOptions, permission: LIST, handler: (input, ctx) => sourcePlanOptions(ctx.db, ctx.user, input) }),
  defineRoute({
    endpoint: procurementTaskApi.planLines,
    permission: LIST,
    handler: (input, ctx) => openPlanLines(ctx.db, ctx.user, input.planId, input.exceptTaskId),
  }),
  defineRoute({ endpoint: procurementTaskApi.info, permission: LIST, handler: (input, ctx) => getTask(ctx, input.id) }),
  defineRoute({ endpoint: procurementTaskApi.create, permission: `${LIST}:create`, handler: (input, ctx) => createTask(ctx, input) }),
  defineRoute({ endpoint: procurementTaskApi.update, permission: `${LIST}:edit`, handler: (input, ctx) => updateTask(ctx, input) }),
  defineRoute({ endpoint: procurementTaskApi.delete, permission: `${LIST}:delete`, handler: (input, ctx) => deleteTask(ctx, input) }),
  defineRoute({
    endpoint: procurementTaskApi.publish,
    permission: `${LIST}:publish`,
    handler: (input, ctx) => transitionTask(ctx, 'publish', input),
  }),
  defineRoute({
    endpoint: procurementTaskApi.closeQuote,
    permission: `${LIST}:closeQuote`,
    handler: (input, ctx) => transitionTask(ctx, 'close_quote', input),
  }),
  defineRoute({ endpoint: procurementTaskApi.unseal, permission: `${LIST}:unseal`, handler: (input, ctx) => unsealTask(ctx, input) }),
  defineRoute({ endpoint: procurementTaskApi.cancel, permission: `${LIST}:cancel`, handler: (input, ctx) => transitionTask(ctx, 'cancel', input) }),
  defineRoute({
    endpoint: procurementTaskApi.complete,
    permission: `${LIST}:complete`,
    handler: (input, ctx) => transitionTask(ctx, 'complete', input),
  }),
  defineRoute({ endpoint: procurementTaskApi.export, permission: `${LIST}:export`, handler: async (input, ctx) => exportTasks(ctx, input) }),
  defineRoute({ endpoint: procurementTaskApi.compare, permission: MAINTAIN, handler: (input, ctx) => getMaintainView(ctx, input.id) }),
  defineRoute({ endpoint: procurementTaskApi.award, permission: `${MAINTAIN}:award`, handler: (input, ctx) => awardTask(ctx, input) }),
  defineRoute({
    endpoint: procurementTaskApi.approveAward,
    permission: `${MAINTAIN}:approveAward`,
    handler: (input, ctx) => approveAward(ctx, input),
  }),
  defineRoute({
    endpoint: procurementTaskApi.rejectAward,
    permission: `${MAINTAIN}:approveAward`,
    handler: (input, ctx) => rejectAward(ctx, input),
  }),
  defineRoute({
    endpoint: procurementTaskApi.exportCompare,
    permission: `${MAINTAIN}:export`,
    handler: (input, ctx) => exportComparison(ctx, input.id),
  }),
  defineRoute({
    endpoint: quotationApi.save,
    permission: `${MAINTAIN}:quote`,
    handler: async (input, ctx) => ({ id: (await saveQuote(ctx, { user: ctx.user }, input)).id }),
  }),
  defineRoute({
    endpoint: quotationApi.decline,
    permission: `${MAINTAIN}:quote`,
    handler: (input, ctx) => declineQuote(ctx, { user: ctx.user }, input),
  }),
  defineRoute({
    endpoint: quotationApi.estimateFreight,
    permission: `${MAINTAIN}:quote`,
    handler: (input, ctx) => estimateQuoteFreight(ctx, { user: ctx.user }, input),
  }),
];

import { priceTemplateApi } from '@scm/contract';
import { AUTHENTICATED, defineRoute } from '../../lib/http/route';
import { exportPriceTemplates } from './export-templates';
import {
  copyPriceTemplate,
  createPriceTemplate,
  deletePriceTemplate,
  getPriceTemplate,
  listPriceTemplates,
  priceTemplateOptions,
  setPriceTemplateStatus,
  updatePriceTemplate,
} from './service';

export const priceTemplateRoutes = [
  defineRoute({ endpoint: priceTemplateApi.list, permission: 'priceModel', handler: (input, ctx) => listPriceTemplates(ctx, input) }),
  defineRoute({ endpoint: priceTemplateApi.info, permission: 'priceModel', handler: (input, ctx) => getPriceTemplate(ctx, input.id) }),
  defineRoute({
    endpoint: priceTemplateApi.options,
    permission: AUTHENTICATED,
    handler: (input, ctx) => priceTemplateOptions(ctx, input),
  }),
  defineRoute({ endpoint: priceTemplateApi.create, permission: 'priceModel:create', handler: (input, ctx) => createPriceTemplate(ctx, input) }),
  defineRoute({ endpoint: priceTemplateApi.copy, permission: 'priceModel:create', handler: (input, ctx) => copyPriceTemplate(ctx, input.id) }),
  defineRoute({ endpoint: priceTemplateApi.update, permission: 'priceModel:edit', handler: (input, ctx) => updatePriceTemplate(ctx, input) }),
  defineRoute({
    endpoint: priceTemplateApi.enable,
    permission: 'priceModel:edit',
    handler: (input, ctx) => setPriceTemplateStatus(ctx, input, 'enable'),
  }),
  defineRoute({
    endpoint: priceTemplateApi.disable,
    permission: 'priceModel:edit',
    handler: (input, ctx) => setPriceTemplateStatus(ctx, input, 'disable'),
  }),
  defineRoute({ endpoint: priceTemplateApi.delete, permission: 'priceModel:delete', handler: (input, ctx) => deletePriceTemplate(ctx, input) }),
  defineRoute({
    endpoint: priceTemplateApi.export,
    permission: 'priceModel:export',
    handler: async (input, ctx) => exportPriceTemplates(ctx, input),
  }),
];

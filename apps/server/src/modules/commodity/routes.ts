import { commodityApi } from '@scm/contract';
import { AUTHENTICATED, defineRoute } from '../../lib/http/route';
import { IMPORT_BODY_LIMIT } from '../../lib/files/xlsx-import';
import { exportCommodities } from './export-commodities';
import { commodityImportReport, importCommodities, importTemplate } from './import-commodities';
import { commodityOptions } from './queries';
import { listCommodities } from './search/list';
import { createCommodity, deleteCommodity, getCommodity, setCommodityStatus, updateCommodity } from './service';

const PAGE = 'commodityList';

export const commodityRoutes = [
  defineRoute({ endpoint: commodityApi.list, permission: PAGE, handler: (input, ctx) => listCommodities(ctx.db, input) }),
  defineRoute({ endpoint: commodityApi.options, permission: AUTHENTICATED, handler: (input, ctx) => commodityOptions(ctx.db, input) }),
  defineRoute({ endpoint: commodityApi.info, permission: PAGE, handler: (input, ctx) => getCommodity(ctx, input.id) }),
  defineRoute({ endpoint: commodityApi.create, permission: `${PAGE}:create`, handler: (input, ctx) => createCommodity(ctx, input) }),
  defineRoute({
    endpoint: commodityApi.update,
    permission: `${PAGE}:edit`,
    guards: { status: `${PAGE}:status` },
    handler: (input, ctx) => updateCommodity(ctx, input),
  }),
  defineRoute({ endpoint: commodityApi.delete, permission: `${PAGE}:delete`, handler: (input, ctx) => deleteCommodity(ctx, input) }),
  defineRoute({
    endpoint: commodityApi.enable,
    permission: `${PAGE}:status`,
    handler: (input, ctx) => setCommodityStatus(ctx, input, 'enable'),
  }),
  defineRoute({
    endpoint: commodityApi.disable,
    permission: `${PAGE}:status`,
    handler: (input, ctx) => setCommodityStatus(ctx, input, 'disable'),
  }),
  defineRoute({ endpoint: commodityApi.importTemplate, permission: `${PAGE}:import`, handler: () => importTemplate() }),
  defineRoute({
    endpoint: commodityApi.import,
    permission: `${PAGE}:import`,
    bodyLimit: IMPORT_BODY_LIMIT,
    handler: (input, ctx) => importCommodities(ctx, input),
  }),
  defineRoute({
    endpoint: commodityApi.importReport,
    permission: `${PAGE}:import`,
    bodyLimit: IMPORT_BODY_LIMIT,
    handler: (input, ctx) => commodityImportReport(ctx, input),
  }),
  defineRoute({ endpoint: commodityApi.export, permission: `${PAGE}:export`, handler: async (input, ctx) => exportCommodities(ctx, input) }),
];

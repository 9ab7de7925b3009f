import { warehouseApi } from '@scm/contract';
import { AUTHENTICATED, defineRoute } from '../../lib/http/route';
import { exportWarehouses } from './export';
import { listWarehouses, warehouseOptions } from './queries';
import { createWarehouse, deleteWarehouse, getWarehouse, setWarehouseStatus, updateWarehouse } from './service';

const PAGE = 'warehouse';

export const warehouseRoutes = [
  defineRoute({ endpoint: warehouseApi.list, permission: PAGE, handler: (input, ctx) => listWarehouses(ctx.db, input) }),
  defineRoute({ endpoint: warehouseApi.options, permission: AUTHENTICATED, handler: (_input, ctx) => warehouseOptions(ctx.db) }),
  defineRoute({ endpoint: warehouseApi.info, permission: PAGE, handler: (input, ctx) => getWarehouse(ctx.db, input.id) }),
  defineRoute({ endpoint: warehouseApi.create, permission: `${PAGE}:create`, handler: (input, ctx) => createWarehouse(ctx, input) }),
  defineRoute({ endpoint: warehouseApi.update, permission: `${PAGE}:edit`, handler: (input, ctx) => updateWarehouse(ctx, input) }),
  defineRoute({ endpoint: warehouseApi.enable, permission: `${PAGE}:status`, handler: (input, ctx) => setWarehouseStatus(ctx, input, 'enable') }),
  defineRoute({ endpoint: warehouseApi.disable, permission: `${PAGE}:status`, handler: (input, ctx) => setWarehouseStatus(ctx, input, 'disable') }),
  defineRoute({ endpoint: warehouseApi.delete, permission: `${PAGE}:edit`, handler: (input, ctx) => deleteWarehouse(ctx, input) }),
  defineRoute({ endpoint: warehouseApi.export, permission: PAGE, handler: async (input, ctx) => exportWarehouses(ctx, input) }),
];

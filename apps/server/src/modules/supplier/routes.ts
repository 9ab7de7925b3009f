import { supplierApi } from '@scm/contract';
import { AUTHENTICATED, defineRoute } from '../../lib/http/route';
import { exportSuppliers } from './export-suppliers';
import { listSuppliers, supplierOptions } from './queries';
import { createSupplier, deleteSupplier, getSupplier, setSupplierStatus, updateSupplier } from './service';

const PAGE = 'supplierManagement';

export const supplierRoutes = [
  defineRoute({ endpoint: supplierApi.list, permission: PAGE, handler: (input, ctx) => listSuppliers(ctx.db, ctx.user, input) }),
  defineRoute({ endpoint: supplierApi.options, permission: AUTHENTICATED, handler: (input, ctx) => supplierOptions(ctx.db, input) }),
  defineRoute({ endpoint: supplierApi.info, permission: PAGE, handler: (input, ctx) => getSupplier(ctx, input.id) }),
  defineRoute({ endpoint: supplierApi.create, permission: `${PAGE}:create`, handler: (input, ctx) => createSupplier(ctx, input) }),
  defineRoute({
    endpoint: supplierApi.update,
    permission: `${PAGE}:edit`,
    guards: { status: `${PAGE}:status` },
    handler: (input, ctx) => updateSupplier(ctx, input),
  }),
  defineRoute({ endpoint: supplierApi.status, permission: `${PAGE}:status`, handler: (input, ctx) => setSupplierStatus(ctx, input) }),
  defineRoute({ endpoint: supplierApi.delete, permission: `${PAGE}:delete`, handler: (input, ctx) => deleteSupplier(ctx, input) }),
  defineRoute({ endpoint: supplierApi.export, permission: `${PAGE}:export`, handler: async (input, ctx) => exportSuppliers(ctx, input) }),
];

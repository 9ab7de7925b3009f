import { categoryApi } from '@scm/contract';
import { AUTHENTICATED, defineRoute } from '../../lib/http/route';
import {
  categoryOptions,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  moveCategory,
  setCategoryStatus,
  updateCategory,
} from './service';

const PAGE = 'commodityClassification';

export const categoryRoutes = [
  defineRoute({ endpoint: categoryApi.list, permission: PAGE, handler: (input, ctx) => listCategories(ctx, input) }),
  defineRoute({ endpoint: categoryApi.options, permission: AUTHENTICATED, handler: (_input, ctx) => categoryOptions(ctx) }),
  defineRoute({ endpoint: categoryApi.info, permission: PAGE, handler: (input, ctx) => getCategory(ctx, input.id) }),
  defineRoute({ endpoint: categoryApi.create, permission: `${PAGE}:create`, handler: (input, ctx) => createCategory(ctx, input) }),
  defineRoute({ endpoint: categoryApi.update, permission: `${PAGE}:edit`, handler: (input, ctx) => updateCategory(ctx, input) }),
  defineRoute({ endpoint: categoryApi.move, permission: `${PAGE}:edit`, handler: (input, ctx) => moveCategory(ctx, input) }),
  defineRoute({
    endpoint: categoryApi.enable,
    permission: `${PAGE}:edit`,
    handler: (input, ctx) => setCategoryStatus(ctx, input, 'enable'),
  }),
  defineRoute({
    endpoint: categoryApi.disable,
    permission: `${PAGE}:edit`,
    handler: (input, ctx) => setCategoryStatus(ctx, input, 'disable'),
  }),
  defineRoute({ endpoint: categoryApi.delete, permission: `${PAGE}:delete`, handler: (input, ctx) => deleteCategory(ctx, input) }),
];

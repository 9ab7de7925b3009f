import { menuApi } from '@scm/contract';
import { defineRoute } from '../../lib/http/route';
import { createMenuAction, deleteMenu, listMenus, updateMenu } from './service';

export const menuRoutes = [
  defineRoute({ endpoint: menuApi.list, permission: 'menuManagement', handler: (_input, ctx) => listMenus(ctx) }),
  defineRoute({ endpoint: menuApi.update, permission: 'menuManagement:edit', handler: (input, ctx) => updateMenu(ctx, input) }),
  defineRoute({ endpoint: menuApi.createAction, permission: 'menuManagement:edit', handler: (input, ctx) => createMenuAction(ctx, input) }),
  defineRoute({ endpoint: menuApi.delete, permission: 'menuManagement:edit', handler: (input, ctx) => deleteMenu(ctx, input) }),
];

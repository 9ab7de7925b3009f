import { backUserApi } from '@scm/contract';
import { AUTHENTICATED, defineRoute } from '../../lib/http/route';
import { backUserOptions, createBackUser, deleteBackUser, listBackUsers, resetBackUserPassword, setBackUserStatus, updateBackUser } from './service';

export const backUserRoutes = [
  defineRoute({ endpoint: backUserApi.list, permission: 'userManagement', handler: (input, ctx) => listBackUsers(ctx, input) }),
  defineRoute({ endpoint: backUserApi.options, permission: AUTHENTICATED, handler: (input, ctx) => backUserOptions(ctx, input) }),
  defineRoute({
    endpoint: backUserApi.create,
    permission: 'userManagement:create',
    grants: 'role',
    handler: (input, ctx) => createBackUser(ctx, input),
  }),
  defineRoute({
    endpoint: backUserApi.update,
    permission: 'userManagement:edit',
    grants: 'role',
    handler: (input, ctx) => updateBackUser(ctx, input),
  }),
  defineRoute({
    endpoint: backUserApi.enable,
    permission: 'userManagement:status',
    handler: (input, ctx) => setBackUserStatus(ctx, input, 'enable'),
  }),
  defineRoute({
    endpoint: backUserApi.disable,
    permission: 'userManagement:status',
    handler: (input, ctx) => setBackUserStatus(ctx, input, 'disable'),
  }),
  defineRoute({
    endpoint: backUserApi.resetPassword,
    permission: 'userManagement:resetPassword',
    handler: (input, ctx) => resetBackUserPassword(ctx, input),
  }),
  defineRoute({ endpoint: backUserApi.delete, permission: 'userManagement:delete', handler: (input, ctx) => deleteBackUser(ctx, input) }),
];

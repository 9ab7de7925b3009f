import { roleApi } from '@scm/contract';
import { AUTHENTICATED, defineRoute } from '../../lib/http/route';
import { createRole, deleteRole, getRoleDetail, listRoles, roleOptions, setRoleStatus, updateRole, updateRolePermissions } from './service';

export const roleRoutes = [
  defineRoute({ endpoint: roleApi.list, permission: 'roleManagement', handler: (input, ctx) => listRoles(ctx, input) }),
  defineRoute({ endpoint: roleApi.options, permission: AUTHENTICATED, handler: (_input, ctx) => roleOptions(ctx) }),
  defineRoute({ endpoint: roleApi.detail, permission: 'roleManagement', handler: (input, ctx) => getRoleDetail(ctx, input.id) }),
  defineRoute({ endpoint: roleApi.create, permission: 'roleManagement:create', grants: 'codes', handler: (input, ctx) => createRole(ctx, input) }),
  defineRoute({ endpoint: roleApi.update, permission: 'roleManagement:edit', handler: (input, ctx) => updateRole(ctx, input) }),
  defineRoute({
    endpoint: roleApi.updatePermissions,
    permission: 'roleManagement:edit',
    grants: 'codes',
    handler: (input, ctx) => updateRolePermissions(ctx, input),
  }),
  defineRoute({ endpoint: roleApi.enable, permission: 'roleManagement:edit', handler: (input, ctx) => setRoleStatus(ctx, input, 'enable') }),
  defineRoute({ endpoint: roleApi.disable, permission: 'roleManagement:edit', handler: (input, ctx) => setRoleStatus(ctx, input, 'disable') }),
  defineRoute({ endpoint: roleApi.delete, permission: 'roleManagement:delete', handler: (input, ctx) => deleteRole(ctx, input) }),
];

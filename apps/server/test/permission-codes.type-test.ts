import { authApi } from '@scm/contract';
import { defineRoute } from '../src/lib/http/route';

// Checked by the typecheck, never run: permission codes are a type (docs/how-to.md, "A permission
// code"), so a misspelt one fails `tsc`. Were `permission` a plain string, the directive below would
// be unused and that would fail `tsc` instead.
export const misspeltCode = () =>
  defineRoute({
    endpoint: authApi.logout,
    // @ts-expect-error 'planningTaskList:aprove' is not a permission code
    permission: 'planningTaskList:aprove',
    handler: async () => null,
  });

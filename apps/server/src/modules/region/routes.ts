import { regionApi } from '@scm/contract';
import { AUTHENTICATED, defineRoute } from '../../lib/http/route';
import { regionTree } from './regions';

export const regionRoutes = [defineRoute({ endpoint: regionApi.tree, permission: AUTHENTICATED, handler: async () => regionTree() })];

import { dictItemApi, dictTypeApi } from '@scm/contract';
import { AUTHENTICATED, defineRoute } from '../../lib/http/route';
import { exportDictionary } from './export-dictionary';
import {
  createDictItem,
  createDictType,
  deleteDictItem,
  deleteDictType,
  dictionaryBundle,
  getDictionaryVersion,
  getDictItem,
  getDictTypeByCode,
  listDictItems,
  listDictTypes,
  setDictItemStatus,
  setDictTypeStatus,
  updateDictItem,
  updateDictType,
} from './service';

export const dictionaryRoutes = [
  defineRoute({ endpoint: dictTypeApi.list, permission: 'dataDictionary', handler: (input, ctx) => listDictTypes(ctx, input) }),
  defineRoute({ endpoint: dictTypeApi.info, permission: 'dataDictionaryDetail', handler: (input, ctx) => getDictTypeByCode(ctx, input.code) }),
  defineRoute({ endpoint: dictTypeApi.create, permission: 'dataDictionary:create', handler: (input, ctx) => createDictType(ctx, input) }),
  defineRoute({ endpoint: dictTypeApi.update, permission: 'dataDictionary:edit', handler: (input, ctx) => updateDictType(ctx, input) }),
  defineRoute({ endpoint: dictTypeApi.enable, permission: 'dataDictionary:edit', handler: (input, ctx) => setDictTypeStatus(ctx, input, 'enable') }),
  defineRoute({
    endpoint: dictTypeApi.disable,
    permission: 'dataDictionary:edit',
    handler: (input, ctx) => setDictTypeStatus(ctx, input, 'disable'),
  }),
  defineRoute({ endpoint: dictTypeApi.delete, permission: 'dataDictionary:delete', handler: (input, ctx) => deleteDictType(ctx, input) }),
  defineRoute({ endpoint: dictTypeApi.export, permission: 'dataDictionary:export', handler: async (input, ctx) => exportDictionary(ctx, input) }),
  defineRoute({ endpoint: dictTypeApi.options, permission: AUTHENTICATED, handler: (_input, ctx) => dictionaryBundle(ctx) }),
  defineRoute({
    endpoint: dictTypeApi.version,
    permission: AUTHENTICATED,
    handler: async (_input, ctx) => ({ version: await getDictionaryVersion(ctx.db) }),
  }),
  defineRoute({ endpoint: dictItemApi.list, permission: 'dataDictionaryDetail', handler: (input, ctx) => listDictItems(ctx, input) }),
  defineRoute({ endpoint: dictItemApi.info, permission: 'dataDictionaryDetail', handler: (input, ctx) => getDictItem(ctx, input.id) }),
  defineRoute({ endpoint: dictItemApi.create, permission: 'dataDictionaryDetail:edit', handler: (input, ctx) => createDictItem(ctx, input) }),
  defineRoute({ endpoint: dictItemApi.update, permission: 'dataDictionaryDetail:edit', handler: (input, ctx) => updateDictItem(ctx, input) }),
  defineRoute({
    endpoint: dictItemApi.enable,
    permission: 'dataDictionaryDetail:edit',
    handler: (input, ctx) => setDictItemStatus(ctx, input, 'enable'),
  }),
  defineRoute({
    endpoint: dictItemApi.disable,
    permission: 'dataDictionaryDetail:edit',
    handler: (input, ctx) => setDictItemStatus(ctx, input, 'disable'),
  }),
  defineRoute({ endpoint: dictItemApi.delete, permission: 'dataDictionaryDetail:edit', handler: (input, ctx) => deleteDictItem(ctx, input) }),
];

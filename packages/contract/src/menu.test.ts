import { describe, expect, it } from 'vitest';
import { buildMenuTree, filterMenuByPermission, findMenuByPath, findParentOf, seedMenuRecords } from './menu';

const tree = buildMenuTree(seedMenuRecords());

describe('seed menu', () => {
  it('has the 23 entries of ids 80–102 with their keys and paths', () => {
    const rows = seedMenuRecords().filter((r) => r.id >= 80 && r.id <= 102);
    expect(rows).toHaveLength(23);
    expect(rows.find((r) => r.key === 'dataBoard')).toMatchObject({ parentId: null, path: '/dataBoard', type: 'page' });
    expect(rows.find((r) => r.key === 'procurementTaskMaintain')).toMatchObject({ isMenu: false, parentId: 85 });
    expect(new Set(seedMenuRecords().map((r) => r.id)).size).toBe(seedMenuRecords().length);
  });
});

describe('permission filter', () => {
  it('keeps an entry whose key is listed, and a group when any child is kept', () => {
    const filtered = filterMenuByPermission(tree, ['commodityList', 'dataBoard']);
    expect(filtered.map((e) => e.key)).toEqual(['commodityManagement', 'dataBoard']);
    expect(filtered[0].children?.map((e) => e.key)).toEqual(['commodityList']);
  });

  it('drops a group whose children are all filtered out even when the group code is held', () => {
    const filtered = filterMenuByPermission(tree, ['planningManagement']);
    expect(filtered.map((e) => e.key)).toEqual(['planningManagement']);
    expect(filtered[0].children).toEqual([]);
  });

  it('ignores action codes', () => {
    expect(filterMenuByPermission(tree, ['supplierManagement:edit'])).toEqual([]);
  });

  it('finds the entry of a path (query ignored) and its group', () => {
    expect(findMenuByPath(tree, '/basicData/dataDictionaryDetail?code=unit')?.key).toBe('dataDictionaryDetail');
    expect(findMenuByPath(tree, '/basicData')).toBeUndefined();
    expect(findParentOf(tree, 'priceModel')?.label).toBe('基础数据');
  });
});

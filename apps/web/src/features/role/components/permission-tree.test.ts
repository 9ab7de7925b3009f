import { seedMenuRecords } from '@scm/contract';
import { describe, expect, it } from 'vitest';
import { buildPermissionTree, codesFromChecked, containerKey, leafKeys } from './permission-tree';

const tree = buildPermissionTree(seedMenuRecords());

describe('permission tree', () => {
  it('has one leaf per grantable page or action code, with pages that have actions as containers', () => {
    const leaves = leafKeys(tree);
    expect(leaves).toContain('supplierManagement');
    expect(leaves).toContain('supplierManagement:edit');
    expect(leaves).toContain('dataBoard');
    expect(leaves).not.toContain('procurementManagement');
    const procurement = tree.find((n) => n.key === 'procurementManagement');
    const supplier = procurement?.children?.find((n) => n.key === containerKey('supplierManagement'));
    expect(supplier?.children?.[0]).toMatchObject({ key: 'supplierManagement', kind: 'view', title: '访问页面' });
  });

  it('turns checked leaves into codes, adding the groups that hold them and never the containers', () => {
    const codes = codesFromChecked(tree, new Set(['supplierManagement', 'supplierManagement:edit', 'basic', containerKey('x')]));
    expect(codes).toEqual(['basic', 'dashboard', 'procurementManagement', 'supplierManagement', 'supplierManagement:edit']);
  });

  it('gives every code of the seed when everything is checked', () => {
    const all = codesFromChecked(tree, new Set(leafKeys(tree)));
    expect(all).toEqual(
      seedMenuRecords()
        .map((r) => r.key)
        .sort(),
    );
  });
});

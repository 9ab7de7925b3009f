import type { MenuRecord } from '@scm/contract';

export interface PermissionNode {
  key: string;
  title: string;
  disabledMenu: boolean;
  kind: 'group' | 'page' | 'view' | 'action';
  children?: PermissionNode[];
}

/** A page that has actions becomes a container: its own code is the "访问页面" leaf beside the actions. */
export const containerKey = (pageKey: string) => `${pageKey}#page`;
const isContainer = (key: string) => key.endsWith('#page');

/**
 * The whole menu table as a checkable tree: groups hold pages, pages hold their actions. Every code
 * is a leaf, so checking a page's actions never grants (or hides) the page itself by accident.
 */
export function buildPermissionTree(records: MenuRecord[]): PermissionNode[] {
  const byParent = new Map<number | null, MenuRecord[]>();
  for (const record of records) {
    const siblings = byParent.get(record.parentId) ?? [];
    siblings.push(record);
    byParent.set(record.parentId, siblings);
  }
  const children = (id: number | null) => (byParent.get(id) ?? []).sort((a, b) => a.sort - b.sort || a.id - b.id);
  // An entry under a disabled page or group is disabled with it (the server refuses granting either).
  const build = (record: MenuRecord, parentDisabled = false): PermissionNode => {
    const disabledMenu = parentDisabled || record.status !== 'enabled';
    const under = (r: MenuRecord) => build(r, disabledMenu);
    if (record.type === 'action') return { key: record.key, title: record.label, disabledMenu, kind: 'action' };
    if (record.type === 'group')
      return { key: record.key, title: record.label, disabledMenu, kind: 'group', children: children(record.id).map(under) };
    const actions = children(record.id);
    if (actions.length === 0) return { key: record.key, title: record.label, disabledMenu, kind: 'page' };
    return {
      key: containerKey(record.key),
      title: record.label,
      disabledMenu,
      kind: 'page',
      children: [{ key: record.key, title: '访问页面', disabledMenu, kind: 'view' }, ...actions.map(under)],
    };
  };
  return children(null).map((r) => build(r));
}

export function leafKeys(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((node) => (node.children ? leafKeys(node.children) : [node.key]));
}

export function allNodeKeys(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...(node.children ? allNodeKeys(node.children) : [])]);
}

/** The codes a checked tree stands for: the checked leaves plus every group with something checked inside. */
export function codesFromChecked(tree: PermissionNode[], checked: ReadonlySet<string>): string[] {
  const codes: string[] = [];
  const visit = (node: PermissionNode): boolean => {
    if (!node.children) {
      if (checked.has(node.key)) codes.push(node.key);
      return checked.has(node.key);
    }
    const any = node.children.map(visit).some(Boolean);
    if (any && !isContainer(node.key)) codes.push(node.key);
    return any;
  };
  tree.forEach(visit);
  return codes.sort();
}

/** The page code an action belongs to ("supplierManagement:edit" → "supplierManagement"). */
export const pageOfAction = (key: string) => (key.includes(':') ? key.slice(0, key.indexOf(':')) : undefined);

import type { Role } from '@scm/contract';
import { Alert, Button, Drawer, Empty, Space, Spin, Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { useSession } from '@/shared/session/use-session';
import { useMenuRecords, useRoleDetail, useUpdateRolePermissions } from '@/features/role/api/role';
import { useMyRole } from './use-my-role';
import { allNodeKeys, buildPermissionTree, codesFromChecked, leafKeys, type PermissionNode, pageOfAction } from './permission-tree';

interface Props {
  role?: Role;
  onClose: () => void;
}

const kindLabel: Record<PermissionNode['kind'], string> = { group: '目录', page: '页面', view: '页面', action: '操作' };

/**
 * A code the signed-in user does not hold (the grant ceiling), or whose menu entry is disabled,
 * cannot be given: its box is disabled.
 */
function toTreeData(nodes: PermissionNode[], grantable: (code: string) => boolean): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    disableCheckbox: !node.children && (!grantable(node.key) || node.disabledMenu),
    title: (
      <Space size={6}>
        <span data-code={node.key}>{node.title}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {kindLabel[node.kind]}
        </Typography.Text>
        {node.disabledMenu && <Tag>菜单已停用</Tag>}
        {!node.children && !grantable(node.key) && <Tag>你没有此权限</Tag>}
      </Space>
    ),
    children: node.children ? toTreeData(node.children, grantable) : undefined,
  }));
}

/** The permission editor: the whole menu tree with half-checked parents; saving sends the role's full code list. */
export function PermissionDrawer({ role, onClose }: Props) {
  const detail = useRoleDetail(role?.id);
  const menus = useMenuRecords(role?.id);
  const save = useUpdateRolePermissions({ onSuccess: onClose });
  const tree = useMemo(() => buildPermissionTree(menus.data?.menus ?? []), [menus.data]);
  const leaves = useMemo(() => new Set(leafKeys(tree)), [tree]);
  const held = useSession().codes;
  const { superAdmin } = useMyRole();
  const grantable = useMemo(() => {
    const heldCodes = new Set(held);
    return (code: string) => superAdmin || heldCodes.has(code);
  }, [held, superAdmin]);
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);

  useEffect(() => {
    if (!detail.data || tree.length === 0) return;
    setChecked(detail.data.permissionCodes.filter((code) => leaves.has(code)));
    setExpanded(allNodeKeys(tree));
  }, [detail.data, tree, leaves]);

  const onCheck = (next: { checked: Key[] } | Key[]) => {
    const keys = (Array.isArray(next) ? next : next.checked).map(String);
    // Granting an action grants seeing its page: the action is useless without it.
    const pages = keys.map(pageOfAction).filter((page): page is string => !!page && leaves.has(page) && grantable(page) && !keys.includes(page));
    setChecked([...keys, ...pages]);
  };

  const loading = detail.isLoading || menus.isLoading;
  const codes = codesFromChecked(tree, new Set(checked));

  return (
    <Drawer
      title={role ? `分配权限 · ${role.name}` : '分配权限'}
      open={!!role}
      onClose={onClose}
      width={560}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={() => setChecked([...leaves].filter((code) => grantable(code) || checked.includes(code)))}>全选</Button>
          <Button onClick={() => setChecked(checked.filter((code) => !grantable(code)))}>清空</Button>
        </Space>
      }
      footer={
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text type="secondary">已选 {checked.filter((k) => leaves.has(k)).length} 项权限</Typography.Text>
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button
              type="primary"
              loading={save.isPending}
              disabled={loading || !detail.data}
              onClick={() => role && detail.data && save.mutate({ id: role.id, version: detail.data.version, permissionCodes: codes })}
            >
              保存
            </Button>
          </Space>
        </Space>
      }
    >
      {role?.builtIn && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="超级管理员必须保留角色管理与用户管理权限，系统每次启动时会补齐新增的权限。"
        />
      )}
      {role?.status === 'disabled' && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="该角色已停用，重新启用前这些权限不会生效。" />
      )}
      {loading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : tree.length === 0 ? (
        <Empty description="暂无菜单" />
      ) : (
        <Tree
          checkable
          selectable={false}
          treeData={toTreeData(tree, grantable)}
          checkedKeys={checked}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          onCheck={onCheck}
          data-testid="permission-tree"
        />
      )}
    </Drawer>
  );
}

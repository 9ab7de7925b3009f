import { PlusOutlined } from '@ant-design/icons';
import { DATA_SCOPE_LABELS, DICT, type Role, roleApi, roleListRequest, formatDateTimeSeconds } from '@scm/contract';
import { enablementActionAllowed } from '@scm/contract';
import { Button, Form, Input, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { callApi } from '@/shared/http/api';
import { Can, usePermission } from '@/shared/permission/can';
import { DataTable, type ListColumns } from '@/shared/table/data-table';
import { FilterForm } from '@/shared/table/filter-form';
import { ReasonedButton } from '@/shared/ui/reasoned-button';
import { useUrlQuery } from '@/shared/table/use-url-query';
import { useDeleteRole, useDisableRole, useEnableRole, useRoleList } from '@/features/role/api/role';
import { PermissionDrawer } from '@/features/role/components/permission-drawer';
import { RoleFormModal } from '@/features/role/components/role-form-modal';
import { useMyRole } from '@/features/role/components/use-my-role';
import { DictSelect } from '@/shared/dict/dict-select';
import { DictTag } from '@/shared/dict/dict-tag';

export default function RoleManagementPage() {
  const [state, setState, resetState] = useUrlQuery(roleListRequest);
  const list = useRoleList(state);
  const [editing, setEditing] = useState<{ role?: Role } | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<Role>();
  const enable = useEnableRole();
  const disable = useDisableRole();
  const remove = useDeleteRole();
  const canEdit = usePermission(roleApi.update);
  const canAssign = usePermission(roleApi.updatePermissions);
  const canDisable = usePermission(roleApi.disable);
  const canEnable = usePermission(roleApi.enable);
  const canDelete = usePermission(roleApi.delete);
  const { role: myRole, superAdmin } = useMyRole();
  /** Why the signed-in user may not change this role (the server refuses the same), or undefined. */
  const lockReason = (role: Role) =>
    superAdmin
      ? undefined
      : role.builtIn
        ? '只有超级管理员可以修改内置的超级管理员角色'
        : role.id === myRole?.id
          ? '不能修改自己所属的角色'
          : undefined;

  // Memoised: the filter form resets its fields whenever this object changes.
  const filterValues = useMemo(() => ({ keyword: state.keyword, status: state.status }), [state.keyword, state.status]);

  const columns: ListColumns<Role> = [
    { title: '角色名称', dataIndex: 'name', key: 'name', sorter: true, render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    {
      title: '角色编码',
      dataIndex: 'code',
      key: 'code',
      sorter: true,
      ellipsis: true,
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    { title: '描述', dataIndex: 'description', key: 'description', ellipsis: true, render: (text: string | null) => text || '-' },
    {
      title: '数据范围',
      dataIndex: 'dataScope',
      key: 'dataScope',
      width: 100,
      render: (scope: Role['dataScope']) => <Tag color={scope === 'own' ? 'orange' : 'blue'}>{DATA_SCOPE_LABELS[scope]}</Tag>,
    },
    { title: '用户数', dataIndex: 'userCount', key: 'userCount', align: 'right', width: 90 },
    { title: '排序', dataIndex: 'sort', key: 'sort', hideBelow: 1300, sorter: true, align: 'right', width: 80 },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 90,
      render: (status: Role['status']) => <DictTag code={DICT.commonStatus} value={status} />,
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      hideBelow: 1100,
      sorter: true,
      width: 170,
      render: (at: string) => formatDateTimeSeconds(at),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 250,
      render: (_, role) => {
        const locked = lockReason(role);
        const statusLocked = locked ?? (role.builtIn ? '内置角色不能停用' : undefined);
        const deleteLocked = locked ?? (role.builtIn ? '内置角色不能删除' : role.userCount > 0 ? '该角色下还有用户，不能删除' : undefined);
        return (
          <Space size={4} wrap={false}>
            {canEdit && (
              <ReasonedButton type="link" size="small" disabledReason={locked} onClick={() => setEditing({ role })}>
                编辑
              </ReasonedButton>
            )}
            {canAssign && (
              <ReasonedButton type="link" size="small" disabledReason={locked} onClick={() => setPermissionsOf(role)}>
                分配权限
              </ReasonedButton>
            )}
            {(enablementActionAllowed('disable', role.status) ? canDisable : canEnable) &&
              (enablementActionAllowed('disable', role.status) ? (
                <ReasonedButton
                  type="link"
                  size="small"
                  disabledReason={statusLocked}
                  confirm={{
                    title: `停用角色「${role.name}」？`,
                    description: role.userCount > 0 ? `${role.userCount} 个用户将立即失去该角色的全部权限` : undefined,
                    onConfirm: () => disable.mutateAsync({ id: role.id, version: role.version }),
                  }}
                >
                  停用
                </ReasonedButton>
              ) : (
                <ReasonedButton
                  type="link"
                  size="small"
                  disabledReason={locked}
                  confirm={{ title: `启用角色「${role.name}」？`, onConfirm: () => enable.mutateAsync({ id: role.id, version: role.version }) }}
                >
                  启用
                </ReasonedButton>
              ))}
            {canDelete && (
              <ReasonedButton
                type="link"
                size="small"
                danger
                disabledReason={deleteLocked}
                confirm={{
                  title: `删除角色「${role.name}」？`,
                  description: '删除后不可恢复',
                  okButtonProps: { danger: true },
                  onConfirm: () => remove.mutateAsync({ id: role.id, version: role.version }),
                }}
              >
                删除
              </ReasonedButton>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div className="page-stack">
      <FilterForm
        values={filterValues}
        onSearch={(values) => setState({ keyword: values.keyword?.trim(), status: values.status, page: 1 })}
        onReset={resetState}
      >
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="角色名称 / 编码" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <DictSelect code={DICT.commonStatus} placeholder="全部" style={{ width: 120 }} />
        </Form.Item>
      </FilterForm>
      <DataTable<Role>
        tableId="roleList"
        title="角色列表"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={setState}
        // A long code or description is cut by its ellipsis instead of widening the table past the page.
        tableLayout="fixed"
        scroll={{ x: '100%' }}
        toolbar={
          <Can call={roleApi.create}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              新建角色
            </Button>
          </Can>
        }
      />
      <RoleFormModal
        open={editing !== null}
        role={editing?.role}
        onClose={() => setEditing(null)}
        onCreated={async (id) => {
          if (!canAssign) return;
          // Straight on to the permissions: a new role is of no use without them.
          const created = await callApi(roleApi.detail, { id }).catch(() => undefined);
          if (created) setPermissionsOf(created);
        }}
      />
      <PermissionDrawer role={permissionsOf} onClose={() => setPermissionsOf(undefined)} />
    </div>
  );
}

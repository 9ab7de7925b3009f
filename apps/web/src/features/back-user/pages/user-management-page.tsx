import { PlusOutlined } from '@ant-design/icons';
import { type BackUserRow, backUserApi, backUserListRequest, DICT, type Status, formatDateTimeSeconds } from '@scm/contract';
import { enablementActionAllowed } from '@scm/contract';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Can, usePermission } from '@/shared/permission/can';
import { useSession } from '@/shared/session/use-session';
import { DataTable, type ListColumns } from '@/shared/table/data-table';
import { FilterForm } from '@/shared/table/filter-form';
import { ReasonedButton } from '@/shared/ui/reasoned-button';
import { useUrlQuery } from '@/shared/table/use-url-query';
import { useBackUserList, useDeleteBackUser, useDisableBackUser, useEnableBackUser } from '@/features/back-user/api/back-user';
import { useRoleOptions } from '@/features/back-user/api/role';
import { PasswordShownOnce } from '@/features/back-user/components/password-shown-once';
import { ResetPasswordModal } from '@/features/back-user/components/reset-password-modal';
import { DictSelect } from '@/shared/dict/dict-select';
import { DictTag } from '@/shared/dict/dict-tag';
import { UserFormModal } from '@/features/back-user/components/user-form-modal';

/** Why the signed-in user may not act on this account (the server refuses the same), or undefined when they may. */
const lockReason = (user: BackUserRow) =>
  user.manageable ? undefined : user.superAdmin ? '只有超级管理员可以操作超级管理员账号' : '该用户的角色含有你没有的权限，不能操作';

const time = (at: string | null) => (at ? formatDateTimeSeconds(at) : '-');

export default function UserManagementPage() {
  const [state, setState, resetState] = useUrlQuery(backUserListRequest);
  const list = useBackUserList(state);
  const roles = useRoleOptions();
  const me = useSession().userInfo?.id;
  const [editing, setEditing] = useState<{ user?: BackUserRow } | null>(null);
  const [resetting, setResetting] = useState<BackUserRow>();
  const [shownOnce, setShownOnce] = useState<{ email: string; password: string }>();
  const enable = useEnableBackUser();
  const disable = useDisableBackUser();
  const remove = useDeleteBackUser();
  const canEdit = usePermission(backUserApi.update);
  const canDisable = usePermission(backUserApi.disable);
  const canEnable = usePermission(backUserApi.enable);
  const canReset = usePermission(backUserApi.resetPassword);
  const canDelete = usePermission(backUserApi.delete);

  // Memoised: the filter form resets its fields whenever this object changes.
  const filterValues = useMemo(
    () => ({ keyword: state.keyword, roleId: state.roleId, status: state.status }),
    [state.keyword, state.roleId, state.status],
  );

  const columns: ListColumns<BackUserRow> = [
    { title: '邮箱', dataIndex: 'email', key: 'email', sorter: true },
    {
      title: '用户名',
      dataIndex: 'username',
      key: 'username',
      sorter: true,
      render: (name: string, user) => (
        <Space size={4}>
          <Typography.Text strong>{name}</Typography.Text>
          {user.id === me && <Typography.Text type="secondary">（我）</Typography.Text>}
        </Space>
      ),
    },
    { title: '角色', dataIndex: ['role', 'name'], key: 'role' },
    { title: '手机号', dataIndex: 'phone', key: 'phone', hideBelow: 1300, render: (phone: string | null) => phone || '-' },
    { title: '状态', dataIndex: 'status', key: 'status', width: 80, render: (status: Status) => <DictTag code={DICT.commonStatus} value={status} /> },
    { title: '最后登录时间', dataIndex: 'lastLoginAt', key: 'lastLoginAt', hideBelow: 1100, sorter: true, width: 170, render: time },
    { title: '最后登录IP', dataIndex: 'lastLoginIp', key: 'lastLoginIp', hideBelow: 1100, render: (ip: string | null) => ip || '-' },
    { title: '创建时间', dataIndex: 'createdAt', key: 'createdAt', hideBelow: 1300, sorter: true, width: 170, render: time },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 240,
      render: (_, user) => {
        const self = user.id === me;
        const locked = lockReason(user);
        const statusLocked = locked ?? (self ? '不能停用自己的账号' : undefined);
        const deleteLocked = locked ?? (self ? '不能删除自己的账号' : undefined);
        return (
          <Space size={4}>
            {canEdit && (
              <ReasonedButton type="link" size="small" disabledReason={locked} onClick={() => setEditing({ user })}>
                编辑
              </ReasonedButton>
            )}
            {(enablementActionAllowed('disable', user.status) ? canDisable : canEnable) &&
              (enablementActionAllowed('disable', user.status) ? (
                <ReasonedButton
                  type="link"
                  size="small"
                  disabledReason={statusLocked}
                  confirm={{
                    title: `停用用户「${user.username}」？`,
                    description: '停用后该用户会被立即强制下线',
                    onConfirm: () => disable.mutateAsync({ id: user.id, version: user.version }),
                  }}
                >
                  停用
                </ReasonedButton>
              ) : (
                <ReasonedButton
                  type="link"
                  size="small"
                  disabledReason={locked}
                  confirm={{ title: `启用用户「${user.username}」？`, onConfirm: () => enable.mutateAsync({ id: user.id, version: user.version }) }}
                >
                  启用
                </ReasonedButton>
              ))}
            {canReset && (
              <ReasonedButton type="link" size="small" disabledReason={locked} onClick={() => setResetting(user)}>
                重置密码
              </ReasonedButton>
            )}
            {canDelete && (
              <ReasonedButton
                type="link"
                size="small"
                danger
                disabledReason={deleteLocked}
                confirm={{
                  title: `删除用户「${user.username}」？`,
                  description: '删除后不可恢复，其操作日志会保留',
                  okButtonProps: { danger: true },
                  onConfirm: () => remove.mutateAsync({ id: user.id, version: user.version }),
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
        onSearch={(values) => setState({ keyword: values.keyword?.trim(), roleId: values.roleId, status: values.status, page: 1 })}
        onReset={resetState}
      >
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="邮箱 / 用户名" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="roleId" label="角色">
          <Select placeholder="全部" allowClear style={{ width: 160 }} options={roles.data ?? []} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <DictSelect code={DICT.commonStatus} placeholder="全部" style={{ width: 120 }} />
        </Form.Item>
      </FilterForm>
      <DataTable<BackUserRow>
        tableId="userList"
        title="用户列表"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={setState}
        toolbar={
          <Can call={backUserApi.create}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              新建用户
            </Button>
          </Can>
        }
      />
      <UserFormModal open={editing !== null} user={editing?.user} onClose={() => setEditing(null)} onPasswordGenerated={setShownOnce} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(undefined)} onPasswordGenerated={setShownOnce} />
      <PasswordShownOnce shown={shownOnce} onClose={() => setShownOnce(undefined)} />
    </div>
  );
}

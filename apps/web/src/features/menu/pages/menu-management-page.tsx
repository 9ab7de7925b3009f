import { ReloadOutlined } from '@ant-design/icons';
import { DICT, type MenuRow, menuApi } from '@scm/contract';
import { Alert, Button, Card, Empty, Form, Input, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { DictTag } from '@/shared/dict/dict-tag';
import { usePermission } from '@/shared/permission/can';
import { type ListColumns, useColumnSettings } from '@/shared/table/column-settings';
import { FilterForm } from '@/shared/table/filter-form';
import { useUrlState } from '@/shared/table/use-url-state';
import { useDeleteMenu, useMenuList } from '@/features/menu/api/menu';
import { ActionFormModal } from '@/features/menu/components/action-form-modal';
import { MenuIcon } from '@/shared/ui/menu-icons';
import { MenuFormModal } from '@/features/menu/components/menu-form-modal';

type MenuNode = MenuRow & { children?: MenuNode[] };

const typeTag = {
  group: <Tag color="blue">目录</Tag>,
  page: <Tag color="green">页面</Tag>,
  action: <Tag color="orange">操作</Tag>,
} as const;

/** Rows → tree; with a keyword, an entry stays when it or anything below it matches. */
function buildTree(rows: MenuRow[], keyword: string, status: string): MenuNode[] {
  const byParent = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  const needle = keyword.trim().toLowerCase();
  const matches = (row: MenuRow) =>
    (!needle || row.label.toLowerCase().includes(needle) || row.key.toLowerCase().includes(needle)) && (!status || row.status === status);
  const build = (parentId: number | null): MenuNode[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .flatMap((row) => {
        const children = build(row.id);
        if (!matches(row) && children.length === 0) return [];
        return [children.length > 0 ? { ...row, children } : { ...row }];
      });
  return build(null);
}

const parentIds = (nodes: MenuNode[]): number[] => nodes.flatMap((node) => (node.children ? [node.id, ...parentIds(node.children)] : []));

export default function MenuManagementPage() {
  const [state, setState, resetState] = useUrlState({ keyword: '', status: '' });
  const list = useMenuList();
  const remove = useDeleteMenu();
  const canEdit = usePermission(menuApi.update);
  const canAddAction = usePermission(menuApi.createAction);
  const canDelete = usePermission(menuApi.delete);
  const [editing, setEditing] = useState<MenuRow>();
  const [addingTo, setAddingTo] = useState<MenuRow>();
  const tree = useMemo(() => buildTree(list.data ?? [], state.keyword, state.status), [list.data, state.keyword, state.status]);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const expandedKeys = expanded ?? (list.data ?? []).filter((row) => row.type === 'group').map((row) => row.id);

  // Memoised: the filter form resets its fields whenever this object changes.
  const filterValues = useMemo(() => ({ keyword: state.keyword, status: state.status || undefined }), [state.keyword, state.status]);

  const columns: ListColumns<MenuNode> = [
    {
      title: '名称',
      dataIndex: 'label',
      key: 'label',
      width: 170,
      render: (label: string, row) => (
        <Space>
          <MenuIcon name={row.icon} />
          <span>{label}</span>
        </Space>
      ),
    },
    { title: '编码', dataIndex: 'key', key: 'key', width: 210, render: (key: string) => <Typography.Text code>{key}</Typography.Text> },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 80,
      render: (status: MenuRow['status']) => <DictTag code={DICT.commonStatus} value={status} />,
    },
    { title: '类型', dataIndex: 'type', key: 'type', width: 70, render: (type: MenuRow['type']) => typeTag[type] },
    {
      title: '路径',
      dataIndex: 'path',
      key: 'path',
      width: 220,
      hideBelow: 1300,
      ellipsis: { showTitle: true },
      render: (path: string) => path || '-',
    },
    { title: '排序', dataIndex: 'sort', key: 'sort', width: 70, align: 'right', hideBelow: 1100 },
    {
      title: '菜单中显示',
      dataIndex: 'isMenu',
      key: 'isMenu',
      width: 100,
      render: (isMenu: boolean, row) => (row.type === 'action' ? '-' : isMenu ? <Tag color="success">显示</Tag> : <Tag>隐藏</Tag>),
    },
    {
      title: '来源',
      dataIndex: 'builtIn',
      key: 'builtIn',
      width: 80,
      hideBelow: 1300,
      render: (builtIn: boolean) => (builtIn ? <Tag>内置</Tag> : <Tag color="purple">自定义</Tag>),
    },
    ...(canEdit || canAddAction || canDelete
      ? [
          {
            title: '操作',
            key: 'actions',
            fixed: 'right' as const,
            width: 170,
            render: (_: unknown, row: MenuNode) => (
              <Space size={4}>
                {canEdit && (
                  <Button type="link" size="small" onClick={() => setEditing(row)}>
                    编辑
                  </Button>
                )}
                {canAddAction && row.type === 'page' && (
                  <Button type="link" size="small" onClick={() => setAddingTo(row)}>
                    添加操作项
                  </Button>
                )}
                {canDelete && row.type === 'action' && (
                  <Popconfirm
                    title={`删除操作项「${row.label}」？`}
                    description="持有该权限的角色会同时失去它"
                    okButtonProps={{ danger: true }}
                    disabled={row.builtIn}
                    onConfirm={() => remove.mutateAsync({ id: row.id, version: row.version })}
                  >
                    <Tooltip title={row.builtIn ? '系统内置的菜单项不能删除' : undefined}>
                      <Button type="link" size="small" danger disabled={row.builtIn}>
                        删除
                      </Button>
                    </Tooltip>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];
  const table = useColumnSettings('menuList', columns);

  return (
    <div className="page-stack">
      <FilterForm
        values={filterValues}
        onSearch={(values) => setState({ keyword: values.keyword?.trim() ?? '', status: values.status ?? '' })}
        onReset={resetState}
      >
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="名称 / 编码" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            placeholder="全部"
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'enabled', label: '启用' },
              { value: 'disabled', label: '停用' },
            ]}
          />
        </Form.Item>
      </FilterForm>
      <Card
        size="small"
        className="table-card"
        title="菜单列表"
        extra={
          <Space>
            <Button onClick={() => setExpanded(list.data?.filter((r) => r.type !== 'action').map((r) => r.id) ?? [])}>全部展开</Button>
            <Button onClick={() => setExpanded([])}>全部收起</Button>
            {table.controls}
            <Tooltip title="刷新">
              <Button icon={<ReloadOutlined />} aria-label="刷新" onClick={() => list.refetch()} />
            </Tooltip>
          </Space>
        }
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="名称、排序、图标和显示状态修改后，用户重新加载页面或下次登录时生效；编码和路径由系统使用，不能修改。"
        />
        <div ref={table.ref}>
          <Table<MenuNode>
            rowKey="id"
            size={table.size}
            columns={table.columns}
            sticky
            dataSource={tree}
            loading={list.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            expandable={{
              expandedRowKeys: state.keyword || state.status ? parentIds(tree) : (expandedKeys as Key[]),
              onExpandedRowsChange: (keys) => setExpanded(keys),
            }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
          />
        </div>
      </Card>
      <MenuFormModal menu={editing} onClose={() => setEditing(undefined)} />
      <ActionFormModal page={addingTo} onClose={() => setAddingTo(undefined)} />
    </div>
  );
}

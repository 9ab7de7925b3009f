import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { buildTree, type Category, CATEGORY_MAX_LEVEL, categoryApi, categoryListRequest, type TreeNode, formatDateTimeSeconds } from '@scm/contract';
import { enablementActionAllowed } from '@scm/contract';
import { Button, Card, Empty, Form, Input, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Can, usePermission } from '@/shared/permission/can';
import { type ListColumns, useColumnSettings } from '@/shared/table/column-settings';
import { FilterForm } from '@/shared/table/filter-form';
import { useUrlQuery } from '@/shared/table/use-url-query';
import { useCategoryList, useDeleteCategory, useDisableCategory, useEnableCategory } from '@/features/category/api/category';
import { CategoryFormModal, type CategoryFormTarget } from '@/features/category/components/category-form-modal';
import { MoveCategoryModal } from '@/features/category/components/move-category-modal';

type Row = Category & { children?: Row[] };

const toRows = (nodes: TreeNode<Category>[]): Row[] =>
  nodes.map(({ node, children }) => (children.length > 0 ? { ...node, children: toRows(children) } : { ...node }));

export default function CategoryPage() {
  const [query, setQuery, resetQuery] = useUrlQuery(categoryListRequest);
  const { data, isFetching, refetch } = useCategoryList(query);
  const categories = useMemo(() => data ?? [], [data]);
  const rows = useMemo(() => toRows(buildTree(categories)), [categories]);
  const [formTarget, setFormTarget] = useState<CategoryFormTarget | null>(null);
  const [moving, setMoving] = useState<Category | null>(null);
  // The tree opens fully expanded; the user's collapses are remembered while the page is open.
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const parentIds = useMemo(() => [...new Set(categories.map((c) => c.parentId).filter((id) => id !== null))], [categories]);
  const enable = useEnableCategory();
  const disable = useDisableCategory();
  const remove = useDeleteCategory();
  const canEdit = usePermission(categoryApi.update);
  const canMove = usePermission(categoryApi.move);
  const canDisable = usePermission(categoryApi.disable);
  const canEnable = usePermission(categoryApi.enable);
  const canCreate = usePermission(categoryApi.create);
  const canDelete = usePermission(categoryApi.delete);

  const columns: ListColumns<Row> = [
    { title: '分类名称', dataIndex: 'name', key: 'name', width: 260 },
    { title: '分类编码', dataIndex: 'code', key: 'code', width: 120 },
    { title: '层级', dataIndex: 'level', key: 'level', width: 70, render: (level: number) => `${level}级` },
    { title: '排序', dataIndex: 'sort', key: 'sort', width: 70, hideBelow: 1100 },
    { title: '商品数', dataIndex: 'commodityCount', key: 'commodityCount', width: 90, align: 'right' },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 80,
      render: (status: Category['status']) => (status === 'enabled' ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '备注',
      dataIndex: 'remark',
      key: 'remark',
      ellipsis: true,
      width: 200,
      hideBelow: 1300,
      render: (v: string | null) => v || <span className="muted">-</span>,
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      width: 170,
      hideBelow: 1100,
      render: (v: string) => formatDateTimeSeconds(v),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 290,
      render: (_, row) => (
        <Space size={0} wrap>
          {canCreate && row.level < CATEGORY_MAX_LEVEL && (
            <Button type="link" size="small" onClick={() => setFormTarget({ mode: 'create', parent: row })}>
              新增子分类
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" onClick={() => setFormTarget({ mode: 'edit', category: row })}>
              编辑
            </Button>
          )}
          {canMove && (
            <Button type="link" size="small" onClick={() => setMoving(row)}>
              移动
            </Button>
          )}
          {enablementActionAllowed('disable', row.status)
            ? canDisable && (
                <Popconfirm title={`确定停用分类「${row.name}」吗？`} onConfirm={() => disable.mutateAsync({ id: row.id, version: row.version })}>
                  <Button type="link" size="small">
                    停用
                  </Button>
                </Popconfirm>
              )
            : canEnable && (
                <Button type="link" size="small" onClick={() => enable.mutate({ id: row.id, version: row.version })}>
                  启用
                </Button>
              )}
          {canDelete && (
            <Popconfirm
              title={`确定删除分类「${row.name}」吗？`}
              description="有子分类或商品的分类不能删除"
              onConfirm={() => remove.mutateAsync({ id: row.id, version: row.version })}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  const table = useColumnSettings('categoryList', columns);

  return (
    <div className="page-stack">
      <FilterForm values={query} onSearch={(values) => setQuery(values)} onReset={resetQuery}>
        <Form.Item name="keyword" label="关键词">
          <Input placeholder="分类名称或编码" allowClear />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            style={{ width: 120 }}
            allowClear
            placeholder="全部"
            options={[
              { label: '启用', value: 'enabled' },
              { label: '停用', value: 'disabled' },
            ]}
          />
        </Form.Item>
      </FilterForm>
      <Card
        size="small"
        className="table-card"
        title={
          <Space>
            商品分类
            <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 12 }}>
              最多{CATEGORY_MAX_LEVEL}级；商品数含下级分类
            </Typography.Text>
          </Space>
        }
        extra={
          <Space>
            <Can call={categoryApi.create}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormTarget({ mode: 'create', parent: null })}>
                新增根分类
              </Button>
            </Can>
            {table.controls}
            <Tooltip title="刷新">
              <Button icon={<ReloadOutlined />} aria-label="刷新" onClick={() => refetch()} />
            </Tooltip>
          </Space>
        }
      >
        <div ref={table.ref}>
          <Table<Row>
            rowKey="id"
            size={table.size}
            columns={table.columns}
            sticky
            dataSource={rows}
            loading={isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            expandable={{
              expandedRowKeys: parentIds.filter((id) => !collapsed.has(id)),
              onExpand: (expanded, row) =>
                setCollapsed((previous) => {
                  const next = new Set(previous);
                  if (expanded) next.delete(row.id);
                  else next.add(row.id);
                  return next;
                }),
            }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无分类" /> }}
          />
        </div>
      </Card>
      <CategoryFormModal target={formTarget} onClose={() => setFormTarget(null)} />
      <MoveCategoryModal category={moving} categories={categories} onClose={() => setMoving(null)} />
    </div>
  );
}

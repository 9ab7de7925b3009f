import { DownOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { type Commodity, commodityApi, DICT, formatDateTime } from '@scm/contract';
import { enablementActionAllowed } from '@scm/contract';
import { App, Button, Col, Dropdown, Form, Input, InputNumber, Popconfirm, Row, Select, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { DictTag } from '@/shared/dict/dict-tag';
import { Can, usePermission } from '@/shared/permission/can';
import { DataTable, type ListColumns } from '@/shared/table/data-table';
import { FilterForm } from '@/shared/table/filter-form';
import { useUrlQuery } from '@/shared/table/use-url-query';
import { ExportButton } from '@/shared/ui/export-button';
import { Money } from '@/shared/ui/money';
import {
  type CommoditySortField,
  commodityListBody,
  commodityListFilter,
  commodityListQuery,
  useCommodityList,
  useDeleteCommodity,
  useDisableCommodities,
  useEnableCommodities,
} from '@/features/commodity/api/commodity';
import { CategoryTree } from '@/features/commodity/components/category-tree';
import { CommodityFormModal, type CommodityFormTarget } from '@/features/commodity/components/commodity-form-modal';
import { ImportModal } from '@/features/commodity/components/import-modal';

interface FilterValues {
  keyword?: string;
  brand?: string;
  status?: string;
  minPrice?: number | string | null;
  maxPrice?: number | string | null;
}

export default function CommodityListPage() {
  const { modal } = App.useApp();
  const [query, setQuery, resetQuery] = useUrlQuery(commodityListQuery);
  const filter = commodityListFilter(query);
  const filterValues = useMemo<FilterValues>(
    () => ({
      keyword: query.keyword,
      brand: query.brand,
      status: query.status,
      minPrice: query.minPrice ?? null,
      maxPrice: query.maxPrice ?? null,
    }),
    [query],
  );
  const { data, isFetching, refetch } = useCommodityList(commodityListBody(query));
  const [selected, setSelected] = useState<Commodity[]>([]);
  const [formTarget, setFormTarget] = useState<CommodityFormTarget | null>(null);
  const [importing, setImporting] = useState(false);
  const clearSelection = () => setSelected([]);
  const enable = useEnableCommodities({ onSuccess: clearSelection });
  const disable = useDisableCommodities({ onSuccess: clearSelection });
  const remove = useDeleteCommodity();
  const canEdit = usePermission(commodityApi.update);
  const canEnable = usePermission(commodityApi.enable);
  const canDisable = usePermission(commodityApi.disable);
  const canStatus = canEnable || canDisable;
  const canDelete = usePermission(commodityApi.delete);

  const sortOrderOf = (field: CommoditySortField) => (query.sortField === field ? (query.sortOrder ?? null) : null);
  const columns: ListColumns<Commodity> = [
    { title: 'SKU编码', dataIndex: 'skuCode', key: 'skuCode', sorter: true, sortOrder: sortOrderOf('skuCode'), width: 140 },
    { title: '商品名称', dataIndex: 'name', key: 'name', sorter: true, sortOrder: sortOrderOf('name'), width: 180, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 80,
      render: (v: Commodity['status']) => (v === 'enabled' ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '分类', dataIndex: 'categoryName', key: 'categoryName', width: 110, ellipsis: true, hideBelow: 850 },
    {
      title: '品牌',
      dataIndex: 'brand',
      key: 'brand',
      width: 100,
      hideBelow: 1300,
      render: (v: string | null) => v || <span className="muted">-</span>,
    },
    {
      title: '规格',
      dataIndex: 'spec',
      key: 'spec',
      width: 150,
      ellipsis: true,
      hideBelow: 1300,
      render: (v: string | null) => v || <span className="muted">-</span>,
    },
    { title: '单位', dataIndex: 'unit', key: 'unit', width: 70, hideBelow: 850, render: (v: string) => <DictTag code={DICT.unit} value={v} /> },
    {
      title: '条形码',
      dataIndex: 'barcode',
      key: 'barcode',
      width: 130,
      hideBelow: 1600,
      render: (v: string | null) => v || <span className="muted">-</span>,
    },
    {
      title: '参考价(元)',
      dataIndex: 'referencePriceFen',
      key: 'referencePriceFen',
      sorter: true,
      sortOrder: sortOrderOf('referencePriceFen'),
      align: 'right',
      width: 110,
      render: (v: number) => <Money fen={v} />,
    },
    {
      title: '配送模板',
      dataIndex: 'priceTemplateName',
      key: 'priceTemplateName',
      width: 140,
      hideBelow: 1600,
      ellipsis: true,
      render: (v: string | null) => v || <span className="muted">-</span>,
    },
    {
      title: '默认供应商',
      dataIndex: 'defaultSupplierName',
      key: 'defaultSupplierName',
      width: 180,
      hideBelow: 1300,
      ellipsis: true,
      render: (v: string | null) => v || <span className="muted">-</span>,
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      sorter: true,
      sortOrder: sortOrderOf('updatedAt'),
      width: 160,
      hideBelow: 1600,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_, row) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setFormTarget({ mode: 'edit', commodity: row })}>
              编辑
            </Button>
          )}
          {(enablementActionAllowed('disable', row.status) ? canDisable : canEnable) &&
            (enablementActionAllowed('disable', row.status) ? (
              <Popconfirm
                title={`确定停用「${row.name}」吗？`}
                onConfirm={() => disable.mutateAsync({ items: [{ id: row.id, version: row.version }] })}
              >
                <Button type="link" size="small">
                  停用
                </Button>
              </Popconfirm>
            ) : (
              <Button type="link" size="small" onClick={() => enable.mutate({ items: [{ id: row.id, version: row.version }] })}>
                启用
              </Button>
            ))}
          {canDelete && (
            <Popconfirm title={`确定删除「${row.name}」吗？`} onConfirm={() => remove.mutateAsync({ id: row.id, version: row.version })}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const batchItems = selected.map((c) => ({ id: c.id, version: c.version }));
  // Disabling takes commodities out of every picker at once: named and confirmed first, as a single 停用 is.
  const confirmBatchDisable = () =>
    modal.confirm({
      title: `停用选中的 ${selected.length} 个商品？`,
      content: `${selected
        .slice(0, 5)
        .map((c) => `${c.skuCode} ${c.name}`)
        .join('、')}${selected.length > 5 ? ` 等 ${selected.length} 个` : ''}。停用后不能再加入计划和采购任务，已有记录不受影响。`,
      okText: '停用',
      okButtonProps: { danger: true },
      // A refusal is toasted by the mutation; the dialog closes either way.
      onOk: () => disable.mutateAsync({ items: batchItems }).catch(() => undefined),
    });

  const toolbar = (
    <Space>
      <Can call={commodityApi.create}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormTarget({ mode: 'create' })}>
          新建
        </Button>
      </Can>
      {canStatus && (
        <Dropdown
          disabled={selected.length === 0}
          menu={{
            items: [
              ...(canEnable ? [{ key: 'enable', label: `批量启用（${selected.length}）` }] : []),
              ...(canDisable ? [{ key: 'disable', label: `批量停用（${selected.length}）` }] : []),
            ],
            onClick: ({ key }) => {
              if (key === 'enable') enable.mutate({ items: batchItems });
              else confirmBatchDisable();
            },
          }}
        >
          <Button>
            批量操作 <DownOutlined />
          </Button>
        </Dropdown>
      )}
      <Can call={commodityApi.import}>
        <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
          导入
        </Button>
      </Can>
      <ExportButton
        endpoint={commodityApi.export}
        filter={filter}
        fileName="商品列表"
        nothingToExport={(data?.total ?? 0) === 0 ? '当前筛选条件下没有商品' : undefined}
      />
    </Space>
  );

  return (
    <Row gutter={12} wrap={false} className="commodity-list-page">
      <Col flex="240px">
        <CategoryTree value={query.categoryId} onChange={(id) => setQuery({ categoryId: id, page: 1 })} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <div className="page-stack">
          <FilterForm<FilterValues>
            values={filterValues}
            onSearch={(values) =>
              setQuery({
                keyword: values.keyword?.trim(),
                brand: values.brand?.trim(),
                status: values.status,
                minPrice: values.minPrice == null ? undefined : String(values.minPrice),
                maxPrice: values.maxPrice == null ? undefined : String(values.maxPrice),
                page: 1,
              })
            }
            onReset={() => resetQuery()}
          >
            <Form.Item name="keyword" label="关键词">
              <Input placeholder="SKU编码 / 名称 / 条形码" allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="brand" label="品牌">
              <Input placeholder="品牌" allowClear style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select
                style={{ width: 100 }}
                allowClear
                placeholder="全部"
                options={[
                  { label: '启用', value: 'enabled' },
                  { label: '停用', value: 'disabled' },
                ]}
              />
            </Form.Item>
            <Form.Item label="参考价">
              <Space.Compact>
                <Form.Item name="minPrice" noStyle>
                  <InputNumber min={0} precision={2} placeholder="最低(元)" style={{ width: 100 }} />
                </Form.Item>
                <Form.Item name="maxPrice" noStyle>
                  <InputNumber min={0} precision={2} placeholder="最高(元)" style={{ width: 100 }} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </FilterForm>
          <DataTable<Commodity>
            tableId="commodityList"
            title="商品列表"
            columns={columns}
            data={data}
            loading={isFetching}
            onRefresh={() => refetch()}
            toolbar={toolbar}
            rowSelection={
              canStatus
                ? { selectedRowKeys: selected.map((c) => c.id), onChange: (_keys, rows) => setSelected(rows), preserveSelectedRowKeys: false }
                : undefined
            }
            onTableChange={setQuery}
          />
        </div>
      </Col>
      <CommodityFormModal target={formTarget} onClose={() => setFormTarget(null)} />
      <ImportModal open={importing} onClose={() => setImporting(false)} />
    </Row>
  );
}

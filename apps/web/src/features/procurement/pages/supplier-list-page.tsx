import { PlusOutlined } from '@ant-design/icons';
import { DICT, portalAccountApi, type Supplier, type SupplierStatus, supplierApi, supplierListRequest, formatDateTime } from '@scm/contract';
import { SUPPLIER_STATUSES, supplierStatusChangeAllowed } from '@scm/contract';
import { Button, Dropdown, Form, Input, Select, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { DictSelect } from '@/shared/dict/dict-select';
import { DictTag } from '@/shared/dict/dict-tag';
import { Can, usePermission } from '@/shared/permission/can';
import { ReasonedButton } from '@/shared/ui/reasoned-button';
import { BatchActions } from '@/shared/table/batch-actions';
import { DataTable, type ListColumns } from '@/shared/table/data-table';
import { callApi } from '@/shared/http/api';
import { formatCount } from '@/shared/ui/money';
import { FilterForm } from '@/shared/table/filter-form';
import { useUrlQuery } from '@/shared/table/use-url-query';
import { ExportButton } from '@/shared/ui/export-button';
import { useDeleteSupplier, useSupplierInfo, useSupplierList, useSupplierStatus } from '@/features/procurement/api/supplier';
import { useCategoryOptions } from '@/shared/category/category-options';
import { SupplierForm } from '@/features/procurement/components/supplier-form';

// Opened on demand: the accounts table and its forms stay out of the list's chunk.
const PortalAccountsDrawer = lazy(() => import('@/features/procurement/components/portal-accounts-drawer'));

/** The list's request without `ids`, which only 导出选中 sends. */
const urlSchema = supplierListRequest.omit({ ids: true });

const winRate = (bp: number | null) => (bp == null ? '-' : `${(bp / 100).toFixed(1)}%`);

export default function SupplierListPage() {
  const [state, update, reset] = useUrlQuery(urlSchema);
  const filter = {
    keyword: state.keyword,
    status: state.status,
    grade: state.grade,
    settlementType: state.settlementType,
    categoryId: state.categoryId,
  };
  const list = useSupplierList(state);
  const categories = useCategoryOptions();
  const [editor, setEditor] = useState<{ open: boolean; id?: number }>({ open: false });
  const [selected, setSelected] = useState<Supplier[]>([]);
  const info = useSupplierInfo(editor.id);
  const setStatus = useSupplierStatus();
  const remove = useDeleteSupplier();
  const canEdit = usePermission(supplierApi.update);
  const canStatus = usePermission(supplierApi.status);
  const canDelete = usePermission(supplierApi.delete);
  // 门户账号 opens the supplier's accounts, listed there and created, disabled or reissued from there.
  const canPortal = usePermission(portalAccountApi.list);
  const [portalOf, setPortalOf] = useState<{ id: number; name: string }>();

  const columns: ListColumns<Supplier> = [
    { title: '供应商编码', dataIndex: 'code', key: 'code', sorter: true, width: 170 },
    {
      title: '供应商名称',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      width: 200,
      ellipsis: true,
      render: (name: string, row) => (
        <Space direction="vertical" size={0} style={{ maxWidth: '100%' }}>
          <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 180 }}>
            {canEdit ? <Typography.Link onClick={() => setEditor({ open: true, id: row.id })}>{name}</Typography.Link> : name}
          </Typography.Text>
          {row.shortName && <span className="muted">{row.shortName}</span>}
        </Space>
      ),
    },
    { title: '状态', dataIndex: 'status', key: 'status', width: 90, render: (v: string) => <DictTag code={DICT.supplierStatus} value={v} /> },
    {
      title: '等级',
      dataIndex: 'grade',
      key: 'grade',
      sorter: true,
      width: 80,
      render: (v: string) => <DictTag code={DICT.supplierGrade} value={v} />,
    },
    {
      title: '联系人',
      key: 'contact',
      width: 130,
      render: (_, row) => (
        <div>
          <div>{row.contactPerson}</div>
          <div className="muted">{row.phone}</div>
        </div>
      ),
    },
    { title: '中标率', dataIndex: 'winRateBp', key: 'winRateBp', align: 'right', width: 80, render: winRate },
    { title: '中标次数', dataIndex: 'awardsWon', key: 'awardsWon', sorter: true, align: 'right', hideBelow: 1100, render: formatCount },
    { title: '受邀任务', dataIndex: 'tasksInvited', key: 'tasksInvited', sorter: true, align: 'right', hideBelow: 1100, render: formatCount },
    { title: '报价次数', dataIndex: 'quotesSubmitted', key: 'quotesSubmitted', align: 'right', hideBelow: 1300, render: formatCount },
    { title: '所在地区', dataIndex: 'regionName', key: 'regionName', width: 160, ellipsis: true, hideBelow: 1300 },
    {
      title: '供应品类',
      dataIndex: 'categoryNames',
      key: 'categoryNames',
      width: 160,
      ellipsis: true,
      hideBelow: 1300,
      render: (names: string[]) => (names.length ? names.join('、') : '-'),
    },
    {
      title: '结算方式',
      dataIndex: 'settlementType',
      key: 'settlementType',
      hideBelow: 1300,
      render: (v: string) => <DictTag code={DICT.settlementType} value={v} />,
    },
    { title: '配送模板', dataIndex: 'priceTemplateName', key: 'priceTemplateName', hideBelow: 1600, render: (v: string | null) => v ?? '-' },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      sorter: true,
      hideBelow: 1600,
      render: (at: string) => formatDateTime(at),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 160,
      render: (_, row) => (
        <Space size={0} wrap>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditor({ open: true, id: row.id })}>
              编辑
            </Button>
          )}
          {canPortal && (
            <Button type="link" size="small" onClick={() => setPortalOf({ id: row.id, name: row.name })}>
              门户账号
            </Button>
          )}
          {canStatus && (
            <Dropdown
              menu={{
                items: SUPPLIER_STATUSES.filter((s) => supplierStatusChangeAllowed(s, row.status)).map((s) => ({
                  key: s,
                  label: { enabled: '启用', disabled: '停用', blacklisted: '列入黑名单' }[s],
                  danger: s === 'blacklisted',
                })),
                onClick: ({ key }) => setStatus.mutate({ id: row.id, version: row.version, status: key as SupplierStatus }),
              }}
            >
              <Button type="link" size="small">
                状态
              </Button>
            </Dropdown>
          )}
          {canDelete && (
            <ReasonedButton
              type="link"
              size="small"
              danger
              disabledReason={row.tasksInvited > 0 ? `已被邀请参与${row.tasksInvited}个采购任务，不能删除，可改为停用` : null}
              confirm={{ title: `删除「${row.name}」？`, onConfirm: () => remove.mutate({ id: row.id, version: row.version }) }}
            >
              删除
            </ReasonedButton>
          )}
        </Space>
      ),
    },
  ];

  const editing = editor.id !== undefined && info.data?.id === editor.id ? info.data : undefined;
  return (
    <div className="page-stack">
      <FilterForm values={state} onSearch={(values) => update({ ...values, page: 1 })} onReset={reset}>
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="编码 / 名称 / 联系人" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <DictSelect code={DICT.supplierStatus} placeholder="全部" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="grade" label="等级">
          <DictSelect code={DICT.supplierGrade} placeholder="全部" style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="settlementType" label="结算方式">
          <DictSelect code={DICT.settlementType} placeholder="全部" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="categoryId" label="供应品类">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 160 }}
            showSearch={{ optionFilterProp: 'label' }}
            options={(categories.data ?? []).map((c) => ({ value: c.value, label: c.label }))}
          />
        </Form.Item>
      </FilterForm>
      <DataTable<Supplier>
        tableId="supplierList"
        title="供应商管理"
        columns={columns}
        rowSelection={{ selectedRowKeys: selected.map((r) => r.id), onChange: (_keys, rows) => setSelected(rows) }}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={update}
        toolbar={
          <>
            <BatchActions<Supplier>
              selected={selected}
              describe={(supplier) => supplier.name}
              invalidates={[supplierApi.list]}
              onDone={() => setSelected([])}
              actions={[
                {
                  key: 'enable',
                  label: '启用',
                  call: supplierApi.status,
                  allowed: (supplier) => supplierStatusChangeAllowed('enabled', supplier.status),
                  run: (supplier) => callApi(supplierApi.status, { id: supplier.id, version: supplier.version, status: 'enabled' }),
                },
                {
                  key: 'disable',
                  label: '停用',
                  call: supplierApi.status,
                  danger: true,
                  confirm: '停用的供应商不能再被邀请报价。',
                  allowed: (supplier) => supplierStatusChangeAllowed('disabled', supplier.status),
                  run: (supplier) => callApi(supplierApi.status, { id: supplier.id, version: supplier.version, status: 'disabled' }),
                },
              ]}
            />
            <ExportButton
              endpoint={supplierApi.export}
              filter={{ ids: selected.map((r) => r.id) }}
              label="导出选中"
              disabled={selected.length === 0}
              fileName="供应商_选中"
            />
            <ExportButton endpoint={supplierApi.export} filter={filter} fileName="供应商" />
            <Can call={supplierApi.create}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
                新建
              </Button>
            </Can>
          </>
        }
      />
      {portalOf && (
        <Suspense fallback={null}>
          <PortalAccountsDrawer supplier={portalOf} onClose={() => setPortalOf(undefined)} />
        </Suspense>
      )}
      <SupplierForm
        open={editor.open && (editor.id === undefined || editing !== undefined)}
        editing={editing}
        onClose={() => setEditor({ open: false })}
      />
    </div>
  );
}

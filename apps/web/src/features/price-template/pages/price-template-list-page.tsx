import { PlusOutlined } from '@ant-design/icons';
import {
  DICT,
  DISPLAY_UNITS,
  formatMeasure,
  type PriceTemplateListItem,
  priceTemplateApi,
  priceTemplateListRequest,
  formatDateTime,
} from '@scm/contract';
import { enablementActionAllowed } from '@scm/contract';
import { Button, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { DictSelect } from '@/shared/dict/dict-select';
import { DictTag } from '@/shared/dict/dict-tag';
import { Can, usePermission } from '@/shared/permission/can';
import { DataTable, type ListColumns } from '@/shared/table/data-table';
import { FilterForm } from '@/shared/table/filter-form';
import { useUrlQuery } from '@/shared/table/use-url-query';
import { ExportButton } from '@/shared/ui/export-button';
import { Money } from '@/shared/ui/money';
import {
  useBatchTemplateStatus,
  useCopyPriceTemplate,
  useDeletePriceTemplate,
  useDisablePriceTemplate,
  useEnablePriceTemplate,
  usePriceTemplateInfo,
  usePriceTemplateList,
} from '@/features/price-template/api/price-template';
import { TemplateEditor } from '@/features/price-template/components/template-editor';

function DefaultRowSummary({ row }: { row: PriceTemplateListItem }) {
  const d = row.defaultRow;
  if (!d) return <span className="muted">-</span>;
  const units = DISPLAY_UNITS[row.chargeMode];
  return (
    <span>
      {units.first} {formatMeasure(row.chargeMode, d.firstQty)} <Money fen={d.firstFeeFen} prefix="¥" />，{units.additional}{' '}
      {formatMeasure(row.chargeMode, d.additionalQty)} <Money fen={d.additionalFeeFen} prefix="¥" />
    </span>
  );
}

export default function PriceTemplateListPage() {
  const [state, update, reset] = useUrlQuery(priceTemplateListRequest);
  const filter = { keyword: state.keyword, chargeMode: state.chargeMode, status: state.status };
  const list = usePriceTemplateList(state);
  const [editor, setEditor] = useState<{ open: boolean; id?: number }>({ open: false });
  const info = usePriceTemplateInfo(editor.id);
  const copy = useCopyPriceTemplate();
  const enable = useEnablePriceTemplate();
  const disable = useDisablePriceTemplate();
  const remove = useDeletePriceTemplate();
  const canEdit = usePermission(priceTemplateApi.update);
  const canCopy = usePermission(priceTemplateApi.copy);
  const canDisable = usePermission(priceTemplateApi.disable);
  const canEnable = usePermission(priceTemplateApi.enable);
  const canDelete = usePermission(priceTemplateApi.delete);

  const batch = useBatchTemplateStatus();

  const columns: ListColumns<PriceTemplateListItem> = [
    {
      title: '模板名称',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, row) =>
        canEdit ? <Typography.Link onClick={() => setEditor({ open: true, id: row.id })}>{name}</Typography.Link> : name,
    },
    { title: '计费方式', dataIndex: 'chargeMode', key: 'chargeMode', render: (mode: string) => <DictTag code={DICT.chargeMode} value={mode} /> },
    { title: '全国默认运费', key: 'defaultRow', render: (_, row) => <DefaultRowSummary row={row} /> },
    { title: '计费规则', dataIndex: 'chargeRowCount', key: 'chargeRowCount', align: 'right', render: (n: number) => `${n} 条` },
    { title: '包邮规则', dataIndex: 'freeRowCount', key: 'freeRowCount', align: 'right', render: (n: number) => (n ? `${n} 条` : '-') },
    {
      title: '不配送地区',
      dataIndex: 'noDeliveryCount',
      key: 'noDeliveryCount',
      hideBelow: 1300,
      align: 'right',
      render: (n: number) => (n ? `${n} 个` : '-'),
    },
    { title: '状态', dataIndex: 'status', key: 'status', render: (status: string) => <DictTag code={DICT.commonStatus} value={status} /> },
    { title: '备注', dataIndex: 'remark', key: 'remark', hideBelow: 1300, ellipsis: true, render: (remark: string | null) => remark || '-' },
    { title: '更新人', dataIndex: 'updatedBy', key: 'updatedBy', hideBelow: 1300, render: (by: string | null) => by ?? '-' },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      hideBelow: 1100,
      sorter: true,
      render: (at: string) => formatDateTime(at),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={4}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditor({ open: true, id: row.id })}>
              编辑
            </Button>
          )}
          {canCopy && (
            <Button type="link" size="small" disabled={copy.isPending} onClick={() => copy.mutate({ id: row.id })}>
              复制
            </Button>
          )}
          {(enablementActionAllowed('disable', row.status) ? canDisable : canEnable) &&
            (enablementActionAllowed('disable', row.status) ? (
              <Popconfirm
                title={`停用「${row.name}」？`}
                description="停用后使用它的估算会提示“模板已停用”"
                onConfirm={() => disable.mutate({ id: row.id, version: row.version })}
              >
                <Button type="link" size="small">
                  停用
                </Button>
              </Popconfirm>
            ) : (
              <Button type="link" size="small" onClick={() => enable.mutate({ id: row.id, version: row.version })}>
                启用
              </Button>
            ))}
          {canDelete && (
            <Popconfirm
              title={`删除「${row.name}」？`}
              description="被商品或供应商使用的模板不能删除"
              onConfirm={() => remove.mutate({ id: row.id, version: row.version })}
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

  const editing = editor.id !== undefined && info.data?.id === editor.id ? info.data : undefined;
  return (
    <div className="page-stack">
      <FilterForm values={state} onSearch={(values) => update({ ...values, page: 1 })} onReset={reset}>
        <Form.Item name="keyword" label="模板名称">
          <Input placeholder="模板名称" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="chargeMode" label="计费方式">
          <DictSelect code={DICT.chargeMode} placeholder="全部" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <DictSelect code={DICT.commonStatus} placeholder="全部" style={{ width: 120 }} />
        </Form.Item>
      </FilterForm>
      <DataTable<PriceTemplateListItem>
        tableId="priceTemplateList"
        title="配送价格模板"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={update}
        rowSelection={batch.rowSelection}
        toolbar={
          <Space>
            {batch.controls}
            <ExportButton endpoint={priceTemplateApi.export} filter={filter} fileName="配送价格模板" />
            <Can call={priceTemplateApi.create}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
                新建
              </Button>
            </Can>
          </Space>
        }
      />
      <TemplateEditor
        open={editor.open && (editor.id === undefined || editing !== undefined)}
        editing={editing}
        onClose={() => setEditor({ open: false })}
      />
    </div>
  );
}

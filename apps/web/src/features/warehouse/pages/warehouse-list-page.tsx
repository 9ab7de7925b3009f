import { PlusOutlined } from '@ant-design/icons';
import { DICT, type Warehouse, warehouseApi, warehouseListRequest } from '@scm/contract';
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
import { useDeleteWarehouse, useDisableWarehouse, useEnableWarehouse, useWarehouseInfo, useWarehouseList } from '@/features/warehouse/api/warehouse';
import { WarehouseForm } from '@/features/warehouse/components/warehouse-form';

/** 收货仓库 (docs/rules/base-data.md, "Warehouses"): the one source of the `warehouse` dictionary. */
export default function WarehouseListPage() {
  const [state, update, reset] = useUrlQuery(warehouseListRequest);
  const filter = { keyword: state.keyword, status: state.status };
  const list = useWarehouseList(state);
  const [editor, setEditor] = useState<{ open: boolean; id?: number }>({ open: false });
  const info = useWarehouseInfo(editor.id);
  const enable = useEnableWarehouse();
  const disable = useDisableWarehouse();
  const remove = useDeleteWarehouse();
  const canEdit = usePermission(warehouseApi.update);
  const canDisable = usePermission(warehouseApi.disable);
  const canEnable = usePermission(warehouseApi.enable);
  const canDelete = usePermission(warehouseApi.delete);

  const columns: ListColumns<Warehouse> = [
    { title: '仓库编码', dataIndex: 'code', key: 'code', sorter: true, width: 130 },
    {
      title: '仓库名称',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      width: 160,
      render: (name: string, row) =>
        canEdit ? <Typography.Link onClick={() => setEditor({ open: true, id: row.id })}>{name}</Typography.Link> : name,
    },
    { title: '状态', dataIndex: 'status', key: 'status', width: 80, render: (v: string) => <DictTag code={DICT.commonStatus} value={v} /> },
    {
      title: '收货地址',
      key: 'address',
      render: (_, row) => (
        <div>
          <div>{row.address}</div>
          <div className="muted">{row.regionName}</div>
        </div>
      ),
    },
    {
      title: '收货人',
      key: 'consignee',
      width: 140,
      render: (_, row) => (
        <div>
          <div>{row.consignee}</div>
          <div className="muted">{row.phone}</div>
        </div>
      ),
    },
    { title: '收货时间', dataIndex: 'receivingHours', key: 'receivingHours', width: 170, hideBelow: 1200, render: (v: string | null) => v ?? '-' },
    { title: '备注', dataIndex: 'remark', key: 'remark', ellipsis: true, hideBelow: 1400, render: (v: string | null) => v ?? '-' },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_, row) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditor({ open: true, id: row.id })}>
              编辑
            </Button>
          )}
          {enablementActionAllowed('disable', row.status)
            ? canDisable && (
                <Popconfirm
                  title={`停用「${row.name}」？`}
                  description="停用后新的计划和采购任务不能再选择它，已有单据不受影响。"
                  onConfirm={() => disable.mutate({ id: row.id, version: row.version })}
                >
                  <Button type="link" size="small" danger>
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
              title={`删除「${row.name}」？`}
              description="被计划或采购任务使用的仓库不能删除。"
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
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="编码 / 名称 / 地址" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <DictSelect code={DICT.commonStatus} placeholder="全部" style={{ width: 120 }} />
        </Form.Item>
      </FilterForm>
      <DataTable<Warehouse>
        tableId="warehouseList"
        title="收货仓库"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={update}
        toolbar={
          <>
            <ExportButton endpoint={warehouseApi.export} filter={filter} fileName="收货仓库" />
            <Can call={warehouseApi.create}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
                新建
              </Button>
            </Can>
          </>
        }
      />
      <WarehouseForm
        open={editor.open && (editor.id === undefined || editing !== undefined)}
        editing={editing}
        onClose={() => setEditor({ open: false })}
      />
    </div>
  );
}

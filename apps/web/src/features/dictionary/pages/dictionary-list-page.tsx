import { PlusOutlined } from '@ant-design/icons';
import { type DictType, DICT, dictTypeApi, dictTypeListRequest, formatDateTime, pagePath } from '@scm/contract';
import { enablementActionAllowed } from '@scm/contract';
import { Button, Form, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DictSelect } from '@/shared/dict/dict-select';
import { DictTag } from '@/shared/dict/dict-tag';
import { useJump } from '@/shared/navigation/use-jump';
import { Can, usePermission } from '@/shared/permission/can';
import { DataTable, type ListColumns } from '@/shared/table/data-table';
import { FilterForm } from '@/shared/table/filter-form';
import { useUrlQuery } from '@/shared/table/use-url-query';
import { ExportButton } from '@/shared/ui/export-button';
import {
  useBatchDictTypeStatus,
  useDeleteDictType,
  useDictTypeList,
  useDisableDictType,
  useEnableDictType,
} from '@/features/dictionary/api/dict-type';
import { DictTypeModal } from '@/features/dictionary/components/dict-type-modal';

export default function DictionaryListPage() {
  const [state, update, reset] = useUrlQuery(dictTypeListRequest);
  const filter = { keyword: state.keyword, status: state.status, builtIn: state.builtIn };
  const list = useDictTypeList(state);
  const jump = useJump();
  const [modal, setModal] = useState<{ open: boolean; editing?: DictType }>({ open: false });
  const enable = useEnableDictType();
  const disable = useDisableDictType();
  const remove = useDeleteDictType();
  const canEdit = usePermission(dictTypeApi.update);
  const canDisable = usePermission(dictTypeApi.disable);
  const canEnable = usePermission(dictTypeApi.enable);
  const canDelete = usePermission(dictTypeApi.delete);
  const openDetail = (code: string) => jump(pagePath('dataDictionaryDetail', { code }));

  const batch = useBatchDictTypeStatus();

  const columns: ListColumns<DictType> = [
    {
      title: '字典编码',
      dataIndex: 'code',
      key: 'code',
      sorter: true,
      render: (code: string) => (
        <Typography.Link onClick={() => openDetail(code)} data-testid={`dict-code-${code}`}>
          {code}
        </Typography.Link>
      ),
    },
    { title: '字典名称', dataIndex: 'name', key: 'name', sorter: true },
    { title: '状态', dataIndex: 'status', key: 'status', render: (status: string) => <DictTag code={DICT.commonStatus} value={status} /> },
    {
      title: '内置',
      dataIndex: 'builtIn',
      key: 'builtIn',
      render: (builtIn: boolean) => (builtIn ? <Tag color="purple">内置</Tag> : <Tag>自定义</Tag>),
    },
    {
      title: '字典项数量',
      dataIndex: 'itemCount',
      key: 'itemCount',
      align: 'right',
      render: (n: number) => <span data-testid="item-count">{n}</span>,
    },
    { title: '备注', dataIndex: 'remark', key: 'remark', hideBelow: 1300, ellipsis: true, render: (remark: string | null) => remark || '-' },
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
          <Button type="link" size="small" onClick={() => openDetail(row.code)}>
            字典项
          </Button>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setModal({ open: true, editing: row })}>
              编辑
            </Button>
          )}
          {(enablementActionAllowed('disable', row.status) ? canDisable : canEnable) &&
            (enablementActionAllowed('disable', row.status) ? (
              <Popconfirm
                title={`停用字典「${row.name}」？`}
                description="停用后新记录不能再选择该字典的值"
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
              title={`删除字典「${row.name}」？`}
              description="删除后不可恢复"
              disabled={row.builtIn || row.itemCount > 0}
              onConfirm={() => remove.mutate({ id: row.id, version: row.version })}
            >
              <Button
                type="link"
                size="small"
                danger
                disabled={row.builtIn || row.itemCount > 0}
                title={row.builtIn ? '内置字典不能删除' : row.itemCount > 0 ? '请先删除字典项' : undefined}
              >
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="page-stack">
      <FilterForm
        values={{ ...state, builtIn: state.builtIn === undefined ? undefined : String(state.builtIn) }}
        onSearch={(values) => update({ ...values, page: 1 })}
        onReset={reset}
      >
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="字典编码或名称" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <DictSelect code={DICT.commonStatus} placeholder="全部" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="builtIn" label="类型">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={[
              { value: 'true', label: '内置' },
              { value: 'false', label: '自定义' },
            ]}
          />
        </Form.Item>
      </FilterForm>
      <DataTable<DictType>
        tableId="dictTypeList"
        title="数据字典"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={update}
        rowSelection={batch.rowSelection}
        toolbar={
          <Space>
            {batch.controls}
            <ExportButton endpoint={dictTypeApi.export} filter={filter} fileName="数据字典" />
            <Can call={dictTypeApi.create}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true })}>
                新建
              </Button>
            </Can>
          </Space>
        }
      />
      <DictTypeModal
        open={modal.open}
        editing={modal.editing}
        onClose={() => setModal({ open: false })}
        onSaved={(code) => {
          if (!modal.editing) openDetail(code);
        }}
      />
    </div>
  );
}

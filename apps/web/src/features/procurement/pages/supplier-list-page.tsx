import { PlusOutlined } from '@ant-design/icons';
import { DICT, type Supplier, type SupplierStatus, supplierApi } from '@scm/contract';
import { Button, Dropdown, Form, Input, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DictSelect } from '../../../shared/dict/dict-select';
import { DictTag } from '../../../shared/dict/dict-tag';
import { Can, usePermission } from '../../../shared/permission/can';
import { ReasonedButton } from '../../../shared/ui/reasoned-button';
import { DataTable } from '../../../shared/table/data-table';
import { FilterForm } from '../../../shared/table/filter-form';
import { useUrlState } from '../../../shared/table/use-url-state';
import { ExportButton } from '../../../shared/ui/export-button';
import { useCategoryOptions, useDeleteSupplier, useSupplierInfo, useSupplierList, useSupplierStatus } from '../api/suppliers';
import { SupplierForm } from '../components/supplier-form';

const winRate = (bp: number | null) => (bp == null ? '-' : `${(bp / 100).toFixed(1)}%`);

export default function SupplierListPage() {
  const [state, update, reset] = useUrlState({
    page: 1, pageSize: 20, keyword: '', status: '', grade: '', settlementType: '', categoryId: 0, sortField: '', sortOrder: '',
  });
  const filter = {
    keyword: state.keyword || undefined,
    status: (state.status || undefined) as SupplierStatus | undefined,
    grade: state.grade || undefined,
    settlementType: state.settlementType || undefined,
    categoryId: state.categoryId || undefined,
  };
  const list = useSupplierList({
    page: state.page,
    pageSize: state.pageSize,
    ...filter,
    sortField: (state.sortField || undefined) as 'code' | undefined,
    sortOrder: (state.sortOrder || undefined) as 'ascend' | 'descend' | undefined,
  });
  const categories = useCategoryOptions();
  const [editor, setEditor] = useState<{ open: boolean; id?: number }>({ open: false });
  const info = useSupplierInfo(editor.id);
  const setStatus = useSupplierStatus();
  const remove = useDeleteSupplier();
  const canEdit = usePermission('supplierManagement:edit');
  const canStatus = usePermission('supplierManagement:status');
  const canDelete = usePermission('supplierManagement:delete');

  const columns: ColumnsType<Supplier> = [
    { title: '供应商编码', dataIndex: 'code', key: 'code', sorter: true, width: 150 },
    {
      title: '供应商名称',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, row) => (
        <Space direction="vertical" size={0}>
          {canEdit ? <Typography.Link onClick={() => setEditor({ open: true, id: row.id })}>{name}</Typography.Link> : name}
          {row.shortName && <span className="muted">{row.shortName}</span>}
        </Space>
      ),
    },
    { title: '联系人', key: 'contact', render: (_, row) => `${row.contactPerson} ${row.phone}` },
    { title: '所在地区', dataIndex: 'regionName', key: 'regionName' },
    {
      title: '供应品类',
      dataIndex: 'categoryNames',
      key: 'categoryNames',
      ellipsis: true,
      render: (names: string[]) => (names.length ? names.join('、') : '-'),
    },
    { title: '等级', dataIndex: 'grade', key: 'grade', sorter: true, render: (v: string) => <DictTag code={DICT.supplierGrade} value={v} /> },
    { title: '结算方式', dataIndex: 'settlementType', key: 'settlementType', render: (v: string) => <DictTag code={DICT.settlementType} value={v} /> },
    { title: '配送模板', dataIndex: 'priceTemplateName', key: 'priceTemplateName', render: (v: string | null) => v ?? '-' },
    { title: '受邀任务', dataIndex: 'tasksInvited', key: 'tasksInvited', sorter: true, align: 'right' },
    { title: '报价次数', dataIndex: 'quotesSubmitted', key: 'quotesSubmitted', align: 'right' },
    { title: '中标次数', dataIndex: 'awardsWon', key: 'awardsWon', sorter: true, align: 'right' },
    { title: '中标率', dataIndex: 'winRateBp', key: 'winRateBp', align: 'right', render: winRate },
    { title: '状态', dataIndex: 'status', key: 'status', render: (v: string) => <DictTag code={DICT.supplierStatus} value={v} /> },
    { title: '更新时间', dataIndex: 'updatedAt', key: 'updatedAt', sorter: true, render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm') },
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
          {canStatus && (
            <Dropdown
              menu={{
                items: (['enabled', 'disabled', 'blacklisted'] as const)
                  .filter((s) => s !== row.status)
                  .map((s) => ({ key: s, label: { enabled: '启用', disabled: '停用', blacklisted: '列入黑名单' }[s], danger: s === 'blacklisted' })),
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
      <FilterForm values={{ ...state, categoryId: state.categoryId || undefined }} onSearch={(values) => update({ ...values, page: 1 })} onReset={reset}>
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
        title="供应商管理"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={update}
        toolbar={
          <>
            <ExportButton endpoint={supplierApi.export} filter={filter} fileName="供应商" code="supplierManagement:export" />
            <Can code="supplierManagement:create">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
                新建
              </Button>
            </Can>
          </>
        }
      />
      <SupplierForm open={editor.open && (editor.id === undefined || editing !== undefined)} editing={editing} onClose={() => setEditor({ open: false })} />
    </div>
  );
}

import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DERIVED_DICTIONARIES,
  DICT,
  type DictItem,
  dictItemListRequest,
  isStatusDictionary,
  TAG_COLOR_LABELS,
  formatDateTime,
  pagePath,
  dictItemApi,
} from '@scm/contract';
import { enablementActionAllowed } from '@scm/contract';
import { Alert, Button, Card, Descriptions, Form, Input, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DictSelect } from '@/shared/dict/dict-select';
import { DictTag } from '@/shared/dict/dict-tag';
import { useJump } from '@/shared/navigation/use-jump';
import { Can, usePermission } from '@/shared/permission/can';
import { DataTable, type ListColumns } from '@/shared/table/data-table';
import { FilterForm } from '@/shared/table/filter-form';
import { useUrlQuery } from '@/shared/table/use-url-query';
import { PageNotice } from '@/shared/ui/page-notice';
import { useDeleteDictItem, useDictItemList, useDisableDictItem, useEnableDictItem } from '@/features/dictionary/api/dict-item';
import { useDictTypeInfo } from '@/features/dictionary/api/dict-type';
import { DictItemModal } from '@/features/dictionary/components/dict-item-modal';

/** The dictionary comes from `code` in the URL; the table keeps its paging and filters beside it. */
const urlSchema = dictItemListRequest.pick({ page: true, pageSize: true, keyword: true, status: true });

export default function DictionaryDetailPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [state, update] = useUrlQuery(urlSchema, { pageSize: 50 });
  const type = useDictTypeInfo(code);
  const items = useDictItemList({ typeCode: code, ...state });
  const jump = useJump();
  const [modal, setModal] = useState<{ open: boolean; editing?: DictItem }>({ open: false });
  const enable = useEnableDictItem();
  const disable = useDisableDictItem();
  const remove = useDeleteDictItem();
  // A type another page keeps (收货仓库 for `warehouse`) is shown here read-only, with the way there.
  const derived = (DERIVED_DICTIONARIES as Record<string, { label: string; path: string } | undefined>)[code];
  // A status dictionary is the system's: its items are the business flow's statuses (docs/rules/base-data.md).
  const system = isStatusDictionary(code);
  const canEdit = usePermission(dictItemApi.update) && !derived && !system;

  if (!code || type.error?.code === 404) {
    return (
      <PageNotice
        title="字典不存在"
        detail={code ? `没有编码为 ${code} 的字典` : '请从数据字典列表进入'}
        action={<Button onClick={() => jump(pagePath('dataDictionary'))}>返回数据字典</Button>}
      />
    );
  }

  const columns: ListColumns<DictItem> = [
    { title: '字典标签', dataIndex: 'label', key: 'label', render: (label: string, row) => <Tag color={row.tagColor}>{label}</Tag> },
    { title: '字典值', dataIndex: 'value', key: 'value', render: (value: string) => <code>{value}</code> },
    { title: '排序', dataIndex: 'sort', key: 'sort', align: 'right' },
    {
      title: '标签颜色',
      dataIndex: 'tagColor',
      key: 'tagColor',
      hideBelow: 1100,
      render: (color: DictItem['tagColor']) => TAG_COLOR_LABELS[color] ?? color,
    },
    { title: '默认', dataIndex: 'isDefault', key: 'isDefault', render: (isDefault: boolean) => (isDefault ? <Tag color="gold">默认</Tag> : '-') },
    { title: '状态', dataIndex: 'status', key: 'status', render: (status: string) => <DictTag code={DICT.commonStatus} value={status} /> },
    { title: '备注', dataIndex: 'remark', key: 'remark', hideBelow: 1300, ellipsis: true, render: (remark: string | null) => remark || '-' },
    { title: '更新时间', dataIndex: 'updatedAt', key: 'updatedAt', hideBelow: 1300, render: (at: string) => formatDateTime(at) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_, row) =>
        canEdit ? (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => setModal({ open: true, editing: row })}>
              编辑
            </Button>
            {enablementActionAllowed('disable', row.status) ? (
              <Popconfirm
                title={`停用「${row.label}」？`}
                description="旧记录仍显示它，新记录不能再选"
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
            )}
            <Popconfirm
              title={`删除「${row.label}」？`}
              description="已使用该值的业务数据将只显示字典值"
              onConfirm={() => remove.mutate({ id: row.id, version: row.version })}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  const info = type.data;
  const nextSort = ((items.data?.list ?? []).reduce((max, item) => Math.max(max, item.sort), 0) || 0) + 10;

  return (
    <div className="page-stack">
      <Card
        size="small"
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回" onClick={() => jump(pagePath('dataDictionary'))} />
            {info ? `${info.name}（${info.code}）` : code}
          </Space>
        }
        loading={type.isLoading}
      >
        {info && (
          <Descriptions size="small" column={4}>
            <Descriptions.Item label="字典编码">{info.code}</Descriptions.Item>
            <Descriptions.Item label="字典名称">{info.name}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <DictTag code={DICT.commonStatus} value={info.status} />
            </Descriptions.Item>
            <Descriptions.Item label="类型">{info.builtIn ? <Tag color="purple">内置</Tag> : <Tag>自定义</Tag>}</Descriptions.Item>
            <Descriptions.Item label="字典项">{info.itemCount}</Descriptions.Item>
            <Descriptions.Item label="备注" span={3}>
              {info.remark || '-'}
            </Descriptions.Item>
          </Descriptions>
        )}
        {system && (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 12 }}
            message="该字典为业务状态，由系统按业务流程维护：各页面的状态标签与颜色即取自这里，不能在数据字典中修改。"
          />
        )}
        {derived && (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 12 }}
            message={`该字典由「${derived.label}」维护：字典项即启用的${derived.label}（值为编码，标签为名称），请在${derived.label}中新增或修改。`}
            action={
              <Button size="small" onClick={() => jump(derived.path)}>
                前往{derived.label}
              </Button>
            }
          />
        )}
      </Card>
      <FilterForm
        values={state}
        onSearch={(values) => update({ ...values, page: 1 })}
        onReset={() => update({ keyword: undefined, status: undefined, page: 1 })}
      >
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="标签或值" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <DictSelect code={DICT.commonStatus} placeholder="全部" style={{ width: 120 }} />
        </Form.Item>
      </FilterForm>
      <DataTable<DictItem>
        tableId="dictItemList"
        title="字典项"
        columns={columns}
        data={items.data}
        loading={items.isFetching}
        onRefresh={() => items.refetch()}
        onTableChange={(change) => update({ page: change.page, pageSize: change.pageSize })}
        toolbar={
          derived || system ? null : (
            <Can call={dictItemApi.create}>
              <Button type="primary" icon={<PlusOutlined />} disabled={!info} onClick={() => setModal({ open: true })}>
                新增字典项
              </Button>
            </Can>
          )
        }
      />
      {info && (
        <DictItemModal open={modal.open} typeId={info.id} editing={modal.editing} nextSort={nextSort} onClose={() => setModal({ open: false })} />
      )}
    </div>
  );
}

import { DICT, formatDateTime, type StatementItem, statementListRequest, supplierStatementApi, detailPath } from '@scm/contract';
import { Button, DatePicker, Form, Input, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { DictSelect } from '@/shared/dict/dict-select';
import { DictTag } from '@/shared/dict/dict-tag';
import { dayRange, optionalDayText } from '@/shared/form/day-value';
import { useJump } from '@/shared/navigation/use-jump';
import { Can, usePermission } from '@/shared/permission/can';
import { SupplierSelect } from '@/shared/supplier/supplier-select';
import { DataTable, type ListColumns } from '@/shared/table/data-table';
import { FilterForm } from '@/shared/table/filter-form';
import { useUrlQuery } from '@/shared/table/use-url-query';
import { ExportButton } from '@/shared/ui/export-button';
import { Money } from '@/shared/ui/money';
import { useStatementList } from '@/features/supplier-statement/api/supplier-statement';
import { CreateStatementModal } from '@/features/supplier-statement/components/create-statement-modal';

interface FilterValues {
  keyword?: string;
  supplierId?: number;
  status?: string;
  period?: [Dayjs, Dayjs] | null;
}

export default function SupplierStatementListPage() {
  const [state, update, reset] = useUrlQuery(statementListRequest);
  const list = useStatementList(state);
  const jump = useJump();
  const canOpen = usePermission('supplierStatementDetail');
  const [creating, setCreating] = useState(false);
  const filter = {
    keyword: state.keyword,
    supplierId: state.supplierId,
    status: state.status,
    periodFrom: state.periodFrom,
    periodTo: state.periodTo,
  };
  const open = (id: number) => jump(detailPath('supplierStatementDetail', id));

  const columns: ListColumns<StatementItem> = [
    {
      title: '对账单号',
      dataIndex: 'code',
      key: 'code',
      sorter: true,
      width: 150,
      render: (code: string, row) => (canOpen ? <Typography.Link onClick={() => open(row.id)}>{code}</Typography.Link> : code),
    },
    { title: '供应商', dataIndex: 'supplierName', key: 'supplierName', ellipsis: { showTitle: true } },
    {
      title: '对账期间',
      key: 'period',
      width: 190,
      render: (_, row) => `${row.periodFrom} ~ ${row.periodTo}`,
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 110,
      render: (v: string) => <DictTag code={DICT.statementStatus} value={v} />,
    },
    {
      title: '对账总额(元)',
      dataIndex: 'totalFen',
      key: 'totalFen',
      sorter: true,
      align: 'right',
      width: 130,
      render: (fen: number) => <Money fen={fen} />,
    },
    {
      title: '货款(元)',
      dataIndex: 'goodsFen',
      key: 'goodsFen',
      align: 'right',
      width: 120,
      hideBelow: 1400,
      render: (fen: number) => <Money fen={fen} />,
    },
    {
      title: '运费(元)',
      dataIndex: 'freightFen',
      key: 'freightFen',
      align: 'right',
      width: 100,
      hideBelow: 1500,
      render: (fen: number) => <Money fen={fen} />,
    },
    {
      title: '退货(元)',
      dataIndex: 'returnsFen',
      key: 'returnsFen',
      align: 'right',
      width: 100,
      hideBelow: 1500,
      render: (fen: number) => <Money fen={fen} />,
    },
    { title: '版本', dataIndex: 'revision', key: 'revision', width: 60, hideBelow: 1300 },
    { title: '创建人', dataIndex: 'createdByName', key: 'createdByName', width: 90, hideBelow: 1300 },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      width: 150,
      hideBelow: 1600,
      render: (at: string) => formatDateTime(at),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_, row) =>
        canOpen && (
          <Button type="link" size="small" onClick={() => open(row.id)}>
            详情
          </Button>
        ),
    },
  ];

  const range = dayRange(state.periodFrom, state.periodTo);
  return (
    <div className="page-stack">
      <FilterForm
        values={{ keyword: state.keyword, supplierId: state.supplierId, status: state.status, period: range }}
        onSearch={(values: FilterValues) =>
          update({
            keyword: values.keyword?.trim(),
            supplierId: values.supplierId,
            status: values.status as StatementItem['status'] | undefined,
            periodFrom: optionalDayText(values.period?.[0]),
            periodTo: optionalDayText(values.period?.[1]),
            page: 1,
          })
        }
        onReset={reset}
      >
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="对账单号 / 供应商" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="supplierId" label="供应商">
          <SupplierSelect allowClear placeholder="全部" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <DictSelect code={DICT.statementStatus} placeholder="全部" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="period" label="对账期间">
          <DatePicker.RangePicker />
        </Form.Item>
      </FilterForm>
      <DataTable<StatementItem>
        tableId="supplierStatementList"
        title="供应商对账"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={update}
        toolbar={
          <>
            <Can call={supplierStatementApi.create}>
              <Button type="primary" onClick={() => setCreating(true)}>
                新建对账单
              </Button>
            </Can>
            <ExportButton endpoint={supplierStatementApi.export} filter={filter} fileName="供应商对账" />
          </>
        }
      />
      <CreateStatementModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          open(id);
        }}
      />
    </div>
  );
}

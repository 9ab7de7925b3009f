import { dayRange, optionalDayText } from '@/shared/form/day-value';
import { DICT, type PurchaseOrderItem, purchaseOrderApi, purchaseOrderListRequest, formatDateTime, detailPath } from '@scm/contract';
import { Button, DatePicker, Form, Input, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { DictSelect } from '@/shared/dict/dict-select';
import { DictTag } from '@/shared/dict/dict-tag';
import { useJump } from '@/shared/navigation/use-jump';
import { usePermission } from '@/shared/permission/can';
import { SupplierSelect } from '@/shared/supplier/supplier-select';
import { DataTable, type ListColumns } from '@/shared/table/data-table';
import { FilterForm } from '@/shared/table/filter-form';
import { useUrlQuery } from '@/shared/table/use-url-query';
import { ExportButton } from '@/shared/ui/export-button';
import { Money } from '@/shared/ui/money';
import { UserSelect } from '@/shared/user/user-select';
import { useOrderList } from '@/features/purchase-order/api/purchase-order';

interface FilterValues {
  keyword?: string;
  supplierId?: number;
  status?: string;
  buyerId?: number;
  created?: [Dayjs, Dayjs] | null;
}

export default function PurchaseOrderListPage() {
  const [state, update, reset] = useUrlQuery(purchaseOrderListRequest);
  const list = useOrderList(state);
  const jump = useJump();
  const canOpen = usePermission('purchaseOrderDetail');
  const canOpenTask = usePermission('procurementTaskMaintain');
  const filter = {
    keyword: state.keyword,
    supplierId: state.supplierId,
    status: state.status,
    buyerId: state.buyerId,
    taskId: state.taskId,
    createdFrom: state.createdFrom,
    createdTo: state.createdTo,
  };
  const open = (id: number) => jump(detailPath('purchaseOrderDetail', id));

  const columns: ListColumns<PurchaseOrderItem> = [
    {
      title: '订单编号',
      dataIndex: 'code',
      key: 'code',
      sorter: true,
      width: 150,
      render: (code: string, row) => (canOpen ? <Typography.Link onClick={() => open(row.id)}>{code}</Typography.Link> : code),
    },
    { title: '供应商', dataIndex: 'supplierName', key: 'supplierName', ellipsis: { showTitle: true } },
    { title: '状态', dataIndex: 'status', key: 'status', width: 90, render: (v: string) => <DictTag code={DICT.purchaseOrderStatus} value={v} /> },
    {
      title: '订单总额(元)',
      dataIndex: 'totalFen',
      key: 'totalFen',
      sorter: true,
      align: 'right',
      width: 130,
      render: (fen: number) => <Money fen={fen} />,
    },
    {
      title: '到货进度',
      key: 'progress',
      width: 120,
      render: (_, row) => (
        <Space size={6}>
          <progress
            aria-label="到货进度"
            max={Math.max(1, row.orderedQuantity)}
            value={Math.min(row.receivedQuantity, row.orderedQuantity)}
            style={{ width: 60 }}
          />
          <span className="muted">
            {row.receivedQuantity}/{row.orderedQuantity}
          </span>
        </Space>
      ),
    },
    { title: '需求日期', dataIndex: 'requiredBy', key: 'requiredBy', sorter: true, width: 110, render: (v: string | null) => v ?? '-' },
    {
      title: '采购任务',
      dataIndex: 'taskCode',
      key: 'taskCode',
      width: 150,
      hideBelow: 1400,
      render: (code: string, row) =>
        canOpenTask ? <Typography.Link onClick={() => jump(detailPath('procurementTaskMaintain', row.taskId))}>{code}</Typography.Link> : code,
    },
    {
      title: '货值(元)',
      dataIndex: 'goodsFen',
      key: 'goodsFen',
      align: 'right',
      width: 120,
      hideBelow: 1600,
      render: (fen: number) => <Money fen={fen} />,
    },
    {
      title: '运费(元)',
      dataIndex: 'freightFen',
      key: 'freightFen',
      align: 'right',
      width: 100,
      hideBelow: 1600,
      render: (fen: number) => <Money fen={fen} />,
    },
    { title: '采购员', dataIndex: 'buyerName', key: 'buyerName', width: 90, hideBelow: 1300 },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      width: 150,
      hideBelow: 1500,
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

  const range = dayRange(state.createdFrom, state.createdTo);
  return (
    <div className="page-stack">
      <FilterForm
        values={{ keyword: state.keyword, supplierId: state.supplierId, status: state.status, buyerId: state.buyerId, created: range }}
        onSearch={(values: FilterValues) =>
          update({
            keyword: values.keyword?.trim(),
            supplierId: values.supplierId,
            status: values.status as PurchaseOrderItem['status'] | undefined,
            buyerId: values.buyerId,
            createdFrom: optionalDayText(values.created?.[0]),
            createdTo: optionalDayText(values.created?.[1]),
            page: 1,
          })
        }
        onReset={reset}
      >
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="订单编号 / 供应商" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="supplierId" label="供应商">
          <SupplierSelect allowClear placeholder="全部" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <DictSelect code={DICT.purchaseOrderStatus} placeholder="全部" style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="buyerId" label="采购员">
          <UserSelect allowClear placeholder="全部" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="created" label="创建日期">
          <DatePicker.RangePicker />
        </Form.Item>
      </FilterForm>
      <DataTable<PurchaseOrderItem>
        tableId="purchaseOrderList"
        title="采购订单"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={update}
        toolbar={<ExportButton endpoint={purchaseOrderApi.export} filter={filter} fileName="采购订单" />}
      />
    </div>
  );
}

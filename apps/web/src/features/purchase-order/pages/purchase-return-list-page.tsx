import { DICT, type PurchaseReturnItem, purchaseReturnApi, purchaseReturnListRequest, detailPath, formatDateTime } from '@scm/contract';
import { Button, Form, Input, Typography } from 'antd';
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
import { useReturnList } from '@/features/purchase-order/api/purchase-return';

interface FilterValues {
  keyword?: string;
  supplierId?: number;
  status?: string;
}

/** 采购退货: every return in the user's data scope; a return is created from its order's 退货 action. */
export default function PurchaseReturnListPage() {
  const [state, update, reset] = useUrlQuery(purchaseReturnListRequest);
  const list = useReturnList(state);
  const jump = useJump();
  const canOpen = usePermission('purchaseReturnDetail');
  const canOpenOrder = usePermission('purchaseOrderDetail');
  const filter = { keyword: state.keyword, supplierId: state.supplierId, status: state.status, orderId: state.orderId };
  const open = (id: number) => jump(detailPath('purchaseReturnDetail', id));

  const columns: ListColumns<PurchaseReturnItem> = [
    {
      title: '退货单号',
      dataIndex: 'code',
      key: 'code',
      sorter: true,
      width: 150,
      render: (code: string, row) => (canOpen ? <Typography.Link onClick={() => open(row.id)}>{code}</Typography.Link> : code),
    },
    {
      title: '采购订单',
      dataIndex: 'orderCode',
      key: 'orderCode',
      width: 150,
      render: (code: string, row) =>
        canOpenOrder ? <Typography.Link onClick={() => jump(detailPath('purchaseOrderDetail', row.orderId))}>{code}</Typography.Link> : code,
    },
    { title: '供应商', dataIndex: 'supplierName', key: 'supplierName', ellipsis: { showTitle: true } },
    {
      title: '退货原因',
      dataIndex: 'reasonType',
      key: 'reasonType',
      width: 100,
      render: (v: string) => <DictTag code={DICT.returnReason} value={v} />,
    },
    { title: '补发', dataIndex: 'replacement', key: 'replacement', width: 70, render: (v: boolean) => (v ? '补发' : '不补发') },
    { title: '状态', dataIndex: 'status', key: 'status', width: 110, render: (v: string) => <DictTag code={DICT.purchaseReturnStatus} value={v} /> },
    { title: '数量', dataIndex: 'quantity', key: 'quantity', align: 'right', width: 80 },
    {
      title: '金额(元)',
      dataIndex: 'amountFen',
      key: 'amountFen',
      sorter: true,
      align: 'right',
      width: 120,
      render: (fen: number) => <Money fen={fen} />,
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      width: 150,
      hideBelow: 1300,
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

  return (
    <div className="page-stack">
      <FilterForm
        values={{ keyword: state.keyword, supplierId: state.supplierId, status: state.status }}
        onSearch={(values: FilterValues) =>
          update({
            keyword: values.keyword?.trim(),
            supplierId: values.supplierId,
            status: values.status as PurchaseReturnItem['status'] | undefined,
            page: 1,
          })
        }
        onReset={reset}
      >
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="退货单号 / 订单编号 / 供应商" allowClear style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="supplierId" label="供应商">
          <SupplierSelect allowClear placeholder="全部" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <DictSelect code={DICT.purchaseReturnStatus} placeholder="全部" style={{ width: 140 }} />
        </Form.Item>
      </FilterForm>
      <DataTable<PurchaseReturnItem>
        tableId="purchaseReturnList"
        title="采购退货"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={update}
        toolbar={<ExportButton endpoint={purchaseReturnApi.export} filter={filter} fileName="采购退货" />}
      />
    </div>
  );
}

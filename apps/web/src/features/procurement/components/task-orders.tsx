import { DICT, purchaseOrderApi, detailPath } from '@scm/contract';
import { Card, Table, Typography } from 'antd';
import { DictTag } from '@/shared/dict/dict-tag';
import { useApiQuery } from '@/shared/http/hooks';
import { useJump } from '@/shared/navigation/use-jump';
import { usePermission } from '@/shared/permission/can';
import { Money } from '@/shared/ui/money';

/** 采购订单 the award made for this task, one per awarded supplier, each opening its detail. */
export function TaskOrders({ taskId }: { taskId: number }) {
  const canList = usePermission(purchaseOrderApi.list);
  const canOpen = usePermission('purchaseOrderDetail');
  const jump = useJump();
  const orders = useApiQuery(purchaseOrderApi.list, { taskId, pageSize: 50 }, { enabled: canList, staleTime: 0 });
  if (!canList) return null;
  return (
    <Card size="small" title={`采购订单（${orders.data?.total ?? 0}）`}>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        loading={orders.isLoading}
        dataSource={orders.data?.list ?? []}
        columns={[
          {
            title: '订单编号',
            dataIndex: 'code',
            render: (code: string, row) =>
              canOpen ? <Typography.Link onClick={() => jump(detailPath('purchaseOrderDetail', row.id))}>{code}</Typography.Link> : code,
          },
          { title: '供应商', dataIndex: 'supplierName' },
          { title: '状态', dataIndex: 'status', render: (v: string) => <DictTag code={DICT.purchaseOrderStatus} value={v} /> },
          { title: '订单总额(元)', dataIndex: 'totalFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
          { title: '已收/订购', key: 'received', align: 'right', render: (_, row) => `${row.receivedQuantity}/${row.orderedQuantity}` },
        ]}
      />
    </Card>
  );
}

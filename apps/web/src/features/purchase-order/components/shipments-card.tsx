import { DICT, type PurchaseOrderDetail, shipmentApi } from '@scm/contract';
import { Button, Card, Empty, Input, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useCancelShipment } from '@/features/purchase-order/api/purchase-order';
import { DictTag } from '@/shared/dict/dict-tag';
import { usePermission } from '@/shared/permission/can';

export type OrderShipment = PurchaseOrderDetail['shipments'][number];

interface Props {
  order: PurchaseOrderDetail;
  /** The user may record a receipt (`purchaseOrderApi.receive`) and the order takes one now. */
  canReceive: boolean;
  /** The user may register a shipment (`shipmentApi.create`) and the order takes one now. */
  canShip: boolean;
  onReceive: (shipment: OrderShipment) => void;
  onShip: () => void;
}

/** 发货通知 of the order: what each shipped, what a receipt found (差异), and the buyer's actions. */
export function ShipmentsCard({ order, canReceive, canShip, onReceive, onShip }: Props) {
  const cancel = useCancelShipment();
  const mayCancel = usePermission(shipmentApi.cancel);
  const [cancelling, setCancelling] = useState<{ shipment: OrderShipment; reason: string }>();
  const lineName = new Map(order.lines.map((l) => [l.id, l.commodityName]));
  return (
    <Card
      size="small"
      title={`发货通知（${order.shipments.length}）`}
      extra={
        canShip && (
          <Button size="small" onClick={onShip}>
            代登记发货
          </Button>
        )
      }
    >
      {order.shipments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="供应商尚未发货" />
      ) : (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={order.shipments}
          columns={[
            {
              title: '发货单',
              key: 'code',
              render: (_, s) => (
                <div>
                  <div>{s.code}</div>
                  <div className="muted">送货单号 {s.deliveryNoteNo}</div>
                </div>
              ),
            },
            { title: '状态', dataIndex: 'status', width: 80, render: (v: string) => <DictTag code={DICT.shipmentStatus} value={v} /> },
            {
              title: '发货 / 预计到货',
              key: 'dates',
              width: 170,
              render: (_, s) => `${s.shipDate} → ${s.expectedArrival}`,
            },
            {
              title: '承运',
              key: 'carrier',
              render: (_, s) => [s.carrier, s.vehiclePlate].filter(Boolean).join(' ') || '-',
            },
            {
              title: '明细（发货 / 实收）',
              key: 'lines',
              render: (_, s) =>
                s.lines.map((l) => {
                  const diff = l.receivedQuantity == null ? 0 : l.receivedQuantity - l.quantity;
                  return (
                    <div key={l.orderLineId}>
                      {lineName.get(l.orderLineId)} {l.quantity}
                      {l.receivedQuantity != null && ` / ${l.receivedQuantity}`}
                      {diff !== 0 && (
                        <Typography.Text type="danger">
                          {' '}
                          差异 {diff > 0 ? '+' : ''}
                          {diff}
                        </Typography.Text>
                      )}
                    </div>
                  );
                }),
            },
            {
              title: '操作',
              key: 'actions',
              width: 120,
              render: (_, s) =>
                s.status === 'in_transit' && (
                  <Space size={0}>
                    {canReceive && (
                      <Button type="link" size="small" onClick={() => onReceive(s)}>
                        收货
                      </Button>
                    )}
                    {canShip && mayCancel && (
                      <Button type="link" size="small" danger onClick={() => setCancelling({ shipment: s, reason: '' })}>
                        取消
                      </Button>
                    )}
                  </Space>
                ),
            },
          ]}
        />
      )}
      <Modal
        title={`取消发货通知 ${cancelling?.shipment.code ?? ''}`}
        open={Boolean(cancelling)}
        okText="取消发货通知"
        cancelText="返回"
        okButtonProps={{ danger: true, disabled: !cancelling?.reason.trim(), loading: cancel.isPending }}
        onCancel={() => setCancelling(undefined)}
        onOk={() =>
          cancelling &&
          cancel.mutate(
            { id: cancelling.shipment.id, version: cancelling.shipment.version, reason: cancelling.reason.trim() },
            { onSuccess: () => setCancelling(undefined) },
          )
        }
      >
        <Input.TextArea
          aria-label="取消原因"
          placeholder="请输入取消原因"
          maxLength={200}
          rows={3}
          value={cancelling?.reason}
          onChange={(e) => cancelling && setCancelling({ ...cancelling, reason: e.target.value })}
        />
      </Modal>
    </Card>
  );
}

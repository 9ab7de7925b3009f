import { PrinterOutlined } from '@ant-design/icons';
import {
  CONFIRM_CHANNEL_LABELS,
  CONFIRMED_BY_LABELS,
  DICT,
  INVOICE_TYPE_LABELS,
  type PurchaseOrderDetail,
  purchaseOrderApi,
  purchaseReceiptApi,
  purchaseReturnApi,
  shipmentApi,
  formatDateTime,
  formatMonthDayTime,
  detailPath,
  pagePath,
  printPath,
} from '@scm/contract';
import { Alert, Button, Card, Col, Descriptions, Empty, Input, Modal, Row, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DictTag } from '@/shared/dict/dict-tag';
import { useJump } from '@/shared/navigation/use-jump';
import { usePermission } from '@/shared/permission/can';
import { Money } from '@/shared/ui/money';
import { PageNotice } from '@/shared/ui/page-notice';
import { ReasonModal } from '@/shared/ui/reason-modal';
import { useCloseOrder, useOrderInfo, useReverseReceipt } from '@/features/purchase-order/api/purchase-order';
import { type OrderShipment, ShipmentsCard } from '@/features/purchase-order/components/shipments-card';
import { DeliveryAddressText } from '@/shared/ui/delivery-address';

// Its date picker, number inputs and drawer load when 收货 is pressed, not with the page.
const ReceiveDrawer = lazy(() => import('@/features/purchase-order/components/receive-drawer'));
const ReturnDrawer = lazy(() => import('@/features/purchase-order/components/return-drawer'));
const ShipmentDrawer = lazy(() => import('@/features/purchase-order/components/shipment-drawer'));
const ConfirmDialog = lazy(() => import('@/features/purchase-order/components/confirm-dialog'));

const PAGE_LABEL = '采购订单详情';

export default function PurchaseOrderDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const info = useOrderInfo(id);
  if (!id) return <PageNotice title="请从采购订单列表打开订单" />;
  if (info.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (info.isError || !info.data) return <PageNotice title="采购订单不存在或无权查看" />;
  return <OrderView order={info.data} />;
}

function OrderView({ order }: { order: PurchaseOrderDetail }) {
  const jump = useJump();
  const close = useCloseOrder();
  const reverse = useReverseReceipt();
  const [returning, setReturning] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [shipping, setShipping] = useState(false);
  // 收货, from the order's open quantities or from one shipping notice.
  const [receiving, setReceiving] = useState<{ shipment?: OrderShipment } | null>(null);
  const [reversing, setReversing] = useState<PurchaseOrderDetail['receipts'][number] | null>(null);
  const [closing, setClosing] = useState<{ open: boolean; reason: string }>({ open: false, reason: '' });
  const can = {
    confirm: usePermission(purchaseOrderApi.confirm),
    receive: usePermission(purchaseOrderApi.receive),
    ship: usePermission(shipmentApi.create),
    close: usePermission(purchaseOrderApi.close),
    reverse: usePermission(purchaseReceiptApi.reverse),
    returnGoods: usePermission(purchaseReturnApi.create),
    openReturn: usePermission('purchaseReturnDetail'),
    task: usePermission('procurementTaskMaintain'),
    plan: usePermission('planningTaskDetail'),
  };
  const body = { id: order.id, version: order.version };
  const print = () => window.open(printPath('purchaseOrder', order.id), '_blank');
  const lineName = new Map(order.lines.map((l) => [l.id, l.commodityName]));
  // What the server says the user may do to the order now (its status machine).
  const allowed = new Set(order.allowedActions);

  const actions = (
    <Space wrap>
      {can.confirm && allowed.has('confirm') && (
        <Button type="primary" onClick={() => setConfirming(true)}>
          确认
        </Button>
      )}
      {can.receive && allowed.has('receive') && (
        <Button type="primary" onClick={() => setReceiving({})}>
          收货
        </Button>
      )}
      {can.returnGoods && order.lines.some((l) => l.returnableQuantity > 0) && <Button onClick={() => setReturning(true)}>退货</Button>}
      {can.close && allowed.has('close') && (
        <Button danger onClick={() => setClosing({ open: true, reason: '' })}>
          关闭
        </Button>
      )}
      <Button icon={<PrinterOutlined />} onClick={print}>
        打印
      </Button>
    </Space>
  );

  return (
    <div className="page-stack">
      <Card
        title={
          <Space>
            <span>
              {PAGE_LABEL} · {order.code}
            </span>
            <DictTag code={DICT.purchaseOrderStatus} value={order.status} />
          </Space>
        }
        extra={actions}
      >
        {order.status === 'closed' && order.closeReason && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`已关闭：${order.closeReason}`} />
        )}
        {order.rejectReason && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            message={`供应商已拒绝：${order.rejectReason}`}
            description={order.status === 'rejected' ? '请关闭订单，计划明细仍待采购。' : undefined}
          />
        )}
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="供应商">{order.supplierName}</Descriptions.Item>
          <Descriptions.Item label="采购任务">
            {can.task ? (
              <Typography.Link onClick={() => jump(detailPath('procurementTaskMaintain', order.taskId))}>{order.taskCode}</Typography.Link>
            ) : (
              order.taskCode
            )}
            <span className="muted">　{order.taskName}</span>
          </Descriptions.Item>
          <Descriptions.Item label="来源计划">
            {order.planCode && can.plan ? (
              <Typography.Link onClick={() => jump(pagePath('planningTaskDetail', { id: order.planId }))}>{order.planCode}</Typography.Link>
            ) : (
              (order.planCode ?? '-')
            )}
          </Descriptions.Item>
          <Descriptions.Item label="采购员">{order.buyerName}</Descriptions.Item>
          <Descriptions.Item label="需求日期">{order.requiredBy ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="收货地址" span={2}>
            <DeliveryAddressText address={order.deliveryAddress} regionName={order.deliveryRegionName} />
          </Descriptions.Item>
          <Descriptions.Item label="发票">
            {INVOICE_TYPE_LABELS[order.invoiceType]} {order.taxRatePercent}%
          </Descriptions.Item>
          <Descriptions.Item label="货值 / 运费">
            <Money fen={order.goodsFen} prefix="¥" /> / <Money fen={order.freightFen} prefix="¥" />
          </Descriptions.Item>
          <Descriptions.Item label="订单总额">
            <Typography.Text strong>
              <Money fen={order.totalFen} prefix="¥" />
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="实收金额">
            <Money fen={order.receivedTotalFen} prefix="¥" />
            <span className="muted">（实收 × 单价 + 运费）</span>
          </Descriptions.Item>
          <Descriptions.Item label="创建时间">{formatDateTime(order.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="确认">
            {order.confirmedAt ? (
              <>
                {formatDateTime(order.confirmedAt)}
                <span className="muted">
                  　{order.confirmedBy ? CONFIRMED_BY_LABELS[order.confirmedBy] : ''} {order.confirmedByName ?? ''}
                  {order.confirmChannel ? `（${CONFIRM_CHANNEL_LABELS[order.confirmChannel]}）` : ''}
                </span>
              </>
            ) : (
              '-'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="承诺到货">
            {order.promisedDate ?? '-'}
            {order.confirmRemark && <span className="muted">　{order.confirmRemark}</span>}
          </Descriptions.Item>
          <Descriptions.Item label="到货">
            {order.receivedQuantity} / {order.orderedQuantity}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Row gutter={16}>
        <Col xs={24} xxl={15}>
          <Card size="small" title={`订单明细（${order.lines.length}）`}>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={order.lines}
              scroll={{ x: 900 }}
              columns={[
                { title: 'SKU', dataIndex: 'skuCode', width: 110 },
                { title: '商品', dataIndex: 'commodityName', render: (name: string, l) => (l.spec ? `${name}（${l.spec}）` : name) },
                { title: '单价(元)', dataIndex: 'unitPriceFen', align: 'right', width: 100, render: (fen: number) => <Money fen={fen} /> },
                { title: '订购', dataIndex: 'quantity', align: 'right', width: 70 },
                { title: '实收', dataIndex: 'receivedQuantity', align: 'right', width: 70 },
                {
                  title: '未收',
                  key: 'open',
                  align: 'right',
                  width: 70,
                  render: (_, l) => {
                    const past = l.receivedQuantity - l.quantity;
                    return l.openQuantity > 0 ? l.openQuantity : <span className="muted">{past > 0 ? `超收 ${past}` : 0}</span>;
                  },
                },
                {
                  title: '拒收',
                  dataIndex: 'rejectedQuantity',
                  align: 'right',
                  width: 70,
                  render: (n: number) => n || <span className="muted">0</span>,
                },
                {
                  title: '已退货',
                  dataIndex: 'returnedQuantity',
                  align: 'right',
                  width: 70,
                  render: (n: number) => n || <span className="muted">0</span>,
                },
                { title: '金额(元)', dataIndex: 'amountFen', align: 'right', width: 110, render: (fen: number) => <Money fen={fen} /> },
                { title: '实收金额(元)', dataIndex: 'receivedAmountFen', align: 'right', width: 120, render: (fen: number) => <Money fen={fen} /> },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xxl={9}>
          <Card size="small" title="收货记录">
            {order.receipts.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未收货" />
            ) : (
              <Timeline
                items={order.receipts.map((r) => ({
                  key: r.id,
                  content: (
                    <div>
                      <Typography.Text strong delete={r.reversedBy != null}>
                        {r.receivedOn}
                      </Typography.Text>
                      {r.reversalOf != null && <Tag color="red">冲销单</Tag>}
                      {r.reversedBy != null && <Tag>已冲销</Tag>}
                      <span className="muted">
                        {' '}
                        {r.createdByName ?? '-'} 登记于 {formatMonthDayTime(r.createdAt)}
                      </span>
                      <div>
                        {r.lines
                          .map(
                            (l) =>
                              `${lineName.get(l.orderLineId) ?? l.orderLineId} × ${l.quantity}${l.rejectedQuantity ? `（拒收 ${l.rejectedQuantity}${l.rejectReason ? `：${l.rejectReason}` : ''}）` : ''}`,
                          )
                          .join('；')}
                      </div>
                      {r.remark && <div className="muted">备注：{r.remark}</div>}
                      {r.reason && (
                        <div className="muted">
                          {r.reversalOf != null ? '冲销原因' : '超收原因'}：{r.reason}
                        </div>
                      )}
                      {can.reverse && r.reversalOf == null && r.reversedBy == null && (
                        <Button size="small" danger type="link" style={{ padding: 0 }} onClick={() => setReversing(r)}>
                          冲销
                        </Button>
                      )}
                    </div>
                  ),
                }))}
              />
            )}
          </Card>
        </Col>
      </Row>

      {order.returns.length > 0 && (
        <Card size="small" title={`退货单（${order.returns.length}）`}>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={order.returns}
            columns={[
              {
                title: '退货单号',
                dataIndex: 'code',
                width: 150,
                render: (code: string, r) =>
                  can.openReturn ? <Typography.Link onClick={() => jump(detailPath('purchaseReturnDetail', r.id))}>{code}</Typography.Link> : code,
              },
              { title: '状态', dataIndex: 'status', width: 120, render: (v: string) => <DictTag code={DICT.purchaseReturnStatus} value={v} /> },
              { title: '原因', dataIndex: 'reasonType', width: 100, render: (v: string) => <DictTag code={DICT.returnReason} value={v} /> },
              { title: '补发', dataIndex: 'replacement', width: 80, render: (v: boolean) => (v ? '补发' : '不补发') },
              { title: '数量', dataIndex: 'quantity', align: 'right', width: 80 },
              { title: '金额(元)', dataIndex: 'amountFen', align: 'right', width: 120, render: (fen: number) => <Money fen={fen} /> },
              { title: '退货日期', dataIndex: 'shippedOn', render: (v: string | null) => v ?? '-' },
            ]}
          />
        </Card>
      )}
      <ShipmentsCard
        order={order}
        canReceive={can.receive && allowed.has('receive')}
        canShip={can.ship && (order.status === 'confirmed' || order.status === 'partially_received')}
        onReceive={(shipment) => setReceiving({ shipment })}
        onShip={() => setShipping(true)}
      />

      {receiving && (
        <Suspense fallback={null}>
          <ReceiveDrawer order={order} shipment={receiving.shipment} open onClose={() => setReceiving(null)} />
        </Suspense>
      )}
      {returning && (
        <Suspense fallback={null}>
          <ReturnDrawer order={order} open onClose={() => setReturning(false)} />
        </Suspense>
      )}
      {shipping && (
        <Suspense fallback={null}>
          <ShipmentDrawer order={order} open onClose={() => setShipping(false)} />
        </Suspense>
      )}
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog order={order} open onClose={() => setConfirming(false)} />
        </Suspense>
      )}
      <ReasonModal
        open={reversing != null}
        title={`冲销 ${reversing?.receivedOn ?? ''} 的收货`}
        description="整单冲销：以一张数量相反的冲销单抵消该次收货，原记录保留，每次收货只能冲销一次。"
        required
        okText="冲销"
        danger
        loading={reverse.isPending}
        onCancel={() => setReversing(null)}
        onOk={(reason) =>
          reversing && reverse.mutate({ id: reversing.id, version: reversing.version, reason }, { onSuccess: () => setReversing(null) })
        }
      />
      <Modal
        title={`关闭订单 ${order.code}`}
        open={closing.open}
        okText="关闭订单"
        okButtonProps={{ danger: true, disabled: closing.reason.trim() === '', loading: close.isPending }}
        onCancel={() => setClosing({ open: false, reason: '' })}
        onOk={() => close.mutate({ ...body, reason: closing.reason.trim() }, { onSuccess: () => setClosing({ open: false, reason: '' }) })}
      >
        <p>关闭后不能再收货，已收货数量保留。</p>
        <Input.TextArea
          aria-label="关闭原因"
          placeholder="请输入关闭原因"
          maxLength={200}
          rows={3}
          value={closing.reason}
          onChange={(e) => setClosing({ open: true, reason: e.target.value })}
        />
      </Modal>
    </div>
  );
}

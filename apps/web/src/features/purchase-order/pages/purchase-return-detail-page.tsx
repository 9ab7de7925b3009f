import { PrinterOutlined } from '@ant-design/icons';
import { DICT, INVOICE_TYPE_LABELS, type PurchaseReturnDetail, purchaseReturnApi, detailPath, formatDateTime, printPath } from '@scm/contract';
import { Alert, Button, Card, DatePicker, Descriptions, Modal, Space, Spin, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { afterToday, dayText, todayValue } from '@/shared/form/day-value';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DictTag } from '@/shared/dict/dict-tag';
import { useJump } from '@/shared/navigation/use-jump';
import { usePermission } from '@/shared/permission/can';
import { Money } from '@/shared/ui/money';
import { PageNotice } from '@/shared/ui/page-notice';
import { ReasonModal } from '@/shared/ui/reason-modal';
import { ReasonedButton } from '@/shared/ui/reasoned-button';
import { useOrderInfo } from '@/features/purchase-order/api/purchase-order';
import { useCancelReturn, useConfirmReturn, useReturnInfo, useShipReturn } from '@/features/purchase-order/api/purchase-return';

const ReturnDrawer = lazy(() => import('@/features/purchase-order/components/return-drawer'));

export default function PurchaseReturnDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const info = useReturnInfo(id);
  if (!id) return <PageNotice title="请从采购退货列表打开退货单" />;
  if (info.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (info.isError || !info.data) return <PageNotice title="退货单不存在或无权查看" />;
  return <ReturnView ret={info.data} />;
}

function ReturnView({ ret }: { ret: PurchaseReturnDetail }) {
  const jump = useJump();
  const confirm = useConfirmReturn();
  const ship = useShipReturn();
  const cancel = useCancelReturn();
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [shipping, setShipping] = useState<{ open: boolean; day: Dayjs }>({ open: false, day: todayValue() });
  const can = {
    edit: usePermission(purchaseReturnApi.update),
    confirm: usePermission(purchaseReturnApi.confirm),
    ship: usePermission(purchaseReturnApi.ship),
    cancel: usePermission(purchaseReturnApi.cancel),
    order: usePermission('purchaseOrderDetail'),
  };
  // The order's lines say how much each may still take back, for the edit drawer.
  const order = useOrderInfo(editing ? ret.orderId : undefined);
  const allowed = new Set(ret.allowedActions);
  const body = { id: ret.id, version: ret.version };
  const print = () => window.open(printPath('purchaseReturn', ret.id), '_blank');

  const actions = (
    <Space wrap>
      {can.edit && allowed.has('update') && <Button onClick={() => setEditing(true)}>{ret.status === 'disputed' ? '修改后重新提交' : '编辑'}</Button>}
      {can.confirm && allowed.has('confirm') && (
        <ReasonedButton
          type="primary"
          confirm={{ title: '代供应商确认该退货单？', onConfirm: () => confirm.mutate(body) }}
          loading={confirm.isPending}
        >
          代供应商确认
        </ReasonedButton>
      )}
      {can.ship && allowed.has('ship') && (
        <Button type="primary" onClick={() => setShipping({ open: true, day: todayValue() })}>
          退货出库
        </Button>
      )}
      {can.cancel && allowed.has('cancel') && (
        <Button danger onClick={() => setCancelling(true)}>
          取消退货
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
            <span>退货单详情 · {ret.code}</span>
            <DictTag code={DICT.purchaseReturnStatus} value={ret.status} />
          </Space>
        }
        extra={actions}
      >
        {ret.status === 'disputed' && ret.disputeReason && (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={`供应商有异议：${ret.disputeReason}`} />
        )}
        {ret.status === 'cancelled' && ret.cancelReason && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`已取消：${ret.cancelReason}`} />
        )}
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="采购订单">
            {can.order ? (
              <Typography.Link onClick={() => jump(detailPath('purchaseOrderDetail', ret.orderId))}>{ret.orderCode}</Typography.Link>
            ) : (
              ret.orderCode
            )}
          </Descriptions.Item>
          <Descriptions.Item label="供应商">{ret.supplierName}</Descriptions.Item>
          <Descriptions.Item label="退货原因">
            <DictTag code={DICT.returnReason} value={ret.reasonType} />
          </Descriptions.Item>
          <Descriptions.Item label="补发">{ret.replacement ? '补发（退货数量重新待收）' : '不补发（按实收结清）'}</Descriptions.Item>
          <Descriptions.Item label="退货数量">{ret.quantity}</Descriptions.Item>
          <Descriptions.Item label="退货金额">
            <Typography.Text strong>
              <Money fen={ret.amountFen} prefix="¥" />
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="发票">
            {INVOICE_TYPE_LABELS[ret.invoiceType as keyof typeof INVOICE_TYPE_LABELS] ?? ret.invoiceType} {ret.taxRatePercent}%
          </Descriptions.Item>
          <Descriptions.Item label="采购员">{ret.buyerName}</Descriptions.Item>
          <Descriptions.Item label="创建">
            {ret.createdByName ?? '-'} {formatDateTime(ret.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label="退货日期">{ret.shippedOn ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="备注">{ret.remark ?? '-'}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card size="small" title={`退货明细（${ret.lines.length}）`}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={ret.lines}
          scroll={{ x: 720 }}
          columns={[
            { title: 'SKU', dataIndex: 'skuCode', width: 120 },
            { title: '商品', dataIndex: 'commodityName' },
            { title: '单位', dataIndex: 'unit', width: 60 },
            { title: '数量', dataIndex: 'quantity', align: 'right', width: 80 },
            { title: '单价(元)', dataIndex: 'unitPriceFen', align: 'right', width: 100, render: (fen: number) => <Money fen={fen} /> },
            { title: '金额(元)', dataIndex: 'amountFen', align: 'right', width: 120, render: (fen: number) => <Money fen={fen} /> },
            { title: '说明', dataIndex: 'reason', render: (v: string | null) => v ?? '-' },
          ]}
        />
      </Card>

      {editing && order.data && (
        <Suspense fallback={null}>
          <ReturnDrawer order={order.data} existing={ret} open onClose={() => setEditing(false)} />
        </Suspense>
      )}
      <ReasonModal
        open={cancelling}
        title={`取消退货单 ${ret.code}`}
        description="取消后该退货单占用的数量释放，可重新退货。"
        required
        okText="取消退货"
        danger
        loading={cancel.isPending}
        onCancel={() => setCancelling(false)}
        onOk={(reason) => cancel.mutate({ ...body, reason }, { onSuccess: () => setCancelling(false) })}
      />
      <Modal
        title={`退货出库 ${ret.code}`}
        open={shipping.open}
        okText="确认出库"
        okButtonProps={{ loading: ship.isPending }}
        onCancel={() => setShipping({ open: false, day: todayValue() })}
        onOk={() => ship.mutate({ ...body, shippedOn: dayText(shipping.day) }, { onSuccess: () => setShipping({ open: false, day: todayValue() }) })}
      >
        <p>
          货物离库后，订单实收数量将减少 {ret.quantity}
          {ret.replacement ? '，并重新计入待收（补发）' : '，该行按实收数量结清（不补发）'}。
        </p>
        <Space>
          <span>退货日期</span>
          <DatePicker
            aria-label="退货日期"
            value={shipping.day}
            allowClear={false}
            disabledDate={afterToday}
            onChange={(day) => day && setShipping({ open: true, day })}
          />
        </Space>
      </Modal>
    </div>
  );
}

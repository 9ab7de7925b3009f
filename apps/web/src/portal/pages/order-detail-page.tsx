import { fenToYuan, INVOICE_TYPE_LABELS } from '@scm/contract';
import { App, Button, Descriptions } from 'antd';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { PageNotice } from '@/shared/ui/page-notice';
import { usePageTitle } from '@/shared/ui/page-title';
import { orderIdOf, useConfirmOrder, useOrderInfo } from '@/portal/api/orders';
import { Rows, Section } from '@/portal/components/section';
import { OrderStatusTag } from '@/portal/components/status-tags';

const yuan = (fen: number) => `¥${fenToYuan(fen, true)}`;

/** 订单详情: the order's lines with what was ordered and received, its totals and, while 待确认, 确认订单. */
export default function OrderDetailPage() {
  usePageTitle('订单详情 - 供应商门户');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const id = orderIdOf(params.toString());
  const query = useOrderInfo(id);
  const confirm = useConfirmOrder();
  const back = (
    <Button type="link" onClick={() => navigate('/portal/orders')} style={{ paddingInline: 0, alignSelf: 'flex-start' }}>
      ← 返回我的订单
    </Button>
  );

  if (!id) return <PageNotice title="请从我的订单打开订单详情" action={back} />;
  if (query.isLoading) return <div className="portal-loading">加载中…</div>;
  const order = query.data;
  if (!order) return <PageNotice title="订单不存在" action={back} />;

  const askConfirm = () =>
    modal.confirm({
      title: `确认订单 ${order.code}？`,
      content: `确认后即表示接受订单的商品、数量和总额 ${yuan(order.totalFen)}，请按需求日期发货。`,
      okText: '确认订单',
      cancelText: '再看看',
      onOk: () => confirm.mutateAsync({ id: order.id, version: order.version }),
    });

  return (
    <div className="portal-stack">
      {back}
      <section className="portal-card" data-testid="order-summary">
        <div className="portal-card-head">
          <h1 className="portal-card-title">{order.code}</h1>
          <OrderStatusTag status={order.status} />
        </div>
        <div className="portal-card-body">
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label="询价">{order.taskCode}</Descriptions.Item>
            <Descriptions.Item label="下单时间">{dayjs(order.createdAt).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
            <Descriptions.Item label="需求日期">{order.requiredBy ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="交货地区">{order.deliveryRegionName}</Descriptions.Item>
            <Descriptions.Item label="发票">
              {INVOICE_TYPE_LABELS[order.invoiceType]} {order.taxRatePercent}%
            </Descriptions.Item>
            <Descriptions.Item label="采购员">{order.buyerName ?? '-'}</Descriptions.Item>
            {order.closeReason && <Descriptions.Item label="关闭原因">{order.closeReason}</Descriptions.Item>}
          </Descriptions>
        </div>
      </section>

      <Section title="订单商品" extra={<span className="portal-muted">{order.lines.length} 个</span>}>
        <Rows
          items={order.lines}
          empty="没有商品"
          render={(line) => (
            <div key={line.id} className="portal-order-line" data-testid={`order-line-${line.skuCode}`}>
              <div className="portal-line-title">{line.commodityName}</div>
              <div className="portal-muted">
                {line.skuCode}
                {line.spec ? ` · ${line.spec}` : ''}
              </div>
              <div className="portal-meta">
                <span>
                  {/* The unit is a dictionary code and the dictionaries are back-office routes: quantities go bare. */}
                  {yuan(line.unitPriceFen)} × {line.quantity} = {yuan(line.amountFen)}
                </span>
                <span className="portal-muted">
                  已到 {line.receivedQuantity} / {line.quantity}
                </span>
              </div>
            </div>
          )}
        />
        <div className="portal-order-totals">
          <span>货值 {yuan(order.goodsFen)}</span>
          <span>运费 {yuan(order.freightFen)}</span>
          <span className="portal-total" data-testid="order-total">
            订单总额 {yuan(order.totalFen)}
          </span>
        </div>
      </Section>

      {order.receipts.length > 0 && (
        <Section title="收货记录">
          <Rows
            items={order.receipts}
            empty=""
            render={(receipt) => (
              <div key={receipt.id} className="portal-order-line">
                <div>
                  {receipt.receivedOn} 收货 {receipt.lines.reduce((sum, l) => sum + l.quantity, 0)}
                </div>
                {receipt.remark && <div className="portal-muted">{receipt.remark}</div>}
              </div>
            )}
          />
        </Section>
      )}

      {order.allowedActions.includes('confirm') && (
        <Button type="primary" size="large" block loading={confirm.isPending} onClick={askConfirm} data-testid="confirm-order">
          确认订单
        </Button>
      )}
    </div>
  );
}

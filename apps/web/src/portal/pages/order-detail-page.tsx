import { fenToYuan, INVOICE_TYPE_LABELS, formatDateTime, PORTAL_PAGES } from '@scm/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/shared/ui/page-title';
import { orderIdOf, useOrderInfo } from '@/portal/api/orders';
import { OrderAnswer } from '@/portal/components/order-answer';
import { Button, EmptyNotice, Fact, Facts, Notice } from '@/shared/ui/plain-controls';
import { ShipForm, ShipmentList } from '@/portal/components/shipments';
import { DeliveryAddressText } from '@/shared/ui/delivery-address';
import { BackTo, Rows, Section } from '@/portal/components/section';
import { OrderStatusTag } from '@/portal/components/status-tags';

const yuan = (fen: number) => `¥${fenToYuan(fen, true)}`;

/**
 * 订单详情: where to deliver, the lines with what was ordered and received, the totals, the answer
 * (确认 / 拒绝 while 待确认), and once confirmed the shipping notices with 发货.
 */
export default function OrderDetailPage() {
  usePageTitle('订单详情 - 供应商门户');
  const [params] = useSearchParams();
  const id = orderIdOf(params.toString());
  const query = useOrderInfo(id);
  const [shipping, setShipping] = useState(false);
  const back = <BackTo path={PORTAL_PAGES.orderList} label="返回我的订单" />;

  if (!id) return <EmptyNotice title="请从我的订单打开订单详情" action={back} />;
  if (query.isLoading) return <div className="portal-loading">加载中…</div>;
  const order = query.data;
  if (!order) return <EmptyNotice title="订单不存在" action={back} />;

  const shippable = order.status === 'confirmed' || order.status === 'partially_received';

  return (
    <div className="portal-stack">
      {back}
      <section className="portal-card" data-testid="order-summary">
        <div className="portal-card-head">
          <h1 className="portal-card-title">{order.code}</h1>
          <OrderStatusTag status={order.status} />
        </div>
        <div className="portal-card-body">
          <Facts>
            <Fact label="询价">{order.taskCode}</Fact>
            <Fact label="下单时间">{formatDateTime(order.createdAt)}</Fact>
            <Fact label="需求日期">{order.requiredBy ?? '-'}</Fact>
            <Fact label="承诺到货">{order.promisedDate ?? '-'}</Fact>
            <Fact label="发票">
              {INVOICE_TYPE_LABELS[order.invoiceType]} {order.taxRatePercent}%
            </Fact>
            <Fact label="采购员">{order.buyerName ?? '-'}</Fact>
            {order.closeReason && <Fact label="关闭原因">{order.closeReason}</Fact>}
            {order.rejectReason && <Fact label="拒绝原因">{order.rejectReason}</Fact>}
          </Facts>
          <div className="portal-address" data-testid="delivery-address">
            <div className="portal-muted">收货地址</div>
            <DeliveryAddressText address={order.deliveryAddress} regionName={order.deliveryRegionName} />
          </div>
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
                  {line.rejectedQuantity > 0 && ` · 拒收 ${line.rejectedQuantity}`}
                  {line.returnedQuantity > 0 && ` · 退货 ${line.returnedQuantity}`}
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
                  {receipt.receivedOn} {receipt.reversalOf != null ? '冲销' : '收货'} {receipt.lines.reduce((sum, l) => sum + l.quantity, 0)}
                  {receipt.reversedBy != null && <span className="portal-muted">（已冲销）</span>}
                </div>
                {receipt.lines
                  .filter((l) => l.rejectedQuantity > 0)
                  .map((l) => (
                    <div key={l.id} className="portal-muted" data-testid="receipt-rejected">
                      {order.lines.find((line) => line.id === l.orderLineId)?.commodityName} 拒收 {l.rejectedQuantity}
                      {l.rejectReason ? `：${l.rejectReason}` : ''}
                    </div>
                  ))}
                {receipt.reversalOf != null && receipt.reason && <div className="portal-muted">冲销原因：{receipt.reason}</div>}
                {receipt.remark && <div className="portal-muted">{receipt.remark}</div>}
              </div>
            )}
          />
        </Section>
      )}

      <ShipmentList order={order} />

      {order.allowedActions.includes('confirm') && <OrderAnswer order={order} />}
      {shippable &&
        (shipping ? (
          <Section title="登记发货">
            <ShipForm order={order} onDone={() => setShipping(false)} />
          </Section>
        ) : (
          <Button variant="primary" size="large" block onClick={() => setShipping(true)} data-testid="ship-order">
            发货
          </Button>
        ))}
      {order.status === 'rejected' && <Notice type="warning" title="您已拒绝该订单" detail="采购方将关闭订单。" />}
    </div>
  );
}

import { fenToYuan, INVOICE_TYPE_LABELS, formatDateTime } from '@scm/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/shared/ui/page-title';
import { orderIdOf, useConfirmOrder, useOrderInfo } from '@/portal/api/orders';
import { Button, Dialog, EmptyNotice, Fact, Facts } from '@/portal/components/plain-controls';
import { BackTo, Rows, Section } from '@/portal/components/section';
import { OrderStatusTag } from '@/portal/components/status-tags';

const yuan = (fen: number) => `¥${fenToYuan(fen, true)}`;

/** 订单详情: the order's lines with what was ordered and received, its totals and, while 待确认, 确认订单. */
export default function OrderDetailPage() {
  usePageTitle('订单详情 - 供应商门户');
  const [params] = useSearchParams();
  const id = orderIdOf(params.toString());
  const query = useOrderInfo(id);
  const confirm = useConfirmOrder();
  const [asking, setAsking] = useState(false);
  const back = <BackTo path="/portal/orders" label="返回我的订单" />;

  if (!id) return <EmptyNotice title="请从我的订单打开订单详情" action={back} />;
  if (query.isLoading) return <div className="portal-loading">加载中…</div>;
  const order = query.data;
  if (!order) return <EmptyNotice title="订单不存在" action={back} />;

  // On a failure the dialog stays open for another try; the error itself is a toast.
  const confirmOrder = () => confirm.mutate({ id: order.id, version: order.version }, { onSuccess: () => setAsking(false) });

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
            <Fact label="交货地区">{order.deliveryRegionName}</Fact>
            <Fact label="发票">
              {INVOICE_TYPE_LABELS[order.invoiceType]} {order.taxRatePercent}%
            </Fact>
            <Fact label="采购员">{order.buyerName ?? '-'}</Fact>
            {order.closeReason && <Fact label="关闭原因">{order.closeReason}</Fact>}
          </Facts>
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
        <Button variant="primary" size="large" block loading={confirm.isPending} onClick={() => setAsking(true)} data-testid="confirm-order">
          确认订单
        </Button>
      )}

      <Dialog
        title={`确认订单 ${order.code}？`}
        open={asking}
        onClose={() => setAsking(false)}
        footer={
          <>
            <Button onClick={() => setAsking(false)}>再看看</Button>
            <Button variant="primary" loading={confirm.isPending} onClick={confirmOrder}>
              确认订单
            </Button>
          </>
        }
      >
        {`确认后即表示接受订单的商品、数量和总额 ${yuan(order.totalFen)}，请按需求日期发货。`}
      </Dialog>
    </div>
  );
}

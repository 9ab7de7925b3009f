import { fenToYuan, type PurchaseOrderItem, formatDate, portalPath } from '@scm/contract';
import { Link } from 'react-router';
import { usePageTitle } from '@/shared/ui/page-title';
import { ORDER_PAGE_SIZE, useOrderList } from '@/portal/api/orders';
import { Pager, usePortalPage } from '@/portal/components/pager';
import { Icon } from '@/portal/components/plain-controls';
import { Rows } from '@/portal/components/section';
import { OrderStatusTag } from '@/portal/components/status-tags';

function OrderRow({ row }: { row: PurchaseOrderItem }) {
  return (
    <Link to={portalPath('orderDetail', { id: row.id })} className="portal-row-link" data-testid={`order-${row.code}`}>
      <div className="portal-grow">
        <div className="portal-rfq-name">{row.code}</div>
        <div className="portal-muted">
          询价 {row.taskCode} · 下单 {formatDate(row.createdAt)}
        </div>
        <div>
          订单总额 <span className="portal-total">¥{fenToYuan(row.totalFen, true)}</span>
        </div>
        <div className="portal-meta">
          <OrderStatusTag status={row.status} />
          <span className="portal-muted">
            已到 {row.receivedQuantity} / {row.orderedQuantity}
            {row.requiredBy ? ` · 需求 ${row.requiredBy}` : ''}
          </span>
        </div>
      </div>
      <span className="portal-muted">
        <Icon name="right" />
      </span>
    </Link>
  );
}

/** 我的订单: this supplier's purchase orders, newest first; 待确认 ones wait for its confirmation. */
export default function OrderListPage() {
  usePageTitle('我的订单 - 供应商门户');
  const [page, go] = usePortalPage();
  const list = useOrderList(page);
  const total = list.data?.total ?? 0;

  return (
    <section className="portal-card">
      <div className="portal-card-head">
        <h1 className="portal-card-title">我的订单</h1>
        {total > 0 && <span className="portal-muted">共 {total} 个</span>}
      </div>
      <div className="portal-card-body">
        {list.isLoading ? (
          <div className="portal-loading">加载中…</div>
        ) : (
          <Rows
            items={list.data?.list ?? []}
            empty="暂无订单：采购方定标后，中标的订单会出现在这里"
            render={(row) => <OrderRow key={row.id} row={row} />}
          />
        )}
        <Pager page={page} total={total} pageSize={ORDER_PAGE_SIZE} onChange={go} />
      </div>
    </section>
  );
}

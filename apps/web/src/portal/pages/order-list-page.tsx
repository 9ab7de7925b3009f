import { fenToYuan, type PurchaseOrderItem, formatDate, portalPath } from '@scm/contract';
import { usePageTitle } from '@/shared/ui/page-title';
import { ORDER_PAGE_SIZE, useOrderList } from '@/portal/api/orders';
import { usePortalPage } from '@/portal/components/pager';
import { RecordList, RecordRow } from '@/portal/components/record-list';
import { OrderStatusTag } from '@/portal/components/status-tags';

function OrderRow({ row }: { row: PurchaseOrderItem }) {
  return (
    <RecordRow to={portalPath('orderDetail', { id: row.id })} testId={`order-${row.code}`}>
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
    </RecordRow>
  );
}

/** 我的订单: this supplier's purchase orders, newest first; 待确认 ones wait for its confirmation. */
export default function OrderListPage() {
  usePageTitle('我的订单 - 供应商门户');
  const [page, go] = usePortalPage();
  const list = useOrderList(page);
  return (
    <RecordList
      title="我的订单"
      unit="个"
      list={list}
      empty="暂无订单：采购方定标后，中标的订单会出现在这里"
      page={page}
      pageSize={ORDER_PAGE_SIZE}
      onPage={go}
      row={(row) => <OrderRow key={row.id} row={row} />}
    />
  );
}

import { fenToYuan, type PurchaseReturnItem, RETURN_REASON_LABELS, portalPath, formatDate } from '@scm/contract';
import { Link } from 'react-router';
import { usePageTitle } from '@/shared/ui/page-title';
import { RETURN_PAGE_SIZE, useReturnList } from '@/portal/api/returns';
import { Pager, usePortalPage } from '@/portal/components/pager';
import { Icon } from '@/portal/components/plain-controls';
import { Rows } from '@/portal/components/section';
import { ReturnStatusTag } from '@/portal/components/status-tags';

function ReturnRow({ row }: { row: PurchaseReturnItem }) {
  return (
    <Link to={portalPath('returnDetail', { id: row.id })} className="portal-row-link" data-testid={`return-${row.code}`}>
      <div className="portal-grow">
        <div className="portal-rfq-name">{row.code}</div>
        <div className="portal-muted">
          订单 {row.orderCode} · {formatDate(row.createdAt)}
        </div>
        <div>
          退货 {row.quantity} 件 · <span className="portal-total">¥{fenToYuan(row.amountFen, true)}</span>
        </div>
        <div className="portal-meta">
          <ReturnStatusTag status={row.status} />
          <span className="portal-muted">
            {RETURN_REASON_LABELS[row.reasonType]} · {row.replacement ? '需补发' : '不补发'}
          </span>
        </div>
      </div>
      <span className="portal-muted">
        <Icon name="right" />
      </span>
    </Link>
  );
}

/** 退货单: the returns the buyer raised against this supplier's orders, newest first; 待确认 ones wait for its answer. */
export default function ReturnListPage() {
  usePageTitle('退货单 - 供应商门户');
  const [page, go] = usePortalPage();
  const list = useReturnList(page);
  const total = list.data?.total ?? 0;

  return (
    <section className="portal-card">
      <div className="portal-card-head">
        <h1 className="portal-card-title">退货单</h1>
        {total > 0 && <span className="portal-muted">共 {total} 个</span>}
      </div>
      <div className="portal-card-body">
        {list.isLoading ? (
          <div className="portal-loading">加载中…</div>
        ) : (
          <Rows items={list.data?.list ?? []} empty="暂无退货单" render={(row) => <ReturnRow key={row.id} row={row} />} />
        )}
        <Pager page={page} total={total} pageSize={RETURN_PAGE_SIZE} onChange={go} />
      </div>
    </section>
  );
}

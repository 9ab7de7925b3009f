import { fenToYuan, type PurchaseReturnItem, RETURN_REASON_LABELS, portalPath, formatDate } from '@scm/contract';
import { usePageTitle } from '@/shared/ui/page-title';
import { RETURN_PAGE_SIZE, useReturnList } from '@/portal/api/returns';
import { usePortalPage } from '@/portal/components/pager';
import { RecordList, RecordRow } from '@/portal/components/record-list';
import { ReturnStatusTag } from '@/portal/components/status-tags';

function ReturnRow({ row }: { row: PurchaseReturnItem }) {
  return (
    <RecordRow to={portalPath('returnDetail', { id: row.id })} testId={`return-${row.code}`}>
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
    </RecordRow>
  );
}

/** 退货单: the returns the buyer raised against this supplier's orders, newest first; 待确认 ones wait for its answer. */
export default function ReturnListPage() {
  usePageTitle('退货单 - 供应商门户');
  const [page, go] = usePortalPage();
  const list = useReturnList(page);
  return (
    <RecordList
      title="退货单"
      unit="个"
      list={list}
      empty="暂无退货单"
      page={page}
      pageSize={RETURN_PAGE_SIZE}
      onPage={go}
      row={(row) => <ReturnRow key={row.id} row={row} />}
    />
  );
}

import { portalPath } from '@scm/contract';
import type { RfqListItem } from '@scm/contract';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/shared/ui/page-title';
import { RFQ_PAGE_SIZE, rfqListBody } from '@/portal/api/first-read';
import { useRfqList } from '@/portal/api/rfq';
import { Deadline } from '@/portal/components/deadline';
import { RecordList, RecordRow } from '@/portal/components/record-list';
import { InvitationTag, OutcomeTag, SealedTag, TaskStatusTag } from '@/portal/components/status-tags';

function RfqRow({ row }: { row: RfqListItem }) {
  return (
    <RecordRow to={portalPath('rfqDetail', { id: row.taskId })} testId={`rfq-${row.code}`}>
      <div className="portal-rfq-name">{row.name}</div>
      <div className="portal-muted">
        {row.code} · {row.lineCount} 个商品
      </div>
      <div>
        截止 <Deadline deadline={row.quoteDeadline} active={row.status === 'quoting'} />
      </div>
      <div className="portal-meta">
        <span className="portal-tags">
          <TaskStatusTag status={row.status} />
          {row.sealed && <SealedTag />}
        </span>
        <span>
          我的报价 <InvitationTag status={row.invitationStatus} />
        </span>
        {row.outcome && (
          <span data-testid="rfq-outcome">
            结果 <OutcomeTag outcome={row.outcome} />
          </span>
        )}
      </div>
    </RecordRow>
  );
}

/** 我的询价: the tasks this supplier is invited to, newest first, each with its deadline and this supplier's own state. */
export default function RfqListPage() {
  usePageTitle('我的询价 - 供应商门户');
  const [params, setParams] = useSearchParams();
  const body = rfqListBody(params.toString());
  const { page } = body;
  const list = useRfqList(body);
  const go = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  return (
    <RecordList
      title="我的询价"
      unit="个"
      list={list}
      empty="暂无询价：采购方邀请您报价后会出现在这里"
      page={page}
      pageSize={RFQ_PAGE_SIZE}
      onPage={go}
      row={(row) => <RfqRow key={row.taskId} row={row} />}
    />
  );
}

import { fenToYuan, type StatementItem, portalPath } from '@scm/contract';
import { usePageTitle } from '@/shared/ui/page-title';
import { STATEMENT_PAGE_SIZE, useStatementList } from '@/portal/api/statements';
import { usePortalPage } from '@/portal/components/pager';
import { RecordList, RecordRow } from '@/portal/components/record-list';
import { StatementStatusTag } from '@/portal/components/status-tags';

function StatementRow({ row }: { row: StatementItem }) {
  return (
    <RecordRow to={portalPath('statementDetail', { id: row.id })} testId={`statement-${row.code}`}>
      <div className="portal-rfq-name">{row.code}</div>
      <div className="portal-muted">
        对账期间 {row.periodFrom} ~ {row.periodTo}
      </div>
      <div>
        对账总额 <span className="portal-total">¥{fenToYuan(row.totalFen, true)}</span>
      </div>
      <div className="portal-meta">
        <StatementStatusTag status={row.status} />
        {row.revision > 1 && <span className="portal-muted">第{row.revision}版</span>}
      </div>
    </RecordRow>
  );
}

/** 对账单: the statements the buyer sent this supplier, newest first; 待供应商确认 ones wait for its answer. */
export default function StatementListPage() {
  usePageTitle('对账单 - 供应商门户');
  const [page, go] = usePortalPage();
  const list = useStatementList(page);
  return (
    <RecordList
      title="对账单"
      unit="张"
      list={list}
      empty="暂无对账单：采购方发送对账单后会出现在这里"
      page={page}
      pageSize={STATEMENT_PAGE_SIZE}
      onPage={go}
      row={(row) => <StatementRow key={row.id} row={row} />}
    />
  );
}

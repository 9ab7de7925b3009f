import { fenToYuan, type StatementItem, portalPath } from '@scm/contract';
import { Link } from 'react-router';
import { usePageTitle } from '@/shared/ui/page-title';
import { STATEMENT_PAGE_SIZE, useStatementList } from '@/portal/api/statements';
import { Pager, usePortalPage } from '@/portal/components/pager';
import { Icon } from '@/portal/components/plain-controls';
import { Rows } from '@/portal/components/section';
import { StatementStatusTag } from '@/portal/components/status-tags';

function StatementRow({ row }: { row: StatementItem }) {
  return (
    <Link to={portalPath('statementDetail', { id: row.id })} className="portal-row-link" data-testid={`statement-${row.code}`}>
      <div className="portal-grow">
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
      </div>
      <span className="portal-muted">
        <Icon name="right" />
      </span>
    </Link>
  );
}

/** 对账单: the statements the buyer sent this supplier, newest first; 待供应商确认 ones wait for its answer. */
export default function StatementListPage() {
  usePageTitle('对账单 - 供应商门户');
  const [page, go] = usePortalPage();
  const list = useStatementList(page);
  const total = list.data?.total ?? 0;

  return (
    <section className="portal-card">
      <div className="portal-card-head">
        <h1 className="portal-card-title">对账单</h1>
        {total > 0 && <span className="portal-muted">共 {total} 张</span>}
      </div>
      <div className="portal-card-body">
        {list.isLoading ? (
          <div className="portal-loading">加载中…</div>
        ) : (
          <Rows
            items={list.data?.list ?? []}
            empty="暂无对账单：采购方发送对账单后会出现在这里"
            render={(row) => <StatementRow key={row.id} row={row} />}
          />
        )}
        <Pager page={page} total={total} pageSize={STATEMENT_PAGE_SIZE} onChange={go} />
      </div>
    </section>
  );
}

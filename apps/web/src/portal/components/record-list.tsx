import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Pager } from './pager';
import { Icon } from '@/shared/ui/plain-controls';
import { Rows } from './section';

/**
 * A portal list page's card: the title with the count, the rows (or the empty notice) and the pager.
 * Every list of the portal (询价, 订单, 退货单, 对账单) reads the same on a phone.
 */
export function RecordList<T>({
  title,
  unit,
  list,
  empty,
  page,
  pageSize,
  onPage,
  row,
}: {
  title: string;
  /** The count's measure word: 共 3 个, 共 3 张. */
  unit: string;
  list: { isLoading: boolean; data?: { list: T[]; total: number } };
  empty: string;
  page: number;
  pageSize: number;
  onPage: (next: number) => void;
  row: (item: T) => ReactNode;
}) {
  const total = list.data?.total ?? 0;
  return (
    <section className="portal-card">
      <div className="portal-card-head">
        <h1 className="portal-card-title">{title}</h1>
        {total > 0 && (
          <span className="portal-muted">
            共 {total} {unit}
          </span>
        )}
      </div>
      <div className="portal-card-body">
        {list.isLoading ? <div className="portal-loading">加载中…</div> : <Rows items={list.data?.list ?? []} empty={empty} render={row} />}
        <Pager page={page} total={total} pageSize={pageSize} onChange={onPage} />
      </div>
    </section>
  );
}

/** One row of a portal list: the record's facts, the whole row a link to its detail. */
export function RecordRow({ to, testId, children }: { to: string; testId: string; children: ReactNode }) {
  return (
    <Link to={to} className="portal-row-link" data-testid={testId}>
      <div className="portal-grow">{children}</div>
      <span className="portal-muted">
        <Icon name="right" />
      </span>
    </Link>
  );
}

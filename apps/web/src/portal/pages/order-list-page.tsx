import { RightOutlined } from '@ant-design/icons';
import { fenToYuan, type PurchaseOrderItem } from '@scm/contract';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/shared/ui/page-title';
import { ORDER_PAGE_SIZE, useOrderList } from '@/portal/api/orders';
import { Rows } from '@/portal/components/section';
import { OrderStatusTag } from '@/portal/components/status-tags';

function OrderRow({ row }: { row: PurchaseOrderItem }) {
  return (
    <Link to={`/portal/orders/detail?id=${row.id}`} className="portal-row-link" data-testid={`order-${row.code}`}>
      <div className="portal-grow">
        <div className="portal-rfq-name">{row.code}</div>
        <div className="portal-muted">
          询价 {row.taskCode} · 下单 {dayjs(row.createdAt).format('YYYY-MM-DD')}
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
      <RightOutlined className="portal-muted" />
    </Link>
  );
}

/** 我的订单: this supplier's purchase orders, newest first; 待确认 ones wait for its confirmation. */
export default function OrderListPage() {
  usePageTitle('我的订单 - 供应商门户');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useOrderList(page);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE));
  const go = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

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
        {pages > 1 && (
          <div className="portal-pager">
            <Button disabled={page <= 1} onClick={() => go(page - 1)}>
              上一页
            </Button>
            <span className="portal-muted">
              {page} / {pages}
            </span>
            <Button disabled={page >= pages} onClick={() => go(page + 1)}>
              下一页
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}

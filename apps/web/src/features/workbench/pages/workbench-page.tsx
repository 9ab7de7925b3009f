import {
  fenToYuan,
  flattenMenu,
  type WorkbenchOverview,
  formatChineseMonth,
  formatMonthDayTime,
  DAY_MS,
  formatChineseDate,
  formatWeekday,
  shanghaiHour,
  shanghaiIso,
  detailPath,
  pagePath,
} from '@scm/contract';
import { Card, Col, Empty, List, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePermission } from '@/shared/permission/can';
import { useSession } from '@/shared/session/use-session';
import { useWorkbenchOverview } from '@/features/workbench/api/workbench';
import './workbench.css';

function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

type TodoKey = keyof WorkbenchOverview['todos'];

/** Each to-do card and the filtered list it opens (the list reads its filters from the query). */
function todoCards(userId: number | undefined): { key: TodoKey; title: string; hint: string; path: () => string }[] {
  return [
    { key: 'plansToApprove', title: '待我审核的计划', hint: '已提交，等待审核', path: () => pagePath('planningTaskList', { status: 'submitted' }) },
    { key: 'myDraftPlans', title: '我的草稿计划', hint: '尚未提交', path: () => pagePath('planningTaskList', { status: 'draft', ownerId: userId }) },
    {
      key: 'myRejectedPlans',
      title: '被驳回的计划',
      hint: '修改后重新提交',
      path: () => pagePath('planningTaskList', { status: 'rejected', ownerId: userId }),
    },
    {
      key: 'tasksToPublish',
      title: '待发布的采购任务',
      hint: '分派给我的草稿，邀请供应商后发布',
      path: () => pagePath('procurementTaskList', { status: 'draft', buyerId: userId }),
    },
    {
      key: 'tasksDeadlineSoon',
      title: '3天内截止报价',
      hint: '报价中的采购任务',
      path: () => {
        const now = Date.now();
        return pagePath('procurementTaskList', { status: 'quoting', deadlineFrom: shanghaiIso(now), deadlineTo: shanghaiIso(now + 3 * DAY_MS) });
      },
    },
    { key: 'tasksToAward', title: '待定标任务', hint: '报价已截止，等待定标', path: () => pagePath('procurementTaskList', { status: 'evaluating' }) },
    {
      key: 'quotesExpiringSoon',
      title: '7天内到期的报价',
      hint: '未定标任务的有效报价',
      path: () => pagePath('procurementTaskList', { status: 'evaluating' }),
    },
    { key: 'ordersToReceive', title: '待收货', hint: '已确认或部分到货的订单', path: () => pagePath('purchaseOrderList') },
    {
      key: 'statementsToInvoice',
      title: '待开票',
      hint: '供应商已确认的对账单',
      path: () => pagePath('supplierStatementList', { status: 'confirmed' }),
    },
    {
      key: 'statementsToApprove',
      title: '待审批对账单',
      hint: '发票已核对，等待他人审批',
      path: () => pagePath('supplierStatementList', { status: 'invoiced' }),
    },
    { key: 'statementsToPay', title: '待付款', hint: '已审批的对账单', path: () => pagePath('supplierStatementList', { status: 'approved' }) },
  ];
}

const rate = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(2)}%`);

export default function WorkbenchPage() {
  const { userInfo, menus } = useSession();
  const navigate = useNavigate();
  const overview = useWorkbenchOverview();
  const data = overview.data;
  const pages = useMemo(() => flattenMenu(menus).filter((entry) => !entry.children && entry.isMenu && entry.key !== 'basic'), [menus]);

  const canSeeOrders = usePermission('purchaseOrderList');
  const todos = todoCards(userInfo?.id).filter((card) => data && data.todos[card.key] !== null);
  const shortcuts = useMemo(() => {
    const byKey = new Map(pages.map((p) => [p.key, p]));
    const opened = (data?.shortcuts ?? []).flatMap((s) => {
      const entry = byKey.get(s.key);
      return entry ? [{ entry, count: s.count }] : [];
    });
    // Until the user has opened pages, the first pages of their menu stand in.
    return opened.length > 0 ? opened : pages.slice(0, 6).map((entry) => ({ entry, count: 0 }));
  }, [pages, data?.shortcuts]);

  return (
    <div className="page-stack workbench">
      <Card>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {greeting(shanghaiHour(Date.now()))}，{userInfo?.username ?? ''}
        </Typography.Title>
        <Typography.Text type="secondary">
          {userInfo?.role.name ?? ''} · 今天是 {formatChineseDate(Date.now())} {formatWeekday(Date.now())}
        </Typography.Text>
      </Card>

      {(overview.isPending || todos.length > 0) && (
        <Card title="我的待办" size="small">
          {overview.isPending ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : (
            <Row gutter={[16, 16]}>
              {todos.map((card) => (
                <Col key={card.key} xs={12} md={8} xl={4}>
                  <Card size="small" hoverable className="todo-card" data-todo={card.key} onClick={() => navigate(card.path())}>
                    <Statistic title={card.title} value={data?.todos[card.key] ?? 0} suffix="项" />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {card.hint}
                    </Typography.Text>
                  </Card>
                </Col>
              ))}
            </Row>
          )}
        </Card>
      )}

      {data?.kpis && (
        <Card title={`本月数据（${formatChineseMonth(data.kpis.monthStart)}）`} size="small">
          <Row gutter={[16, 16]}>
            <Col xs={24} md={8}>
              <Statistic title="本月定标货值" prefix="¥" value={fenToYuan(data.kpis.awardedAmountFen, true)} />
            </Col>
            <Col xs={12} md={8}>
              <Statistic title="完成任务数" value={data.kpis.tasksCompleted} suffix="个" />
            </Col>
            <Col xs={12} md={8}>
              <Statistic title="平均节约率（较平均报价）" value={rate(data.kpis.savingsVsAverage)} />
            </Col>
          </Row>
        </Card>
      )}

      {canSeeOrders && data && (
        <Card
          title="采购订单"
          size="small"
          extra={
            <Typography.Link onClick={() => navigate(pagePath('purchaseOrderList'))} data-testid="open-orders-more">
              全部订单
            </Typography.Link>
          }
        >
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Statistic title="未完成订单" value={data.openOrderCount} suffix="个" />
            </Col>
            <Col xs={12} md={6}>
              <Statistic
                title="逾期订单"
                value={data.overdueOrderCount}
                suffix="个"
                valueStyle={data.overdueOrderCount > 0 ? { color: '#cf1322' } : undefined}
              />
            </Col>
            <Col xs={24} md={12}>
              <List
                size="small"
                dataSource={data.openOrders}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有未完成的订单" /> }}
                renderItem={(order) => (
                  <List.Item>
                    <Typography.Link onClick={() => navigate(detailPath('purchaseOrderDetail', order.id))}>{order.code}</Typography.Link>
                    <Typography.Text ellipsis style={{ flex: 1, margin: '0 8px' }}>
                      {order.supplierName}
                    </Typography.Text>
                    {order.overdue ? <Tag color="error">逾期 {order.requiredBy}</Tag> : <span className="muted">{order.requiredBy ?? '-'}</span>}
                  </List.Item>
                )}
              />
            </Col>
          </Row>
        </Card>
      )}

      {data?.arrivingShipments && (
        <Card title={`今日预计到货（${data.arrivingShipments.count}）`} size="small" data-testid="arriving-shipments">
          <List
            size="small"
            dataSource={data.arrivingShipments.list}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="今天没有预计到货的发货通知" /> }}
            renderItem={(shipment) => (
              <List.Item>
                <Typography.Link onClick={() => navigate(detailPath('purchaseOrderDetail', shipment.orderId))}>{shipment.orderCode}</Typography.Link>
                <Typography.Text ellipsis style={{ flex: 1, margin: '0 8px' }}>
                  {shipment.supplierName} · 送货单号 {shipment.deliveryNoteNo}
                </Typography.Text>
                <span className="muted">预计 {shipment.expectedArrival}</span>
              </List.Item>
            )}
          />
        </Card>
      )}

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card title="快捷入口" size="small" extra={<Typography.Text type="secondary">按我打开的次数排序</Typography.Text>}>
            <Row gutter={[12, 12]}>
              {shortcuts.map(({ entry, count }) => (
                <Col key={entry.key} xs={12} md={8}>
                  <Link to={entry.path} className="shortcut" data-shortcut={entry.key}>
                    {entry.label}
                    {count > 0 && <div className="shortcut-count">{count} 次</div>}
                  </Link>
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card title="我的最近操作" size="small">
            <List
              size="small"
              loading={overview.isPending}
              dataSource={data?.recentOperations ?? []}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无操作记录" /> }}
              renderItem={(op) => (
                <List.Item>
                  <div className="operation-row">
                    <Tag color="blue">{op.moduleLabel}</Tag>
                    <span className="operation-action">{op.actionLabel}</span>
                    {op.summary && (
                      <Typography.Text type="secondary" ellipsis={{ tooltip: op.summary }} className="operation-summary">
                        {op.summary}
                      </Typography.Text>
                    )}
                  </div>
                  <Typography.Text type="secondary" className="operation-time">
                    {formatMonthDayTime(op.createdAt)}
                  </Typography.Text>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

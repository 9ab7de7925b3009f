import { fenToYuan, type OpenOrder, detailPath, pagePath } from '@scm/contract';
import { Card, Col, List, Row, Statistic, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';

/** 未完成订单 and 逾期订单 of the period's orders, with the first few, each opening its detail. */
export function OpenOrdersCard({
  open,
  overdue,
  orders,
  payableFen,
}: {
  open: number;
  overdue: number;
  orders: OpenOrder[];
  /** 待付款: statements agreed and not paid, now. */
  payableFen: number;
}) {
  const navigate = useNavigate();
  return (
    <Card
      size="small"
      title="采购订单（所选期间创建）"
      extra={<Typography.Link onClick={() => navigate(pagePath('purchaseOrderList'))}>全部订单</Typography.Link>}
    >
      <Row gutter={[16, 8]}>
        <Col xs={12} md={4}>
          <Statistic title="未完成订单" value={open} suffix="个" />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title="逾期订单" value={overdue} suffix="个" valueStyle={overdue > 0 ? { color: '#cf1322' } : undefined} />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title="待付款（当前）" value={fenToYuan(payableFen, true)} prefix="¥" />
        </Col>
        <Col xs={24} md={12}>
          <List
            size="small"
            dataSource={orders}
            locale={{ emptyText: '没有未完成的订单' }}
            renderItem={(order) => (
              <List.Item>
                <Typography.Link onClick={() => navigate(detailPath('purchaseOrderDetail', order.id))}>{order.code}</Typography.Link>
                <Typography.Text ellipsis style={{ flex: 1, margin: '0 8px' }}>
                  {order.supplierName}
                </Typography.Text>
                {order.overdue ? <Tag color="error">逾期 {order.requiredBy}</Tag> : <span className="muted">需求 {order.requiredBy ?? '-'}</span>}
              </List.Item>
            )}
          />
        </Col>
      </Row>
    </Card>
  );
}

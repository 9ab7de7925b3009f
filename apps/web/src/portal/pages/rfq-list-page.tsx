import { RightOutlined } from '@ant-design/icons';
import type { RfqListItem } from '@scm/contract';
import { Card, List, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '@/shared/ui/page-title';
import { useRfqList } from '@/portal/api/rfq';
import { Deadline } from '@/portal/components/deadline';
import { InvitationTag, SealedTag, TaskStatusTag } from '@/portal/components/status-tags';

const PAGE_SIZE = 20;

/** 我的询价: the tasks this supplier is invited to, newest first, each with its deadline and this supplier's own state. */
export default function RfqListPage() {
  usePageTitle('我的询价 - 供应商门户');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useRfqList({ page, pageSize: PAGE_SIZE });
  const navigate = useNavigate();
  const open = (row: RfqListItem) => navigate(`/portal/rfq/detail?id=${row.taskId}`);

  return (
    <Card title="我的询价" size="small" className="portal-rfq-list">
      <List<RfqListItem>
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '暂无询价：采购方邀请您报价后会出现在这里' }}
        rowKey="taskId"
        pagination={
          (list.data?.total ?? 0) > PAGE_SIZE && {
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            size: 'small',
            simple: true,
            onChange: (next) => setParams(next > 1 ? { page: String(next) } : {}),
          }
        }
        renderItem={(row) => (
          <List.Item
            className="portal-rfq-item"
            onClick={() => open(row)}
            extra={<RightOutlined className="portal-muted" />}
            data-testid={`rfq-${row.code}`}
          >
            <List.Item.Meta
              title={
                <a
                  href={`/portal/rfq/detail?id=${row.taskId}`}
                  onClick={(event) => {
                    event.preventDefault();
                    open(row);
                  }}
                >
                  {row.name}
                </a>
              }
              description={
                <Space direction="vertical" size={4}>
                  <span className="portal-muted">
                    {row.code} · {row.lineCount} 个商品
                  </span>
                  <span>
                    截止 <Deadline deadline={row.quoteDeadline} active={row.status === 'quoting'} />
                  </span>
                  <Space size={4} wrap>
                    <TaskStatusTag status={row.status} />
                    <InvitationTag status={row.invitationStatus} />
                    {row.sealed && <SealedTag />}
                  </Space>
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

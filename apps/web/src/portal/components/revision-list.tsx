import type { RfqInfo } from '@scm/contract';
import { Card, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';

const at = (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm:ss');

/** A receipt 回执: the server's time and the SHA-256 of the revision's content, to be copied and kept. */
export function ReceiptText({ submittedAt, digest }: { submittedAt: string; digest: string }) {
  return (
    <div>
      <div>提交时间：{at(submittedAt)}</div>
      <div>回执 SHA-256：</div>
      <Typography.Text className="portal-digest" copyable={{ text: digest, tooltips: ['复制', '已复制'] }} data-testid="receipt-digest">
        {digest}
      </Typography.Text>
    </div>
  );
}

/** This supplier's own revisions, newest first; each was sealed as submitted and never changes. */
export function RevisionList({ revisions }: { revisions: RfqInfo['revisions'] }) {
  const newestFirst = [...revisions].sort((a, b) => b.revision - a.revision);
  return (
    <Card size="small" title="报价记录与回执">
      <List
        size="small"
        dataSource={newestFirst}
        rowKey="revision"
        locale={{ emptyText: '尚未提交报价' }}
        renderItem={(r, index) => (
          <List.Item data-testid={`revision-${r.revision}`}>
            <div style={{ width: '100%' }}>
              <div>
                <strong>第 {r.revision} 版</strong> {index === 0 && <Tag color="blue">当前有效</Tag>}
                {r.enteredByBuyer && <Tag>采购方代录</Tag>}
              </div>
              <ReceiptText submittedAt={r.submittedAt} digest={r.receiptSha256} />
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}

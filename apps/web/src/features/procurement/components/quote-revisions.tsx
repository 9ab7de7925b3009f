import { formatDateTimeSeconds } from '@scm/contract';
import type { MaintainView } from '@scm/contract';
import { Table, Tag, Typography } from 'antd';
import { downloadText, receiptFileName } from '@/shared/ui/download-text';

interface Row {
  key: string;
  supplierName: string;
  revision: number;
  submittedAt: string;
  enteredByBuyer: boolean;
  receiptSha256: string | null;
  canonicalContent: string | null;
  current: boolean;
}

/**
 * Who submitted which revision when, 代录 marked; each revision's receipt digest once the task is
 * unsealed, so buyer and supplier can both show that no price changed after it was sealed.
 */
export function QuoteRevisions({ view }: { view: MaintainView }) {
  const rows: Row[] = view.suppliers.flatMap((s) => {
    const last = Math.max(0, ...s.revisions.map((r) => r.revision));
    return [...s.revisions]
      .sort((a, b) => b.revision - a.revision)
      .map((r) => ({ key: `${s.supplierId}-${r.revision}`, supplierName: s.name, ...r, current: r.revision === last }));
  });
  return (
    <Table<Row>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: '尚无供应商提交报价' }}
      columns={[
        { title: '供应商', dataIndex: 'supplierName', width: 200, ellipsis: true },
        {
          title: '版本',
          dataIndex: 'revision',
          width: 130,
          render: (revision: number, r) => (
            <span>
              第 {revision} 版 {r.current && <Tag color="blue">有效</Tag>}
            </span>
          ),
        },
        { title: '提交时间', dataIndex: 'submittedAt', width: 170, render: (at: string) => formatDateTimeSeconds(at) },
        { title: '来源', dataIndex: 'enteredByBuyer', width: 90, render: (buyer: boolean) => (buyer ? <Tag>代录</Tag> : '门户') },
        {
          title: '回执内容',
          dataIndex: 'canonicalContent',
          width: 110,
          render: (text: string | null, r) =>
            text ? (
              <Typography.Link data-testid="receipt-download" onClick={() => downloadText(text, receiptFileName(view.task.code, r.revision))}>
                下载
              </Typography.Link>
            ) : (
              <span className="muted">开标后显示</span>
            ),
        },
        {
          title: '回执 SHA-256',
          dataIndex: 'receiptSha256',
          render: (digest: string | null) =>
            digest ? (
              <Typography.Text className="receipt-digest" copyable>
                {digest}
              </Typography.Text>
            ) : (
              <span className="muted">开标后显示</span>
            ),
        },
      ]}
    />
  );
}

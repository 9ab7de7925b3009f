import { EditOutlined } from '@ant-design/icons';
import { DICT, formatDateTimeSeconds, type MaintainView, type TaxpayerType } from '@scm/contract';
import { Alert, Card, Descriptions, Modal, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { DictTag } from '@/shared/dict/dict-tag';
import { ReasonedButton } from '@/shared/ui/reasoned-button';

type InvitedSupplier = MaintainView['suppliers'][number];

const QuoteEditor = lazy(() => import('./quote-editor'));

/** Why 代录 is not offered for this supplier now, or null when it is. */
function entryRefusal(supplier: InvitedSupplier, lockedReason: string | null): string | null {
  if (lockedReason) return lockedReason;
  if (supplier.quote && !supplier.quote.enteredByBuyer) return '供应商已在门户自行报价，不能代录或代为放弃';
  return null;
}

/**
 * One invited supplier while the task is sealed: a read-only card of what may be known (its state,
 * portal or 代录, the revision, when, the receipt digest once opened), never an empty price form.
 * 代录 (entering a quote the supplier sent by phone or e-mail) is a separate action that says what it does.
 */
export function SealedQuoteCard({
  task,
  supplier,
  taxpayer,
  lockedReason,
}: {
  task: MaintainView['task'];
  supplier: InvitedSupplier;
  taxpayer: TaxpayerType;
  lockedReason: string | null;
}) {
  const [entering, setEntering] = useState(false);
  const quote = supplier.quote;
  const current = [...supplier.revisions].sort((a, b) => b.revision - a.revision)[0];
  const refusal = entryRefusal(supplier, lockedReason);
  return (
    <Card
      size="small"
      className="sealed-quote-card"
      data-testid={`sealed-card-${supplier.supplierId}`}
      title={
        <span>
          {supplier.name} <Tag color="purple">密封中</Tag>
        </span>
      }
      extra={
        <ReasonedButton icon={<EditOutlined />} disabledReason={refusal} onClick={() => setEntering(true)}>
          代录报价
        </ReasonedButton>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label="报价状态">
          <DictTag code={DICT.quoteStatus} value={supplier.invitationStatus} />
        </Descriptions.Item>
        <Descriptions.Item label="来源">{quote ? quote.enteredByBuyer ? <Tag>代录</Tag> : '供应商门户' : '-'}</Descriptions.Item>
        <Descriptions.Item label="当前版本">{quote ? `第 ${quote.revision} 版` : '尚未提交'}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{quote ? formatDateTimeSeconds(quote.submittedAt) : '-'}</Descriptions.Item>
        <Descriptions.Item label="回执 SHA-256" span={2}>
          {current?.receiptSha256 ? (
            <Typography.Text className="receipt-digest" copyable>
              {current.receiptSha256}
            </Typography.Text>
          ) : (
            <span className="muted">{quote ? '开标后显示' : '-'}</span>
          )}
        </Descriptions.Item>
      </Descriptions>
      {supplier.invitationStatus === 'declined' && (
        <Alert type="info" showIcon message={`供应商已放弃报价${supplier.declineReason ? `：${supplier.declineReason}` : ''}`} />
      )}
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        密封报价：开标前不显示任何价格、运费、起订量或交期。
      </Typography.Paragraph>
      <Modal title={`代录报价：${supplier.name}`} open={entering} width={1200} footer={null} onCancel={() => setEntering(false)} destroyOnHidden>
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="代录：替供应商录入其通过电话、邮件等方式发来的报价"
          description="保存后作为该供应商的新一版报价（标记为代录）同样密封至开标，并通知该供应商的门户账号；供应商之后在门户提交的报价将取代代录。"
        />
        <Suspense fallback={<Spin />}>
          <QuoteEditor task={task} supplier={supplier} taxpayer={taxpayer} lockedReason={refusal} onSaved={() => setEntering(false)} />
        </Suspense>
      </Modal>
    </Card>
  );
}

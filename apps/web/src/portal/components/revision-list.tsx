import { formatDateTimeSeconds } from '@scm/contract';
import type { RfqInfo } from '@scm/contract';
import { downloadText, receiptFileName } from '@/shared/ui/download-text';
import { Button, Tag } from './plain-controls';
import { CopyText, Rows, Section } from './section';

const at = (time: string) => formatDateTimeSeconds(time);

/** A receipt 回执: the server's time and the SHA-256 of the revision's content, to be copied and kept. */
export function ReceiptText({ submittedAt, digest }: { submittedAt: string; digest: string }) {
  return (
    <div>
      <div>提交时间：{at(submittedAt)}</div>
      <div>
        回执 SHA-256：
        <CopyText text={digest} testId="receipt-digest" />
      </div>
    </div>
  );
}

/**
 * The exact text a receipt digests (docs/portal.md, "Receipts"), to read and to download: any
 * SHA-256 tool over the downloaded file gives the receipt.
 */
function ReceiptContent({ text, fileName, testId }: { text: string; fileName: string; testId: string }) {
  return (
    <details className="portal-receipt-content" data-testid={testId}>
      <summary>回执内容（可自行计算 SHA-256 核对）</summary>
      <pre>{text}</pre>
      <Button onClick={() => downloadText(text, fileName)}>下载回执内容</Button>
    </details>
  );
}

/** This supplier's own revisions, newest first; each was sealed as submitted and never changes. */
export function RevisionList({ revisions, taskCode }: { revisions: RfqInfo['revisions']; taskCode: string }) {
  const newestFirst = [...revisions].sort((a, b) => b.revision - a.revision);
  return (
    <Section title="报价记录与回执" testId="revisions">
      <Rows
        items={newestFirst}
        empty="尚未提交报价"
        render={(r, index) => (
          <div key={r.revision} data-testid={`revision-${r.revision}`}>
            <div>
              <strong>第 {r.revision} 版</strong> {index === 0 && <Tag color="blue">当前有效</Tag>}
              {r.enteredByBuyer && <Tag>采购方代录</Tag>}
            </div>
            <ReceiptText submittedAt={r.submittedAt} digest={r.receiptSha256} />
            <ReceiptContent text={r.canonicalContent} fileName={receiptFileName(taskCode, r.revision)} testId={`receipt-content-${r.revision}`} />
          </div>
        )}
      />
    </Section>
  );
}

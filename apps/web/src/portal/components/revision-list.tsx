import { fenToYuan, formatDateTimeSeconds, INVOICE_TYPE_SHORT_LABELS, type InvoiceType } from '@scm/contract';
import type { RfqInfo } from '@scm/contract';
import { downloadText, receiptFileName } from '@/shared/ui/download-text';
import { Button, Tag } from '@/shared/ui/plain-controls';
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

type TaskLine = RfqInfo['task']['lines'][number];
interface SaidLine {
  taskLineId: number;
  unitPriceFen: number | null;
  moq: number | null;
  leadTimeDays: number | null;
}
interface Said {
  freightFen: number;
  invoiceType: InvoiceType;
  taxRatePercent: number;
  validUntil: string;
  lines: SaidLine[];
}

/** What a revision said, read from the very content its receipt digests; null when it cannot be read. */
function readSaid(text: string): Said | null {
  try {
    const said = JSON.parse(text) as Said;
    return Array.isArray(said.lines) ? said : null;
  } catch {
    return null;
  }
}

const yuan = (fen: number | null) => (fen == null ? '未报价' : `¥${fenToYuan(fen, true)}`);

/** A revision's own lines and totals, as the supplier submitted them (read from its receipt's content). */
function RevisionSaid({ text, lines }: { text: string; lines: TaskLine[] }) {
  const said = readSaid(text);
  if (!said) return null;
  const goods = said.lines.reduce((sum, l) => {
    const quantity = lines.find((t) => t.id === l.taskLineId)?.quantity ?? 0;
    return sum + (l.unitPriceFen ?? 0) * quantity;
  }, 0);
  return (
    <div className="portal-revision-said">
      <ul>
        {said.lines.map((l) => {
          const line = lines.find((t) => t.id === l.taskLineId);
          return (
            <li key={l.taskLineId}>
              {line?.commodityName ?? l.taskLineId}：{yuan(l.unitPriceFen)}
              {l.unitPriceFen != null && line ? ` × ${line.quantity}` : ''}
              {l.moq != null ? `，起订量 ${l.moq}` : ''}
              {l.leadTimeDays != null ? `，交期 ${l.leadTimeDays} 天` : ''}
            </li>
          );
        })}
      </ul>
      <div>
        货值 {yuan(goods)} · 运费 {yuan(said.freightFen)} · 合计 <strong>{yuan(goods + said.freightFen)}</strong>
      </div>
      <div className="portal-muted">
        {INVOICE_TYPE_SHORT_LABELS[said.invoiceType] ?? said.invoiceType} {said.taxRatePercent}% · 有效期至 {said.validUntil}
      </div>
    </div>
  );
}

/** This supplier's own revisions, newest first; each was sealed as submitted and never changes. */
export function RevisionList({ revisions, taskCode, lines }: { revisions: RfqInfo['revisions']; taskCode: string; lines: TaskLine[] }) {
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
            <RevisionSaid text={r.canonicalContent} lines={lines} />
            <ReceiptText submittedAt={r.submittedAt} digest={r.receiptSha256} />
            <ReceiptContent text={r.canonicalContent} fileName={receiptFileName(taskCode, r.revision)} testId={`receipt-content-${r.revision}`} />
          </div>
        )}
      />
    </Section>
  );
}

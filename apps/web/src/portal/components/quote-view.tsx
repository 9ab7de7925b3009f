import { INVOICE_TYPE_LABELS, type RfqInfo } from '@scm/contract';
import { Money } from '@/shared/ui/money';
import { Fact, Facts, Tag } from '@/shared/ui/plain-controls';
import { Rows, Section } from './section';

/** The task's lines with this supplier's last revision beside them, read-only (after the deadline, or before publishing). */
export function QuoteView({ info }: { info: RfqInfo }) {
  const { task, quote } = info;
  const byLine = new Map(quote?.lines.map((l) => [l.taskLineId, l]) ?? []);
  return (
    <Section title={quote ? `我的报价（第 ${quote.revision} 版）` : '询价明细'} testId="quote-view">
      <Rows
        items={task.lines}
        empty="无商品"
        render={(line, i) => {
          const q = byLine.get(line.id);
          return (
            <div key={line.id}>
              <div className="portal-line-title">
                {i + 1}. {line.commodityName}
              </div>
              <div className="portal-muted">
                {line.spec ? `${line.spec} · ` : ''}需求 {line.quantity} {line.unit}
              </div>
              {quote && (
                <div>
                  {q?.unitPriceFen == null ? (
                    <Tag color="warning">未报价</Tag>
                  ) : (
                    <>
                      单价 <Money fen={q.unitPriceFen} prefix="¥" />
                      {q.moq != null && ` · 起订量 ${q.moq}`}
                      {q.leadTimeDays != null && ` · 交期 ${q.leadTimeDays} 天`}
                    </>
                  )}
                  {q?.remark && <div className="portal-muted">{q.remark}</div>}
                </div>
              )}
            </div>
          );
        }}
      />
      {quote && (
        <div style={{ marginTop: 8 }}>
          <Facts columns={2}>
            <Fact label="发票">
              {INVOICE_TYPE_LABELS[quote.invoiceType]} {quote.taxRatePercent}%
            </Fact>
            <Fact label="有效期至">{quote.validUntil}</Fact>
            <Fact label="运费">
              <Money fen={quote.freightFen} prefix="¥" />
              {quote.freightMode === 'estimated' ? '（按模板估算）' : ''}
            </Fact>
            {quote.freightFormula && <Fact label="运费计算">{quote.freightFormula}</Fact>}
            {quote.remark && <Fact label="备注">{quote.remark}</Fact>}
          </Facts>
        </div>
      )}
    </Section>
  );
}

/** After the award: per line, only whether this supplier won, the quantity and its own price. */
export function OutcomeCard({ info }: { info: RfqInfo }) {
  const outcome = info.outcome;
  if (!outcome) return null;
  const lines = new Map(info.task.lines.map((l) => [l.id, l]));
  const won = outcome.lines.filter((l) => l.won).length;
  return (
    <Section title="定标结果" testId="outcome">
      <p style={{ marginTop: 0 }}>
        {won > 0
          ? `恭喜，您中标 ${won} 个商品。`
          : info.invitationStatus === 'declined'
            ? '您已放弃本次报价，未参与定标。'
            : '本次询价您未中标，感谢参与。'}
      </p>
      <Rows
        items={outcome.lines}
        empty="无商品"
        render={(l) => {
          const line = lines.get(l.taskLineId);
          return (
            <div key={l.taskLineId} className="portal-row-link">
              <div className="portal-grow">
                <div>{line?.commodityName ?? '-'}</div>
                {l.won && (
                  <div className="portal-muted">
                    采购数量 {l.quantity} {line?.unit} · 单价 <Money fen={l.unitPriceFen} prefix="¥" />
                  </div>
                )}
              </div>
              {l.won ? <Tag color="success">中标</Tag> : <Tag>未中标</Tag>}
            </div>
          );
        }}
      />
    </Section>
  );
}

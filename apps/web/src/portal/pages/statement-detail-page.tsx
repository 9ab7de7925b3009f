import {
  fenToYuan,
  formatDateTime,
  INVOICE_STATUS_LABELS,
  INVOICE_TYPE_LABELS,
  MOVEMENT_KIND_LABELS,
  type StatementDetail,
  type StatementMovement,
  PORTAL_PAGES,
} from '@scm/contract';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/shared/ui/page-title';
import { PlainField } from '@/shared/form/plain-field';
import { statementIdOf, useConfirmStatement, useDisputeStatement, useStatementInfo } from '@/portal/api/statements';
import { requestChecks } from '@/portal/api/request-checks';
import { useCheckedText } from '@/portal/components/form-errors';
import { InvoiceUpload } from '@/portal/components/invoice-upload';
import { Button, Dialog, EmptyNotice, Fact, Facts, Notice, Tag, TextArea } from '@/shared/ui/plain-controls';
import { BackTo, CopyText, Rows, Section } from '@/portal/components/section';
import { StatementStatusTag } from '@/portal/components/status-tags';
import { CheckedTextArea } from '@/portal/components/checked-text-area';

const yuan = (fen: number) => `¥${fenToYuan(fen, true)}`;
const invoiceLabel = (type: keyof typeof INVOICE_TYPE_LABELS, rate: number) => `${INVOICE_TYPE_LABELS[type]} ${rate}%`;
/** 收货 · 炊大皇 抗菌炒锅; a freight movement, which names no goods, is just 运费. */
const movementLabel = (m: StatementMovement) =>
  m.commodityName ? `${MOVEMENT_KIND_LABELS[m.kind]} · ${m.commodityName}` : MOVEMENT_KIND_LABELS[m.kind];

/**
 * 对账单详情: what the buyer says was received and returned, by order, with the totals per invoice
 * type and rate; while 待供应商确认, 确认 (answered with a receipt: the time and the SHA-256 of the
 * exact text confirmed) or 有异议 (a reason, and a note on each line it disputes, which the buyer's
 * detail shows beside the line); once confirmed, 上传发票; at the end, 已付款.
 */
export default function StatementDetailPage() {
  usePageTitle('对账单详情 - 供应商门户');
  const [params] = useSearchParams();
  const id = statementIdOf(params.toString());
  const query = useStatementInfo(id);
  const back = <BackTo path={PORTAL_PAGES.statementList} label="返回对账单" />;

  if (!id) return <EmptyNotice title="请从对账单列表打开对账单" action={back} />;
  if (query.isLoading) return <div className="portal-loading">加载中…</div>;
  const statement = query.data;
  if (!statement) return <EmptyNotice title="对账单不存在" action={back} />;
  return <StatementView statement={statement} back={back} />;
}

function StatementView({ statement: s, back }: { statement: StatementDetail; back: ReactNode }) {
  const confirm = useConfirmStatement();
  const [confirming, setConfirming] = useState(false);
  const [disputing, setDisputing] = useState(false);
  const reason = useCheckedText('reason');
  const dispute = useDisputeStatement({ onError: reason.onServerError });
  const notes = useMovementNotes();
  const allowed = new Set(s.allowedActions);
  const orders = [...new Set(s.movements.map((m) => m.orderCode))];

  const closeDispute = () => {
    setDisputing(false);
    reason.reset();
    notes.reset();
  };
  const sendDispute = async () => {
    const { statementDisputeRequest } = await requestChecks();
    const text = reason.checked(statementDisputeRequest.shape.reason);
    const lineNotes = notes.checked(statementDisputeRequest.shape.notes.unwrap().element.shape.note);
    if (text === null || lineNotes === null) return;
    dispute.mutate({ id: s.id, version: s.version, reason: text, ...(lineNotes.length ? { notes: lineNotes } : {}) }, { onSuccess: closeDispute });
  };

  return (
    <div className="portal-stack">
      {back}
      <section className="portal-card" data-testid="statement-summary">
        <div className="portal-card-head">
          <h1 className="portal-card-title">{s.code}</h1>
          <StatementStatusTag status={s.status} />
        </div>
        <div className="portal-card-body">
          {s.status === 'paid' && s.paidOn && s.paidAmountFen !== null && (
            <Notice type="success" title={`已付款 ${yuan(s.paidAmountFen)}`} detail={`付款日期 ${s.paidOn}，流水号 ${s.paymentRef ?? '-'}`} />
          )}
          {s.status === 'disputed' && <Notice type="warning" title="已提出异议，等待采购方修订" detail={s.disputeReason ?? undefined} />}
          <Facts>
            <Fact label="对账期间">
              {s.periodFrom} ~ {s.periodTo}
            </Fact>
            <Fact label="货款">{yuan(s.goodsFen)}</Fact>
            <Fact label="运费">{yuan(s.freightFen)}</Fact>
            <Fact label="退货">{yuan(s.returnsFen)}</Fact>
            <Fact label="对账总额">
              <span className="portal-total" data-testid="statement-total">
                {yuan(s.totalFen)}
              </span>
            </Fact>
            {s.revision > 1 && <Fact label="版本">第{s.revision}版</Fact>}
          </Facts>
        </div>
      </section>

      {s.receiptSha256 && s.confirmedAt && (
        <Section title="确认回执" testId="statement-receipt">
          <Facts columns={1}>
            <Fact label="确认时间">{formatDateTime(s.confirmedAt)}</Fact>
            <Fact label="SHA-256">
              <CopyText text={s.receiptSha256} testId="receipt-sha256" />
            </Fact>
          </Facts>
          <p className="portal-muted">摘要按对账单的规范内容计算，双方可随时复算核对。</p>
        </Section>
      )}

      <Section title="按发票类型与税率汇总">
        <Rows
          items={s.groups}
          empty="没有明细"
          render={(g) => (
            <div
              key={`${g.invoiceType}:${g.taxRatePercent}`}
              className="portal-order-line"
              data-testid={`group-${g.invoiceType}-${g.taxRatePercent}`}
            >
              <div className="portal-line-title">{invoiceLabel(g.invoiceType, g.taxRatePercent)}</div>
              <div className="portal-meta">
                <span>含税 {yuan(g.amountInclTaxFen)}</span>
                <span className="portal-muted">
                  不含税 {yuan(g.amountExclTaxFen)} · 税额 {yuan(g.taxFen)}
                </span>
              </div>
              {['confirmed', 'invoiced', 'approved', 'paid'].includes(s.status) && g.invoiceType !== 'none' && (
                <div className="portal-muted">
                  已开票 {yuan(g.invoicedInclTaxFen)}（税额 {yuan(g.invoicedTaxFen)}）
                </div>
              )}
            </div>
          )}
        />
      </Section>

      {orders.map((code) => (
        <Section key={code} title={`订单 ${code}`}>
          <Rows
            items={s.movements.filter((m) => m.orderCode === code)}
            empty=""
            render={(m) => (
              <div key={m.id} className="portal-order-line">
                <div className="portal-line-title">{movementLabel(m)}</div>
                <div className="portal-meta">
                  <span>
                    {m.quantity !== null && m.unitPriceFen !== null
                      ? `${yuan(m.unitPriceFen)} × ${m.quantity} = ${yuan(m.amountFen)}`
                      : yuan(m.amountFen)}
                  </span>
                  <span className="portal-muted">{m.date}</span>
                </div>
                {m.disputeNote && <div className="portal-muted">说明：{m.disputeNote}</div>}
              </div>
            )}
          />
        </Section>
      ))}

      {s.invoices.length > 0 && (
        <Section title="发票">
          <Rows
            items={s.invoices}
            empty=""
            render={(i) => (
              <div key={i.id} className="portal-order-line" data-testid={`invoice-${i.invoiceNumber}`}>
                <div className="portal-line-title">
                  {i.invoiceCode ? `${i.invoiceCode} / ` : ''}
                  {i.invoiceNumber}
                </div>
                <div className="portal-meta">
                  <span>
                    {invoiceLabel(i.invoiceType, i.taxRatePercent)} · {yuan(i.amountInclTaxFen)}
                  </span>
                  <Tag color={i.status === 'valid' ? 'success' : 'default'}>{INVOICE_STATUS_LABELS[i.status]}</Tag>
                </div>
              </div>
            )}
          />
          {s.exceptions.some((e) => e.status !== 'accepted') && (
            <Notice
              type="warning"
              title="发票与对账单存在差异"
              detail={s.exceptions
                .filter((e) => e.status !== 'accepted')
                .map((e) => e.detail)
                .join('；')}
            />
          )}
        </Section>
      )}

      {allowed.has('invoice') && <InvoiceUpload statement={s} />}

      {allowed.has('confirm') && (
        <div className="portal-actions">
          <Button
            variant="primary"
            size="large"
            block
            loading={confirm.isPending}
            onClick={() => setConfirming(true)}
            data-testid="confirm-statement"
          >
            确认对账单
          </Button>
          <Button variant="danger" size="large" block onClick={() => setDisputing(true)} data-testid="dispute-statement">
            有异议
          </Button>
        </div>
      )}

      <Dialog
        title={`确认对账单 ${s.code}？`}
        open={confirming}
        onClose={() => setConfirming(false)}
        footer={
          <>
            <Button onClick={() => setConfirming(false)}>再看看</Button>
            <Button
              variant="primary"
              loading={confirm.isPending}
              onClick={() => confirm.mutate({ id: s.id, version: s.version }, { onSuccess: () => setConfirming(false) })}
            >
              确认
            </Button>
          </>
        }
      >
        {`确认即表示认可本期对账总额 ${yuan(s.totalFen)} 及全部明细，确认后不可更改，系统将生成确认回执。`}
      </Dialog>

      <Dialog
        title="对账单有异议"
        open={disputing}
        onClose={closeDispute}
        footer={
          <>
            <Button onClick={closeDispute}>取消</Button>
            <Button variant="danger" loading={dispute.isPending} onClick={sendDispute}>
              提交异议
            </Button>
          </>
        }
      >
        <CheckedTextArea id="dispute-reason" label="异议原因" field={reason} rows={3} maxLength={500} placeholder="如：3月5日收货数量应为98件" />
        <MovementNotes movements={s.movements} notes={notes} />
      </Dialog>
    </div>
  );
}

interface NoteCheck {
  safeParse(value: string): { success: true; data: string } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** The supplier's note per disputed line, by movement id: only the lines it opened a note on. */
function useMovementNotes() {
  const [open, setOpen] = useState<number[]>([]);
  const [values, setValues] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  return {
    open,
    values,
    errors,
    toggle: (id: number) => {
      setOpen((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]));
      setErrors(({ [id]: _, ...rest }) => rest);
    },
    change: (id: number, text: string) => {
      setValues((all) => ({ ...all, [id]: text }));
      setErrors(({ [id]: _, ...rest }) => rest);
    },
    reset: () => {
      setOpen([]);
      setValues({});
      setErrors({});
    },
    /** The notes to send, checked by the contract's rule; null with the errors shown. An opened note left empty is required. */
    checked: (check: NoteCheck): { movementId: number; note: string }[] | null => {
      const found: Record<number, string> = {};
      const notes = open.flatMap((movementId) => {
        const result = check.safeParse(values[movementId] ?? '');
        if (result.success) return [{ movementId, note: result.data }];
        found[movementId] = result.error.issues[0]?.message ?? '请填写明细说明';
        return [];
      });
      setErrors(found);
      return Object.keys(found).length ? null : notes;
    },
  };
}

/** 逐条说明: each line of the statement, with a note the supplier may open on the ones it disputes. */
function MovementNotes({ movements, notes }: { movements: StatementMovement[]; notes: ReturnType<typeof useMovementNotes> }) {
  return (
    <fieldset className="portal-dispute-notes" data-testid="dispute-notes">
      <legend className="portal-line-title">逐条说明（选填）</legend>
      <p className="portal-muted">对有异议的明细点「添加说明」，采购方会在该明细旁看到。</p>
      {movements.map((m) => {
        const opened = notes.open.includes(m.id);
        const label = `${m.orderCode} · ${movementLabel(m)}`;
        return (
          <div key={m.id} className="portal-order-line" data-testid={`dispute-line-${m.id}`}>
            <div className="portal-meta">
              <span>
                {label}
                <span className="portal-muted">
                  {' '}
                  {m.date} · {yuan(m.amountFen)}
                </span>
              </span>
              <Button onClick={() => notes.toggle(m.id)} aria-expanded={opened}>
                {opened ? '不写说明' : '添加说明'}
              </Button>
            </div>
            {opened && (
              <PlainField id={`dispute-note-${m.id}`} error={notes.errors[m.id]}>
                {(state) => (
                  <TextArea
                    {...state}
                    rows={2}
                    maxLength={200}
                    aria-label={`${label} 的说明`}
                    value={notes.values[m.id] ?? ''}
                    onChange={(event) => notes.change(m.id, event.target.value)}
                    placeholder="如：实收98件，单据写100件"
                  />
                )}
              </PlainField>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

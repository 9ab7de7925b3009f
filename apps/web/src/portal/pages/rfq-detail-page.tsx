import { procurementActionAllowed, sealedNow, PORTAL_PAGES, instantMs } from '@scm/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/shared/ui/page-title';
import { rfqIdOf } from '@/portal/api/first-read';
import { useRfqInfo } from '@/portal/api/rfq';
import { Clarifications } from '@/portal/components/clarifications';
import { DeclineButton } from '@/portal/components/decline-button';
import { Deadline } from '@/portal/components/deadline';
import { useServerNow } from '@/shared/quote/use-server-now';
import { Button, Dialog, EmptyNotice, Fact, Facts, Notice } from '@/shared/ui/plain-controls';
import { BackTo } from '@/portal/components/section';
import QuoteForm, { type QuoteReceipt } from '@/portal/components/quote-form';
import { OutcomeCard, QuoteView } from '@/portal/components/quote-view';
import { ReceiptText, RevisionList } from '@/portal/components/revision-list';
import { InvitationTag, SealedTag, TaskStatusTag } from '@/portal/components/status-tags';

/** 询价详情: the task's lines, the quote form while quoting, the receipts, 答疑 and, after the award, the own outcome. */
/** Scrolls to 答疑 and, while questions may be asked, puts the cursor in the question box. */
function jumpToClarifications() {
  const question = document.getElementById('clarification-question');
  (question ?? document.getElementById('clarifications'))?.scrollIntoView({ block: 'center' });
  question?.focus({ preventScroll: true });
}

export default function RfqDetailPage() {
  usePageTitle('询价详情 - 供应商门户');
  const [params] = useSearchParams();
  const taskId = rfqIdOf(params.toString());
  const query = useRfqInfo(taskId);
  const now = useServerNow(query.data?.serverNow);
  // Here, not in the form: the form is mounted anew for the revision the receipt is for.
  const [receipt, setReceipt] = useState<QuoteReceipt | null>(null);
  const deadline = query.data?.task.quoteDeadline;
  const quoting = query.data?.task.status === 'quoting';
  // A timer at the deadline itself, so the form closes when quoting ends rather than at the next tick.
  const [, setPassed] = useState(0);
  useEffect(() => {
    if (!deadline || !quoting) return;
    const left = instantMs(deadline) - now;
    if (left <= 0 || left > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setPassed((n) => n + 1), left + 50);
    return () => clearTimeout(timer);
  }, [deadline, quoting, now]);
  // Once the form has been shown it stays, closed, when quoting ends (deadline, 关闭报价 or 提前开标:
  // the message stream refreshes the page), so what was typed is kept and the page says why it cannot be sent.
  const [formShown, setFormShown] = useState(false);
  const open = !!query.data && procurementActionAllowed('quote', query.data.task.status) && instantMs(query.data.task.quoteDeadline) > now;
  useEffect(() => {
    if (open) setFormShown(true);
  }, [open]);
  const back = <BackTo path={PORTAL_PAGES.rfqList} label="返回我的询价" />;

  if (!taskId) return <EmptyNotice title="请从我的询价打开询价详情" action={back} />;
  if (query.isLoading) return <div className="portal-loading">加载中…</div>;
  const info = query.data;
  if (!info) return <EmptyNotice title="询价不存在或您未被邀请" action={back} />;
  const { task } = info;
  // Quoting by the contract's status machine, until the deadline (the server refuses the same): `open` above.
  const keepClosedForm = !open && formShown && !info.outcome;

  return (
    <div className="portal-stack">
      {back}
      <section className="portal-card" data-testid="rfq-summary">
        <div className="portal-card-head">
          <h1 className="portal-card-title">{task.name}</h1>
        </div>
        <div className="portal-card-body">
          <Facts>
            <Fact label="询价编号">{task.code}</Fact>
            <Fact label="状态">
              <span className="portal-tags">
                <TaskStatusTag status={task.status} />
                {task.sealed && <SealedTag />}
              </span>
            </Fact>
            <Fact label="我的报价">
              <InvitationTag status={info.invitationStatus} />
            </Fact>
            <Fact label="报价截止">
              <Deadline deadline={task.quoteDeadline} active={task.status === 'quoting'} serverNow={info.serverNow} />
            </Fact>
            <Fact label="交货地区">{task.deliveryRegionName}</Fact>
            <Fact label="需求日期">{task.requiredBy ?? '-'}</Fact>
          </Facts>
          {sealedNow(task) && (
            <p className="portal-muted" style={{ margin: '8px 0 0', fontSize: 13 }}>
              密封报价：截止前采购方看不到任何价格，开标后才解密。
            </p>
          )}
          {/* The questions sit below the form, thousands of pixels down on a phone: one tap reaches them. */}
          <button type="button" className="portal-jump" onClick={jumpToClarifications}>
            {open ? '向采购方提问' : '查看答疑'}（{info.clarifications.length} 条答疑）
          </button>
        </div>
      </section>

      <OutcomeCard info={info} />

      {info.invitationStatus === 'declined' && (
        <Notice
          type="warning"
          title={`您已放弃本次报价${info.declineReason ? `：${info.declineReason}` : ''}`}
          detail={open ? '截止前重新提交报价即可撤回放弃。' : undefined}
        />
      )}

      {open || keepClosedForm ? (
        <>
          {keepClosedForm && (
            <div data-testid="quote-closed">
              <Notice type="warning" title="报价已截止" detail="采购方已截止本次报价（截止时间已到或提前截止），不能再提交或放弃报价。" />
            </div>
          )}
          <QuoteForm key={info.quote?.revision ?? 0} info={info} closed={!open} onSubmitted={setReceipt} />
          {open && info.invitationStatus !== 'declined' && <DeclineButton taskId={task.id} />}
        </>
      ) : (
        <>
          {task.status === 'quoting' && <Notice type="info" title="报价已截止" />}
          <QuoteView info={info} />
        </>
      )}

      <RevisionList revisions={info.revisions} taskCode={info.task.code} lines={info.task.lines} />
      <Clarifications taskId={task.id} items={info.clarifications} canAsk={open} />
      <Dialog
        title={`报价已提交（第 ${receipt?.revision ?? ''} 版）`}
        open={!!receipt}
        onClose={() => setReceipt(null)}
        footer={
          <Button variant="primary" onClick={() => setReceipt(null)}>
            知道了
          </Button>
        }
      >
        {receipt && <ReceiptText submittedAt={receipt.submittedAt} digest={receipt.receiptSha256} />}
      </Dialog>
    </div>
  );
}

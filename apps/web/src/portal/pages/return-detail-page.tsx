import { fenToYuan, RETURN_REASON_LABELS, PORTAL_PAGES, formatDateTime } from '@scm/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/shared/ui/page-title';
import { orderIdOf } from '@/portal/api/orders';
import { requestChecks } from '@/portal/api/request-checks';
import { useConfirmReturn, useDisputeReturn, useReturnInfo } from '@/portal/api/returns';
import { useCheckedText } from '@/portal/components/form-errors';
import { Button, Dialog, EmptyNotice, Fact, Facts, Notice } from '@/shared/ui/plain-controls';
import { BackTo, Rows, Section } from '@/portal/components/section';
import { ReturnStatusTag } from '@/portal/components/status-tags';
import { CheckedTextArea } from '@/portal/components/checked-text-area';

const yuan = (fen: number) => `¥${fenToYuan(fen, true)}`;

/** 退货单详情: what the buyer sends back and why; while 待供应商确认, 确认退货 or 有异议 with a reason. */
export default function ReturnDetailPage() {
  usePageTitle('退货单详情 - 供应商门户');
  const [params] = useSearchParams();
  const id = orderIdOf(params.toString());
  const query = useReturnInfo(id);
  const confirm = useConfirmReturn();
  const reason = useCheckedText('reason');
  const dispute = useDisputeReturn({ onError: reason.onServerError });
  const [asking, setAsking] = useState<'confirm' | 'dispute' | null>(null);
  const back = <BackTo path={PORTAL_PAGES.returnList} label="返回退货单" />;

  if (!id) return <EmptyNotice title="请从退货单列表打开退货单详情" action={back} />;
  if (query.isLoading) return <div className="portal-loading">加载中…</div>;
  const ret = query.data;
  if (!ret) return <EmptyNotice title="退货单不存在" action={back} />;

  const body = { id: ret.id, version: ret.version };
  const close = () => {
    setAsking(null);
    reason.reset();
  };
  const sendDispute = async () => {
    const { purchaseReturnDisputeRequest } = await requestChecks();
    const text = reason.checked(purchaseReturnDisputeRequest.shape.reason);
    if (text !== null) dispute.mutate({ ...body, reason: text }, { onSuccess: close });
  };

  return (
    <div className="portal-stack">
      {back}
      <section className="portal-card" data-testid="return-summary">
        <div className="portal-card-head">
          <h1 className="portal-card-title">{ret.code}</h1>
          <ReturnStatusTag status={ret.status} />
        </div>
        <div className="portal-card-body">
          {ret.status === 'disputed' && ret.disputeReason && <Notice type="warning" title="您已提出异议" detail={ret.disputeReason} />}
          <Facts>
            <Fact label="采购订单">{ret.orderCode}</Fact>
            <Fact label="退货原因">{RETURN_REASON_LABELS[ret.reasonType]}</Fact>
            <Fact label="处理方式">{ret.replacement ? '补发' : '不补发（按实收结算）'}</Fact>
            <Fact label="开单时间">{formatDateTime(ret.createdAt)}</Fact>
            <Fact label="采购员">{ret.buyerName}</Fact>
            <Fact label="退货日期">{ret.shippedOn ?? '-'}</Fact>
            {ret.remark && <Fact label="备注">{ret.remark}</Fact>}
          </Facts>
        </div>
      </section>

      <Section title="退货商品" extra={<span className="portal-muted">{ret.lines.length} 个</span>}>
        <Rows
          items={ret.lines}
          empty="没有商品"
          render={(line) => (
            <div key={line.id} className="portal-order-line" data-testid={`return-line-${line.skuCode}`}>
              <div className="portal-line-title">{line.commodityName}</div>
              <div className="portal-muted">{line.skuCode}</div>
              <div className="portal-meta">
                <span>
                  {yuan(line.unitPriceFen)} × {line.quantity} = {yuan(line.amountFen)}
                </span>
              </div>
              {line.reason && <div className="portal-muted">{line.reason}</div>}
            </div>
          )}
        />
        <div className="portal-order-totals">
          <span className="portal-total" data-testid="return-total">
            退货金额 {yuan(ret.amountFen)}
          </span>
        </div>
      </Section>

      {ret.allowedActions.includes('confirm') && (
        <Button variant="primary" size="large" block onClick={() => setAsking('confirm')} data-testid="confirm-return">
          确认退货
        </Button>
      )}
      {ret.allowedActions.includes('dispute') && (
        <Button
          variant="danger"
          size="large"
          block
          onClick={() => {
            setAsking('dispute');
            requestChecks();
          }}
        >
          有异议
        </Button>
      )}

      <Dialog
        title={`确认退货单 ${ret.code}？`}
        open={asking === 'confirm'}
        onClose={close}
        footer={
          <>
            <Button onClick={close}>再看看</Button>
            <Button variant="primary" loading={confirm.isPending} onClick={() => confirm.mutate(body, { onSuccess: close })}>
              确认退货
            </Button>
          </>
        }
      >
        {`确认后采购方将安排退货出库，退货金额 ${yuan(ret.amountFen)} 在对账时冲减。`}
      </Dialog>
      <Dialog
        title="对该退货单有异议"
        open={asking === 'dispute'}
        onClose={close}
        footer={
          <>
            <Button onClick={close}>取消</Button>
            <Button variant="danger" loading={dispute.isPending} onClick={sendDispute}>
              提交异议
            </Button>
          </>
        }
      >
        <CheckedTextArea
          id="dispute-reason"
          label="异议原因"
          field={reason}
          rows={3}
          maxLength={200}
          placeholder="如：出厂检验合格，破损系运输造成"
        />
      </Dialog>
    </div>
  );
}

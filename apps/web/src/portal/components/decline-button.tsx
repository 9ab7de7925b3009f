import { useState } from 'react';
import { requestChecks } from '@/portal/api/request-checks';
import { useDeclineQuote } from '@/portal/api/rfq';
import { useCheckedText } from './form-errors';
import { Button, Dialog } from '@/shared/ui/plain-controls';
import { CheckedTextArea } from './checked-text-area';

/** 放弃报价 with a reason, asked for in a confirmation; a quote submitted before the deadline withdraws it. */
export function DeclineButton({ taskId }: { taskId: number }) {
  const [open, setOpen] = useState(false);
  const reason = useCheckedText('reason');
  const decline = useDeclineQuote({ onError: reason.onServerError });
  const close = () => {
    setOpen(false);
    reason.reset();
  };
  const confirm = async () => {
    const { portalDeclineRequest } = await requestChecks();
    const text = reason.checked(portalDeclineRequest.shape.reason);
    if (text !== null) decline.mutate({ taskId, reason: text }, { onSuccess: close });
  };
  return (
    <>
      <Button
        variant="danger"
        block
        size="large"
        onClick={() => {
          setOpen(true);
          requestChecks();
        }}
      >
        放弃报价
      </Button>
      <Dialog
        title="确认放弃本次报价？"
        open={open}
        onClose={close}
        footer={
          <>
            <Button onClick={close}>取消</Button>
            <Button variant="danger" loading={decline.isPending} onClick={confirm}>
              确认放弃
            </Button>
          </>
        }
      >
        <p className="portal-muted" style={{ marginTop: 0 }}>
          放弃后采购方会看到您的原因；截止前您仍可重新提交报价。
        </p>
        <CheckedTextArea id="decline-reason" label="放弃原因" field={reason} rows={3} maxLength={200} placeholder="如：该品类暂无货源" />
      </Dialog>
    </>
  );
}

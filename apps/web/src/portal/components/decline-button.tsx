import { useState } from 'react';
import { PlainField } from '@/shared/form/plain-field';
import { requestChecks } from '@/portal/api/request-checks';
import { useDeclineQuote } from '@/portal/api/rfq';
import { serverErrorsOn } from './form-errors';
import { Button, Dialog, TextArea } from './plain-controls';

const isReason = (key: string) => key === 'reason';

/** 放弃报价 with a reason, asked for in a confirmation; a quote submitted before the deadline withdraws it. */
export function DeclineButton({ taskId }: { taskId: number }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const decline = useDeclineQuote({
    onError: (failure) => {
      const placed = serverErrorsOn(failure, isReason);
      if (placed) setError(placed.reason);
      return !!placed;
    },
  });
  const close = () => {
    setOpen(false);
    setReason('');
    setError(undefined);
  };
  const confirm = async () => {
    const { portalDeclineRequest } = await requestChecks();
    const checked = portalDeclineRequest.shape.reason.safeParse(reason);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    decline.mutate({ taskId, reason: checked.data }, { onSuccess: close });
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
        <PlainField id="decline-reason" label="放弃原因" error={error}>
          {(state) => (
            <TextArea
              {...state}
              rows={3}
              maxLength={200}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setError(undefined);
              }}
              placeholder="如：该品类暂无货源"
            />
          )}
        </PlainField>
      </Dialog>
    </>
  );
}

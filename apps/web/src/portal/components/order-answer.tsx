import { fenToYuan, type PurchaseOrderDetail, shanghaiDay } from '@scm/contract';
import { useState } from 'react';
import { PlainField } from '@/shared/form/plain-field';
import { requestChecks } from '@/portal/api/request-checks';
import { useConfirmOrder, useRejectOrder } from '@/portal/api/orders';
import { useCheckedText } from './form-errors';
import { Button, Dialog, TextInput } from '@/shared/ui/plain-controls';
import { CheckedTextArea } from './checked-text-area';

/**
 * The supplier's answer to a 待确认 order (docs/rules/orders.md, "The supplier's answer"): 确认 with
 * a promised date (the required-by date unless changed) and a remark, or 拒绝 with a reason.
 */
export function OrderAnswer({ order }: { order: PurchaseOrderDetail }) {
  const [asking, setAsking] = useState<'confirm' | 'reject' | null>(null);
  const [promisedDate, setPromisedDate] = useState(order.requiredBy ?? '');
  const [dateError, setDateError] = useState<string>();
  const remark = useCheckedText('remark');
  const reason = useCheckedText('reason');
  const confirm = useConfirmOrder((error) => {
    const onRemark = remark.onServerError(error);
    const field = error.fieldErrors.find((e) => e.field === 'promised_date');
    if (field) setDateError(field.message);
    return onRemark || Boolean(field);
  });
  const reject = useRejectOrder(reason.onServerError);
  const close = () => {
    setAsking(null);
    reason.reset();
  };
  const body = { id: order.id, version: order.version };

  const sendConfirm = async () => {
    const { portalOrderConfirmRequest } = await requestChecks();
    const text = remark.checked(portalOrderConfirmRequest.shape.remark.unwrap().unwrap());
    if (promisedDate && promisedDate < shanghaiDay(Date.now())) {
      setDateError('承诺到货日期不能早于今天');
      return;
    }
    if (text === null) return;
    confirm.mutate({ ...body, promisedDate: promisedDate || null, remark: text || null }, { onSuccess: close });
  };
  const sendReject = async () => {
    const { purchaseOrderRejectRequest } = await requestChecks();
    const text = reason.checked(purchaseOrderRejectRequest.shape.reason);
    if (text !== null) reject.mutate({ ...body, reason: text }, { onSuccess: close });
  };

  return (
    <>
      <div className="portal-answer-buttons">
        <Button
          variant="primary"
          size="large"
          block
          onClick={() => {
            setAsking('confirm');
            requestChecks();
          }}
          data-testid="confirm-order"
        >
          确认订单
        </Button>
        <Button
          variant="danger"
          size="large"
          block
          onClick={() => {
            setAsking('reject');
            requestChecks();
          }}
          data-testid="reject-order"
        >
          拒绝订单
        </Button>
      </div>
      <Dialog
        title={`确认订单 ${order.code}？`}
        open={asking === 'confirm'}
        onClose={close}
        footer={
          <>
            <Button onClick={close}>再看看</Button>
            <Button variant="primary" loading={confirm.isPending} onClick={sendConfirm}>
              确认订单
            </Button>
          </>
        }
      >
        <p className="portal-muted" style={{ marginTop: 0 }}>
          确认后即表示接受订单的商品、数量和总额 ¥{fenToYuan(order.totalFen, true)}。
        </p>
        <PlainField id="promised-date" label="承诺到货日期" error={dateError}>
          {(state) => (
            <TextInput
              {...state}
              type="date"
              min={shanghaiDay(Date.now())}
              value={promisedDate}
              onChange={(event) => {
                setPromisedDate(event.target.value);
                setDateError(undefined);
              }}
            />
          )}
        </PlainField>
        <CheckedTextArea id="confirm-remark" label="备注（选填）" field={remark} rows={2} maxLength={200} placeholder="如：分两批发货" />
      </Dialog>
      <Dialog
        title={`拒绝订单 ${order.code}？`}
        open={asking === 'reject'}
        onClose={close}
        footer={
          <>
            <Button onClick={close}>取消</Button>
            <Button variant="danger" loading={reject.isPending} onClick={sendReject}>
              确认拒绝
            </Button>
          </>
        }
      >
        <p className="portal-muted" style={{ marginTop: 0 }}>
          拒绝后订单不能再确认，采购方会看到您的原因。
        </p>
        <CheckedTextArea id="reject-reason" label="拒绝原因" field={reason} rows={3} maxLength={200} placeholder="如：原材料涨价，无法按此价格供货" />
      </Dialog>
    </>
  );
}

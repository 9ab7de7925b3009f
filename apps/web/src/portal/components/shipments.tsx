import {
  type PurchaseOrderDetail,
  SHIPMENT_STATUS_COLORS,
  SHIPMENT_STATUS_LABELS,
  shippableRoom,
  suggestedShipQuantity,
  addDays,
  shanghaiDay,
} from '@scm/contract';
import { type FormEvent, useState } from 'react';
import { PlainField } from '@/shared/form/plain-field';
import { requestChecks } from '@/portal/api/request-checks';
import { useCancelShipment, useCreateShipment } from '@/portal/api/orders';
import { type FormErrors, focusFirstError, issuesOn, serverErrorsOn, useCheckedText } from './form-errors';
import { Button, Dialog, Tag, TextArea, TextInput } from '@/shared/ui/plain-controls';
import { Rows, Section } from './section';

type Shipment = PurchaseOrderDetail['shipments'][number];

const FIELDS = ['deliveryNoteNo', 'shipDate', 'expectedArrival', 'carrier', 'vehiclePlate', 'driverPhone', 'remark'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  deliveryNoteNo: '送货单号',
  shipDate: '发货日期',
  expectedArrival: '预计到货日期',
  carrier: '承运商（选填）',
  vehiclePlate: '车牌号（选填）',
  driverPhone: '司机电话（选填）',
  remark: '备注（选填）',
};

/** 发货: the supplier's shipping notice, each line's quantity pre-filled with what is still open. */
export function ShipForm({ order, onDone }: { order: PurchaseOrderDetail; onDone: () => void }) {
  const [errors, setErrors] = useState<FormErrors>({});
  const create = useCreateShipment((error) => {
    const placed = serverErrorsOn(error, (key) => (FIELDS as readonly string[]).includes(key) || key.startsWith('lines.'));
    if (placed) setErrors(placed);
    return !!placed;
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const lines = order.lines.flatMap((l) => {
      const quantity = Number(text(`qty-${l.id}`) || 0);
      return quantity > 0 ? [{ orderLineId: l.id, quantity }] : [];
    });
    const body = {
      orderId: order.id,
      deliveryNoteNo: text('deliveryNoteNo'),
      shipDate: text('shipDate'),
      expectedArrival: text('expectedArrival'),
      carrier: text('carrier') || null,
      vehiclePlate: text('vehiclePlate') || null,
      driverPhone: text('driverPhone') || null,
      remark: text('remark') || null,
      lines,
    };
    const { shipmentCreateRequest } = await requestChecks();
    const checked = shipmentCreateRequest.safeParse(body);
    if (!checked.success) {
      const found = issuesOn(checked.error.issues, (key) => (FIELDS as readonly string[]).includes(key) || key === 'lines');
      setErrors(found);
      requestAnimationFrame(() => focusFirstError(form));
      return;
    }
    setErrors({});
    create.mutate(body, { onSuccess: onDone });
  };
  const today = shanghaiDay(Date.now());
  return (
    <form className="portal-ship-form" onSubmit={submit} noValidate data-testid="ship-form">
      {FIELDS.map((name) => (
        <PlainField key={name} id={`ship-${name}`} label={LABELS[name]} error={errors[name]}>
          {(state) => (
            <TextInput
              {...state}
              name={name}
              type={name === 'shipDate' || name === 'expectedArrival' ? 'date' : 'text'}
              defaultValue={name === 'shipDate' ? today : name === 'expectedArrival' ? addDays(today, 2) : ''}
              maxLength={name === 'remark' ? 200 : 50}
            />
          )}
        </PlainField>
      ))}
      {order.lines.map((l) => (
        <PlainField key={l.id} id={`qty-${l.id}`} label={`${l.commodityName}（可发 ${shippableRoom(order, l.id)}）`}>
          {(state) => <TextInput {...state} name={`qty-${l.id}`} inputMode="numeric" defaultValue={String(suggestedShipQuantity(order, l.id))} />}
        </PlainField>
      ))}
      {errors.lines && <div className="portal-error">{errors.lines}</div>}
      <Button type="submit" variant="primary" size="large" block loading={create.isPending}>
        提交发货通知
      </Button>
    </form>
  );
}

/** The order's shipping notices: shipped and, once received, what arrived (差异), with 取消 while in transit. */
export function ShipmentList({ order }: { order: PurchaseOrderDetail }) {
  const [cancelling, setCancelling] = useState<Shipment>();
  const reason = useCheckedText('reason');
  const cancel = useCancelShipment(reason.onServerError);
  const lineName = new Map(order.lines.map((l) => [l.id, l.commodityName]));
  const close = () => {
    setCancelling(undefined);
    reason.reset();
  };
  const send = async () => {
    if (!cancelling) return;
    const { shipmentCancelRequest } = await requestChecks();
    const text = reason.checked(shipmentCancelRequest.shape.reason);
    if (text !== null) cancel.mutate({ id: cancelling.id, version: cancelling.version, reason: text }, { onSuccess: close });
  };
  if (order.shipments.length === 0) return null;
  return (
    <Section title="发货通知" testId="shipments">
      <Rows
        items={order.shipments}
        empty=""
        render={(s) => (
          <div key={s.id} className="portal-order-line" data-testid={`shipment-${s.code}`}>
            <div className="portal-line-title">
              {s.code} <Tag color={SHIPMENT_STATUS_COLORS[s.status]}>{SHIPMENT_STATUS_LABELS[s.status]}</Tag>
            </div>
            <div className="portal-muted">
              送货单号 {s.deliveryNoteNo} · {s.shipDate} 发货，预计 {s.expectedArrival} 到
            </div>
            {s.lines.map((l) => {
              const diff = l.receivedQuantity == null ? 0 : l.receivedQuantity - l.quantity;
              return (
                <div key={l.orderLineId} className="portal-meta">
                  <span>
                    {lineName.get(l.orderLineId)} 发货 {l.quantity}
                    {l.receivedQuantity != null && `，实收 ${l.receivedQuantity}`}
                  </span>
                  {diff !== 0 && <span className="portal-diff">差异 {diff > 0 ? `+${diff}` : diff}</span>}
                </div>
              );
            })}
            {s.status === 'in_transit' && (
              <Button variant="link" onClick={() => setCancelling(s)}>
                取消发货
              </Button>
            )}
          </div>
        )}
      />
      <Dialog
        title={`取消发货通知 ${cancelling?.code ?? ''}？`}
        open={Boolean(cancelling)}
        onClose={close}
        footer={
          <>
            <Button onClick={close}>返回</Button>
            <Button variant="danger" loading={cancel.isPending} onClick={send}>
              确认取消
            </Button>
          </>
        }
      >
        <PlainField id="cancel-reason" label="取消原因" error={reason.error}>
          {(state) => <TextArea {...state} rows={3} maxLength={200} value={reason.value} onChange={(event) => reason.change(event.target.value)} />}
        </PlainField>
      </Dialog>
    </Section>
  );
}

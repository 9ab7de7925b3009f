import { afterToday, dayText, todayValue } from '@/shared/form/day-value';
import { fenToYuan, freeReceiptRoom, type PurchaseOrderDetail, purchaseOrderReceiveRequest } from '@scm/contract';
import { Alert, Button, DatePicker, Drawer, Form, Input, InputNumber, Modal, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { validForm } from '@/shared/form/field-errors';
import { ApiError } from '@/shared/http/api';
import { useReceiveOrder } from '@/features/purchase-order/api/purchase-order';
import type { OrderShipment } from '@/features/purchase-order/components/shipments-card';

interface Values {
  receivedOn: Dayjs;
  remark?: string;
  reason?: string;
  quantities: Record<number, number | null>;
  rejected: Record<number, number | null>;
  rejectReasons: Record<number, string | undefined>;
}

/** The lines a receipt would take past their open quantity, and what each adds to the payable. */
export function overReceipts(lines: PurchaseOrderDetail['lines'], quantities: Record<number, number | null>) {
  return lines.flatMap((l) => {
    const over = (quantities[l.id] ?? 0) - l.openQuantity;
    return over > 0 ? [{ line: l, over, addsFen: over * l.unitPriceFen }] : [];
  });
}

/**
 * 收货: one receipt for the order, pre-filled with each line's open quantity, or, when it takes in
 * a shipping notice, with what the notice shipped (the 差异 is what the receiver types otherwise).
 * A line left at 0 is not received now; goods refused at the dock go in 拒收 with a reason and never
 * count as received. Passing a line's ordered quantity by more than 10 % asks for a reason, as the
 * server does, and a line past its open quantity is warned of with the amount it adds before saving
 * (docs/rules/orders.md, "Receipts").
 */
export default function ReceiveDrawer({
  order,
  shipment,
  open,
  onClose,
}: {
  order: PurchaseOrderDetail;
  shipment?: OrderShipment;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  // Errors of the sent lines, by order line (the request leaves out the lines not received now).
  const [lineErrors, setLineErrors] = useState<{ byLine: Record<number, string>; general?: string }>({ byLine: {} });
  const sentLineIds = useRef<number[]>([]);
  const showErrors = (errors: { path: string; message: string }[]) => {
    const byLine: Record<number, string> = {};
    let general: string | undefined;
    for (const { path, message } of errors) {
      const line = /^lines\.(\d+)\./.exec(path);
      if (line) byLine[sentLineIds.current[Number(line[1])] ?? -1] = message;
      else if (path === 'lines') general = message;
    }
    setLineErrors({ byLine, general });
    form.setFields(
      errors
        .filter((e) => ['receivedOn', 'received_on', 'reason', 'remark'].includes(e.path))
        .map((e) => ({ name: (e.path === 'received_on' ? 'receivedOn' : e.path) as 'receivedOn' | 'reason' | 'remark', errors: [e.message] })),
    );
  };
  const receive = useReceiveOrder({
    onError: (error) => {
      if (error instanceof ApiError) showErrors(error.fieldErrors.map((e) => ({ path: e.field, message: e.message })));
      return false;
    },
  });
  const quantities = Form.useWatch('quantities', form) ?? {};
  const rejected = Form.useWatch('rejected', form) ?? {};

  useEffect(() => {
    if (!open) return;
    setLineErrors({ byLine: {} });
    form.setFieldsValue({
      receivedOn: todayValue(),
      remark: shipment ? `送货单号 ${shipment.deliveryNoteNo}` : undefined,
      reason: undefined,
      quantities: Object.fromEntries(
        order.lines.map((l) => [l.id, shipment ? (shipment.lines.find((s) => s.orderLineId === l.id)?.quantity ?? 0) : l.openQuantity]),
      ),
      rejected: {},
      rejectReasons: {},
    });
  }, [open, order.lines, form, shipment]);

  const overFree = order.lines.some((l) => (quantities[l.id] ?? 0) > freeReceiptRoom(l.quantity, l.receivedQuantity));
  const over = overReceipts(order.lines, quantities);
  const overText = over.map((o) => `${o.line.commodityName}：超收 ${o.over} 件，将按单价计入应付 ¥${fenToYuan(o.addsFen, true)}`);

  const submit = async () => {
    // An invalid field (超收原因 left empty) shows its message there; nothing is thrown past the drawer.
    const values = await validForm(form);
    if (!values) return;
    const body = {
      id: order.id,
      version: order.version,
      receivedOn: dayText(values.receivedOn),
      remark: values.remark || undefined,
      reason: values.reason || undefined,
      shipmentId: shipment?.id,
      lines: order.lines.flatMap((l) => {
        const quantity = values.quantities[l.id] ?? 0;
        const rejectedQuantity = values.rejected?.[l.id] ?? 0;
        if (quantity <= 0 && rejectedQuantity <= 0) return [];
        return [
          { orderLineId: l.id, quantity, ...(rejectedQuantity > 0 ? { rejectedQuantity, rejectReason: values.rejectReasons?.[l.id]?.trim() } : {}) },
        ];
      }),
    };
    sentLineIds.current = body.lines.map((l) => l.orderLineId);
    const checked = purchaseOrderReceiveRequest.safeParse(body);
    if (!checked.success) {
      showErrors(checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
      return;
    }
    const send = () => receive.mutate(body, { onSuccess: onClose });
    if (overText.length === 0) return send();
    Modal.confirm({
      title: '超过未收数量，确认收货？',
      content: overText.map((text) => <div key={text}>{text}</div>),
      okText: '确认收货',
      onOk: send,
    });
  };

  return (
    <Drawer
      title={shipment ? `按发货通知收货 · ${shipment.code}` : `收货 · ${order.code}`}
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={receive.isPending} onClick={submit}>
            确认收货
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical">
        <Space size="large" wrap>
          <Form.Item name="receivedOn" label="收货日期" rules={[{ required: true, message: '请选择收货日期' }]}>
            <DatePicker disabledDate={afterToday} allowClear={false} />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input maxLength={200} placeholder="如：送货单号、车牌号" style={{ width: 320 }} />
          </Form.Item>
        </Space>
        {shipment && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={`送货单号 ${shipment.deliveryNoteNo}，已按发货数量预填；实收不同时请修改，差异会记在发货通知上并告知供应商。`}
          />
        )}
        {lineErrors.general && <Alert type="error" showIcon message={lineErrors.general} style={{ marginBottom: 12 }} />}
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={order.lines}
          columns={[
            { title: '商品', key: 'commodity', render: (_, l) => `${l.skuCode} ${l.commodityName}` },
            { title: '订购', dataIndex: 'quantity', align: 'right', width: 80 },
            { title: '已收', dataIndex: 'receivedQuantity', align: 'right', width: 80 },
            { title: '未收', dataIndex: 'openQuantity', align: 'right', width: 70 },
            {
              title: '本次实收',
              key: 'now',
              width: 150,
              render: (_, l) => {
                const error = lineErrors.byLine[l.id];
                return (
                  <Form.Item name={['quantities', l.id]} style={{ margin: 0 }} validateStatus={error ? 'error' : undefined} help={error}>
                    <InputNumber min={0} precision={0} style={{ width: 110 }} aria-label={`${l.commodityName}本次收货`} />
                  </Form.Item>
                );
              },
            },
            {
              title: '拒收',
              key: 'rejected',
              width: 100,
              render: (_, l) => (
                <Form.Item name={['rejected', l.id]} style={{ margin: 0 }}>
                  <InputNumber min={0} precision={0} style={{ width: 80 }} aria-label={`${l.commodityName}拒收数量`} />
                </Form.Item>
              ),
            },
            {
              title: '拒收原因',
              key: 'rejectReason',
              width: 170,
              render: (_, l) =>
                (rejected[l.id] ?? 0) > 0 ? (
                  <Form.Item name={['rejectReasons', l.id]} style={{ margin: 0 }}>
                    <Input maxLength={200} placeholder="如：破损、错发" aria-label={`${l.commodityName}拒收原因`} />
                  </Form.Item>
                ) : (
                  <span className="muted">-</span>
                ),
            },
          ]}
        />
        {overText.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 12 }}
            message="超过未收数量"
            description={overText.map((text) => <div key={text}>{text}</div>)}
          />
        )}
        {overFree && (
          <Form.Item
            name="reason"
            label="超收原因"
            style={{ marginTop: 16 }}
            extra="累计收货超过订购数量10%时须填写；累计不能达到订购数量的两倍。"
            rules={[{ required: true, whitespace: true, message: '请填写超收原因' }]}
          >
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}

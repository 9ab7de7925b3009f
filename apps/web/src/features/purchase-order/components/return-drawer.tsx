import {
  fenToYuan,
  type PurchaseOrderDetail,
  type PurchaseReturnDetail,
  purchaseReturnCreateRequest,
  purchaseReturnUpdateRequest,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  detailPath,
} from '@scm/contract';
import { Alert, Button, Drawer, Form, Input, InputNumber, Radio, Space, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/shared/http/api';
import { useJump } from '@/shared/navigation/use-jump';
import { useCreateReturn, useUpdateReturn } from '@/features/purchase-order/api/purchase-return';

interface Values {
  reasonType?: string;
  replacement?: boolean;
  remark?: string;
  quantities: Record<number, number | null>;
  reasons: Record<number, string | undefined>;
}

/**
 * 退货: a new return of the order's goods, or an edit of one still waiting for (or disputed by) the
 * supplier. Each line may take up to its returnable quantity: net received less what other returns
 * hold (docs/rules/orders.md, "Returns"); the server checks it again under the order's lock.
 */
export default function ReturnDrawer({
  order,
  existing,
  open,
  onClose,
}: {
  order: PurchaseOrderDetail;
  existing?: PurchaseReturnDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const jump = useJump();
  const [errors, setErrors] = useState<{ byLine: Record<number, string>; general?: string }>({ byLine: {} });
  const sentLineIds = useRef<number[]>([]);
  const showErrors = (list: { path: string; message: string }[]) => {
    const byLine: Record<number, string> = {};
    const general: string[] = [];
    for (const { path, message } of list) {
      const line = /^lines\.(\d+)\./.exec(path);
      if (line) byLine[sentLineIds.current[Number(line[1])] ?? -1] = message;
      else if (['reasonType', 'reason_type', 'replacement', 'remark'].includes(path))
        form.setFields([{ name: path === 'reason_type' ? 'reasonType' : (path as 'reasonType'), errors: [message] }]);
      else general.push(message);
    }
    setErrors({ byLine, general: general.join('；') || undefined });
  };
  const onError = (error: Error) => {
    if (error instanceof ApiError && error.fieldErrors.length > 0) {
      showErrors(error.fieldErrors.map((e) => ({ path: e.field, message: e.message })));
      return false;
    }
    if (error instanceof ApiError) setErrors({ byLine: {}, general: error.message });
    return false;
  };
  const create = useCreateReturn({ onError });
  const update = useUpdateReturn({ onError });
  const own = new Map(existing?.lines.map((l) => [l.orderLineId, l]) ?? []);
  const returnable = (line: PurchaseOrderDetail['lines'][number]) => line.returnableQuantity + (own.get(line.id)?.quantity ?? 0);
  const quantities = Form.useWatch('quantities', form) ?? {};
  const amountFen = order.lines.reduce((s, l) => s + (quantities[l.id] ?? 0) * l.unitPriceFen, 0);

  useEffect(() => {
    if (!open) return;
    setErrors({ byLine: {} });
    const lineOf = (id: number) => existing?.lines.find((l) => l.orderLineId === id);
    form.setFieldsValue({
      reasonType: existing?.reasonType,
      replacement: existing?.replacement,
      remark: existing?.remark ?? undefined,
      quantities: Object.fromEntries(order.lines.map((l) => [l.id, lineOf(l.id)?.quantity ?? 0])),
      reasons: Object.fromEntries(order.lines.map((l) => [l.id, lineOf(l.id)?.reason ?? undefined])),
    });
  }, [open, order.lines, existing, form]);

  const submit = async () => {
    const values = form.getFieldsValue(true) as Values;
    const lines = order.lines.flatMap((l) => {
      const quantity = values.quantities[l.id] ?? 0;
      return quantity > 0 ? [{ orderLineId: l.id, quantity, reason: values.reasons[l.id]?.trim() || undefined }] : [];
    });
    sentLineIds.current = lines.map((l) => l.orderLineId);
    const remark = values.remark?.trim() || undefined;
    if (existing) {
      const body = { id: existing.id, version: existing.version, remark: remark ?? null, lines };
      const checked = purchaseReturnUpdateRequest.safeParse(body);
      if (!checked.success) return showErrors(checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
      update.mutate(body, { onSuccess: onClose });
      return;
    }
    const body = { orderId: order.id, reasonType: values.reasonType, replacement: values.replacement, remark, lines };
    const checked = purchaseReturnCreateRequest.safeParse(body);
    if (!checked.success) return showErrors(checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    create.mutate(checked.data, {
      onSuccess: (answer) => {
        onClose();
        jump(detailPath('purchaseReturnDetail', answer.id));
      },
    });
  };

  return (
    <Drawer
      title={existing ? `编辑退货单 · ${existing.code}` : `退货 · ${order.code}`}
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={create.isPending || update.isPending} onClick={submit}>
            {existing?.status === 'disputed' ? '修改后重新提交' : existing ? '保存' : '提交退货单'}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical">
        {existing?.disputeReason && existing.status === 'disputed' && (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={`供应商异议：${existing.disputeReason}`} />
        )}
        <Space size="large" wrap align="start">
          <Form.Item name="reasonType" label="退货原因" required>
            <Radio.Group disabled={!!existing} aria-label="退货原因">
              {RETURN_REASONS.map((r) => (
                <Radio.Button key={r} value={r}>
                  {RETURN_REASON_LABELS[r]}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="replacement" label="是否补发" required extra="补发：退货数量重新计入待收；不补发：该行按实收数量结清。">
            <Radio.Group disabled={!!existing} aria-label="是否补发">
              <Radio value>补发</Radio>
              <Radio value={false}>不补发</Radio>
            </Radio.Group>
          </Form.Item>
        </Space>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={200} rows={2} placeholder="如：开箱验货发现灯罩碎裂，附照片" />
        </Form.Item>
        {errors.general && <Alert type="error" showIcon message={errors.general} style={{ marginBottom: 12 }} />}
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={order.lines}
          columns={[
            { title: '商品', key: 'commodity', render: (_, l) => `${l.skuCode} ${l.commodityName}` },
            { title: '实收', dataIndex: 'receivedQuantity', align: 'right', width: 70 },
            { title: '可退', key: 'returnable', align: 'right', width: 70, render: (_, l) => returnable(l) },
            {
              title: '退货数量',
              key: 'quantity',
              width: 130,
              render: (_, l) => {
                const error = errors.byLine[l.id];
                return (
                  <Form.Item name={['quantities', l.id]} style={{ margin: 0 }} validateStatus={error ? 'error' : undefined} help={error}>
                    <InputNumber min={0} max={returnable(l)} precision={0} style={{ width: 110 }} aria-label={`${l.commodityName}退货数量`} />
                  </Form.Item>
                );
              },
            },
            {
              title: '说明',
              key: 'reason',
              width: 200,
              render: (_, l) => (
                <Form.Item name={['reasons', l.id]} style={{ margin: 0 }}>
                  <Input maxLength={200} placeholder="选填" aria-label={`${l.commodityName}退货说明`} />
                </Form.Item>
              ),
            },
          ]}
        />
        <Typography.Paragraph style={{ marginTop: 12 }}>
          退货金额：<Typography.Text strong>¥{fenToYuan(amountFen, true)}</Typography.Text>
          <span className="muted">（按订单单价计）</span>
        </Typography.Paragraph>
      </Form>
    </Drawer>
  );
}

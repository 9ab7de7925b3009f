import { CONFIRM_CHANNEL_LABELS, CONFIRM_CHANNELS, type ConfirmChannel, type PurchaseOrderDetail } from '@scm/contract';
import { DatePicker, Form, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { beforeToday, dayValue, optionalDayText } from '@/shared/form/day-value';
import { useConfirmOrder } from '@/features/purchase-order/api/purchase-order';
import { applyFieldErrors } from '@/shared/form/field-errors';

interface Values {
  promisedDate?: Dayjs | null;
  channel?: ConfirmChannel;
}

/** 代供应商确认: the buyer records the supplier's yes, its promised date and how it came. */
export default function ConfirmDialog({ order, open, onClose }: { order: PurchaseOrderDetail; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const confirm = useConfirmOrder({ onError: (error) => applyFieldErrors(form, error) });
  const submit = async () => {
    const values = await form.validateFields();
    confirm.mutate(
      { id: order.id, version: order.version, promisedDate: optionalDayText(values.promisedDate) ?? null, channel: values.channel ?? null },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal
      title={`代供应商确认 ${order.code}`}
      open={open}
      okText="确认订单"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={confirm.isPending}
      destroyOnHidden
    >
      <p className="muted">供应商已通过其他渠道答复时使用；确认后供应商门户会收到通知。</p>
      <Form form={form} layout="vertical" initialValues={{ promisedDate: order.requiredBy ? dayValue(order.requiredBy) : null, channel: 'phone' }}>
        <Form.Item name="promisedDate" label="承诺到货日期" extra="不填则为需求日期">
          <DatePicker disabledDate={beforeToday} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="channel" label="确认渠道" rules={[{ required: true, message: '请选择确认渠道' }]}>
          <Select style={{ width: 200 }} options={CONFIRM_CHANNELS.map((c) => ({ value: c, label: CONFIRM_CHANNEL_LABELS[c] }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

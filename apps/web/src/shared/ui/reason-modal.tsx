import { reasonSchema } from '@scm/contract';
import { Form, Input, Modal } from 'antd';
import { validForm, zodRule } from '@/shared/form/field-errors';

interface ReasonModalProps {
  open: boolean;
  title: string;
  /** Shown above the reason field. */
  description?: string;
  required: boolean;
  okText: string;
  danger?: boolean;
  loading: boolean;
  onOk: (reason: string) => void;
  onCancel: () => void;
}

/** Asks for the reason of a state change (close, cancel). */
export function ReasonModal({ open, title, description, required, okText, danger, loading, onOk, onCancel }: ReasonModalProps) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading }}
      onOk={() => validForm(form).then((values) => values && onOk(values.reason?.trim() ?? ''))}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      {description && <p>{description}</p>}
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label="原因" required={required} rules={required ? [zodRule(reasonSchema)] : []}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={required ? '请输入原因' : '选填'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

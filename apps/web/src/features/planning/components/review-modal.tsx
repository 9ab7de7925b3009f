import { reasonSchema } from '@scm/contract';
import { Form, Input, Modal, Radio } from 'antd';
import { validForm, zodRule } from '@/shared/form/field-errors';

interface ReviewModalProps {
  open: boolean;
  planLabel: string;
  loading: boolean;
  onApprove: () => void;
  onReject: (reason: string) => void;
  onCancel: () => void;
}

/** 审核: approve, or reject with a reason that the planner sees on the plan. */
export function ReviewModal({ open, planLabel, loading, onApprove, onReject, onCancel }: ReviewModalProps) {
  const [form] = Form.useForm<{ decision: 'approve' | 'reject'; reason?: string }>();
  const decision = Form.useWatch('decision', form);
  return (
    <Modal
      open={open}
      title="审核计划"
      okText="确定"
      okButtonProps={{ loading, danger: decision === 'reject' }}
      onOk={() => validForm(form).then((values) => values && (values.decision === 'approve' ? onApprove() : onReject(values.reason?.trim() ?? '')))}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <p>{planLabel}</p>
      <Form form={form} layout="vertical" initialValues={{ decision: 'approve' }}>
        <Form.Item name="decision" label="审核结果">
          <Radio.Group
            options={[
              { value: 'approve', label: '通过' },
              { value: 'reject', label: '驳回' },
            ]}
          />
        </Form.Item>
        {decision === 'reject' && (
          <Form.Item name="reason" label="驳回原因" required rules={[zodRule(reasonSchema)]}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="请输入驳回原因，计划员据此修改" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

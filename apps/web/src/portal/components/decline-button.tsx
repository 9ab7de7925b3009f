import { portalDeclineRequest } from '@scm/contract';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { applyFieldErrors, zodRule } from '@/shared/form/field-errors';
import { useDeclineQuote } from '@/portal/api/rfq';

/** 放弃报价 with a reason, asked for in a confirmation; a quote submitted before the deadline withdraws it. */
export function DeclineButton({ taskId }: { taskId: number }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const decline = useDeclineQuote({ onError: (error) => applyFieldErrors(form, error) });
  const confirm = async () => {
    const { reason } = await form.validateFields();
    decline.mutate({ taskId, reason }, { onSuccess: () => setOpen(false) });
  };
  return (
    <>
      <Button danger block size="large" onClick={() => setOpen(true)}>
        放弃报价
      </Button>
      <Modal
        title="确认放弃本次报价？"
        open={open}
        okText="确认放弃"
        okButtonProps={{ danger: true, loading: decline.isPending }}
        cancelText="取消"
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p className="portal-muted">放弃后采购方会看到您的原因；截止前您仍可重新提交报价。</p>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="reason" label="放弃原因" initialValue="" rules={[zodRule(portalDeclineRequest.shape.reason)]}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：该品类暂无货源" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

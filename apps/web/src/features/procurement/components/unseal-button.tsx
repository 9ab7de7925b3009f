import { UnlockOutlined } from '@ant-design/icons';
import { type ProcurementTaskDetail, procurementTaskApi, unsealRequest } from '@scm/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { usePermission } from '@/shared/permission/can';
import { ReasonedButton } from '@/shared/ui/reasoned-button';
import { useUnsealTask } from '@/features/procurement/api/task';

/**
 * 提前开标: ends a sealed task's quoting before its deadline and makes its prices readable. It cannot
 * be undone, so it asks for a reason (audited) and a confirmation. A user without the code sees it
 * disabled, with who may use it on hover (the demo's 采购经理 holds the code).
 */
const UNSEAL_NEEDS_CODE = '仅持有「提前开标」权限的用户（如采购经理）可以提前开标';

export function UnsealButton({ task }: { task: ProcurementTaskDetail }) {
  const allowed = usePermission(procurementTaskApi.unseal);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const unseal = useUnsealTask({ onError: (error) => applyFieldErrors(form, error) });
  const confirm = async () => {
    // A field left invalid shows its message on the field; nothing is thrown past the dialog.
    const values = await validForm(form);
    if (!values) return;
    unseal.mutate({ id: task.id, version: task.version, reason: values.reason }, { onSuccess: () => setOpen(false) });
  };
  return (
    <>
      <ReasonedButton icon={<UnlockOutlined />} disabledReason={allowed ? null : UNSEAL_NEEDS_CODE} onClick={() => setOpen(true)}>
        提前开标
      </ReasonedButton>
      <Modal
        title="确认提前开标？"
        open={open}
        okText="确认开标"
        okButtonProps={{ danger: true, loading: unseal.isPending }}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>开标后报价立即截止，任务进入待定标，所有报价金额解密可见。此操作不可撤销，并记入操作日志。</p>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="reason" label="开标原因" initialValue="" rules={[zodRule(unsealRequest.shape.reason)]}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：所有受邀供应商均已报价或放弃" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

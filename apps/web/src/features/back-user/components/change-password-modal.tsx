import { newPasswordSchema, passwordSchema } from '@scm/contract';
import { Form, Input, Modal } from 'antd';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { useChangePassword } from '@/features/back-user/api/back-user';

interface ChangePasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The header's 修改密码: this session stays, the user's other sessions end. */
export default function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ChangePasswordForm>();
  const change = useChangePassword({ onSuccess: onClose, onError: (error) => applyFieldErrors(form, error) });

  const submit = async () => {
    const values = await validForm(form);
    if (values) change.mutate(values);
  };

  return (
    <Modal title="修改密码" open={open} onCancel={onClose} onOk={submit} okText="确认修改" confirmLoading={change.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="oldPassword" label="原密码" required rules={[zodRule(passwordSchema)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label="新密码" required rules={[zodRule(newPasswordSchema)]} extra="至少8位，且包含字母和数字">
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="确认新密码"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error('两次输入的新密码不一致');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

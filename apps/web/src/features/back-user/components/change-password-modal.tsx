import { newPasswordSchema, passwordSchema } from '@scm/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { session } from '@/shared/session/session';
import { useChangePassword } from '@/features/back-user/api/back-user';

interface ChangePasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The header's 修改密码: this session stays, the user's other sessions end. `forced`: the password
 * was set by an administrator, so the dialog cannot be closed until a new one is saved.
 */
export default function ChangePasswordModal({ open, forced = false, onClose }: { open: boolean; forced?: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ChangePasswordForm>();
  const change = useChangePassword({
    onSuccess: () => {
      const user = session.getUserInfo();
      if (user?.mustChangePassword) session.setUserInfo({ ...user, mustChangePassword: false });
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error),
  });

  const submit = async () => {
    const values = await validForm(form);
    if (values) change.mutate(values);
  };

  return (
    <Modal
      title={forced ? '首次登录，请修改密码' : '修改密码'}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="确认修改"
      confirmLoading={change.isPending}
      destroyOnHidden
      closable={!forced}
      keyboard={!forced}
      maskClosable={!forced}
      cancelButtonProps={forced ? { style: { display: 'none' } } : undefined}
    >
      {forced && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="您的密码由管理员设置，为了账号安全，请设置只有您自己知道的新密码后再继续使用。"
        />
      )}
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

import { type BackUserRow, newPasswordSchema } from '@scm/contract';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { useResetPassword } from '@/features/back-user/api/back-user';

interface Props {
  user?: BackUserRow;
  onClose: () => void;
  onPasswordGenerated: (shown: { email: string; password: string }) => void;
}

export function ResetPasswordModal({ user, onClose, onPasswordGenerated }: Props) {
  const [form] = Form.useForm<{ mode: 'generate' | 'manual'; password?: string }>();
  const reset = useResetPassword({ onError: (error) => applyFieldErrors(form, error) });
  const mode = Form.useWatch('mode', form);

  useEffect(() => {
    if (user) form.setFieldsValue({ mode: 'generate', password: '' });
  }, [user, form]);

  const submit = async () => {
    if (!user) return;
    const values = await validForm(form);
    if (!values) return;
    reset.mutate(
      { id: user.id, version: user.version, password: values.mode === 'manual' ? values.password : undefined },
      {
        onSuccess: (data) => {
          onClose();
          if (data.password) onPasswordGenerated({ email: user.email, password: data.password });
        },
      },
    );
  };

  return (
    <Modal
      title={user ? `重置密码 · ${user.username}` : '重置密码'}
      open={!!user}
      onCancel={onClose}
      onOk={submit}
      okText="重置"
      okButtonProps={{ danger: true }}
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="重置后该用户的所有登录会立即失效，需要用新密码重新登录。" />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="mode" label="新密码">
          <Radio.Group>
            <Radio value="generate">自动生成（重置后显示一次）</Radio>
            <Radio value="manual">手动设置</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === 'manual' && (
          <Form.Item name="password" label="密码" required rules={[zodRule(newPasswordSchema)]} extra="至少8位，且包含字母和数字">
            <Input.Password autoComplete="new-password" maxLength={64} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

import { messages, PASSWORD_PATTERN } from '@scm/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { applyFieldErrors } from '@/shared/form/field-errors';
import { ApiError } from '@/shared/http/api';
import { activateAccount } from '@/portal/api/sign-in';
import { AuthCard } from '@/portal/components/auth-card';

interface ActivateForm {
  password: string;
  confirm: string;
}

/** The one-time activation link: the contact sets a password (the staff policy: ≥ 8 characters with letters and digits). */
export default function PortalActivatePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [form] = Form.useForm<ActivateForm>();
  const [invalid, setInvalid] = useState<string | null>(token ? null : '激活链接不完整，请打开采购方发来的完整链接');
  const [pending, setPending] = useState(false);

  const onFinish = async ({ password }: ActivateForm) => {
    setPending(true);
    try {
      await activateAccount({ token, password });
      navigate('/portal/login?activated=1', { replace: true });
    } catch (error) {
      // A refused password is the form's to show; anything else (the token) is the link's.
      const onPassword = error instanceof ApiError && error.fieldErrors.some((e) => e.field === 'password');
      if (onPassword) applyFieldErrors(form, error);
      else setInvalid(error instanceof ApiError ? error.message : '激活失败，请稍后再试');
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard title="激活账号">
      {invalid ? (
        <Alert type="error" showIcon title={invalid} description="请联系采购方重新生成激活链接。" />
      ) : (
        <>
          <p className="portal-muted" style={{ marginTop: 0 }}>
            请设置登录密码：至少 8 位，须同时包含字母和数字。
          </p>
          <Form<ActivateForm> form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
            <Form.Item
              name="password"
              label="新密码"
              rules={[
                { required: true, message: messages.passwordRequired },
                { pattern: PASSWORD_PATTERN, message: messages.passwordPolicy },
              ]}
            >
              <Input.Password size="large" autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label="确认密码"
              dependencies={['password']}
              rules={[
                { required: true, message: '请再次输入密码' },
                ({ getFieldValue }) => ({
                  validator: async (_rule, value) => {
                    if (value && value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
                  },
                }),
              ]}
            >
              <Input.Password size="large" autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="large" block loading={pending}>
              激活并设置密码
            </Button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}

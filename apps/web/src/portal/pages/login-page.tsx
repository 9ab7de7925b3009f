import { EMAIL_PATTERN, messages } from '@scm/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { applyFieldErrors } from '@/shared/form/field-errors';
import { ApiError } from '@/shared/http/api';
import { portalSignIn } from '@/portal/api/sign-in';
import { AuthCard } from '@/portal/components/auth-card';

interface LoginForm {
  email: string;
  password: string;
}

/** Only a portal path may be gone back to after signing in. */
function landingOf(redirect: string | null): string {
  return redirect?.startsWith('/portal/') && !redirect.startsWith('/portal/login') ? redirect : '/portal/rfq';
}

export default function PortalLoginPage() {
  const [form] = Form.useForm<LoginForm>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async (values: LoginForm) => {
    setLoading(true);
    setFailure(null);
    try {
      await portalSignIn(values);
      navigate(landingOf(params.get('redirect')), { replace: true });
    } catch (error) {
      if (!applyFieldErrors(form, error)) setFailure(error instanceof ApiError ? error.message : '登录失败，请稍后再试');
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthCard title="登录">
      {params.get('activated') && <Alert type="success" showIcon title="账号已激活，请用新密码登录" style={{ marginBottom: 16 }} />}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<LoginForm> form={form} layout="vertical" onFinish={onFinish} requiredMark={false} validateTrigger="onSubmit">
        <Form.Item
          name="email"
          label="邮箱"
          rules={[
            { required: true, message: messages.emailRequired },
            { pattern: EMAIL_PATTERN, message: messages.emailInvalid },
          ]}
        >
          <Input size="large" placeholder="邮箱" autoComplete="username" inputMode="email" />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[{ required: true, message: messages.passwordRequired }]}>
          <Input.Password size="large" placeholder="密码" autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={loading}>
          登录
        </Button>
      </Form>
      <p className="portal-muted" style={{ marginTop: 16, marginBottom: 0, fontSize: 13 }}>
        首次使用请打开采购方发给您的激活链接设置密码。
      </p>
    </AuthCard>
  );
}

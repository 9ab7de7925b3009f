import { Alert, Button, Input } from 'antd';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PlainField, signInErrors, usePlainForm } from '@/shared/form/plain-field';
import { ApiError, fieldErrorsOn } from '@/shared/http/api';
import { portalSignIn } from '@/portal/api/sign-in';
import { AuthCard } from '@/portal/components/auth-card';

/** Only a portal path may be gone back to after signing in. */
function landingOf(redirect: string | null): string {
  return redirect?.startsWith('/portal/') && !redirect.startsWith('/portal/login') ? redirect : '/portal/rfq';
}

export default function PortalLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, setErrors, submitted } = usePlainForm(['email', 'password'], signInErrors);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const values = submitted(event);
    if (!values) return;
    setLoading(true);
    setFailure(null);
    try {
      await portalSignIn(values);
      navigate(landingOf(params.get('redirect')), { replace: true });
    } catch (error) {
      const onFields = fieldErrorsOn(error, ['email', 'password']);
      if (Object.keys(onFields).length > 0) setErrors(onFields);
      else setFailure(error instanceof ApiError ? error.message : '登录失败，请稍后再试');
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthCard title="登录">
      {params.get('activated') && <Alert type="success" showIcon title="账号已激活，请用新密码登录" style={{ marginBottom: 16 }} />}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <form onSubmit={onSubmit} noValidate>
        <PlainField id="portal-login-email" label="邮箱" error={errors.email}>
          {(field) => <Input {...field} name="email" size="large" placeholder="邮箱" autoComplete="username" inputMode="email" />}
        </PlainField>
        <PlainField id="portal-login-password" label="密码" error={errors.password}>
          {(field) => <Input.Password {...field} name="password" size="large" placeholder="密码" autoComplete="current-password" />}
        </PlainField>
        <Button type="primary" htmlType="submit" size="large" block loading={loading}>
          登录
        </Button>
      </form>
      <p className="portal-muted" style={{ marginTop: 16, marginBottom: 0, fontSize: 13 }}>
        首次使用请打开采购方发给您的激活链接设置密码。
      </p>
    </AuthCard>
  );
}

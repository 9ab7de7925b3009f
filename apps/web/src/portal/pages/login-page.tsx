import { PORTAL_PAGES } from '@scm/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PlainField, signInErrors, usePlainForm } from '@/shared/form/plain-field';
import { ApiError, fieldErrorsOn } from '@/shared/http/api';
import { portalSignIn } from '@/portal/api/sign-in';
import { AuthCard } from '@/portal/components/auth-card';
import { Notice, PasswordInput, SubmitButton, TextInput } from '@/shared/ui/plain-controls';

/** Only a portal path may be gone back to after signing in. */
function landingOf(redirect: string | null): string {
  return redirect?.startsWith('/portal/') && !redirect.startsWith(PORTAL_PAGES.login) ? redirect : PORTAL_PAGES.rfqList;
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
      {params.get('activated') && <Notice type="success" title="账号已激活，请用新密码登录" />}
      {failure && <Notice type="error" title={failure} />}
      <form onSubmit={onSubmit} noValidate>
        <PlainField id="portal-login-email" label="邮箱" error={errors.email}>
          {(field) => <TextInput {...field} name="email" placeholder="邮箱" autoComplete="username" inputMode="email" />}
        </PlainField>
        <PlainField id="portal-login-password" label="密码" error={errors.password}>
          {(field) => <PasswordInput {...field} name="password" placeholder="密码" autoComplete="current-password" />}
        </PlainField>
        <SubmitButton loading={loading}>登录</SubmitButton>
      </form>
      <p className="portal-muted" style={{ marginTop: 16, marginBottom: 0, fontSize: 13 }}>
        首次使用请打开采购方发给您的激活链接设置密码。
      </p>
    </AuthCard>
  );
}

import { messages, PASSWORD_PATTERN, portalPath } from '@scm/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type PlainErrors, PlainField, usePlainForm } from '@/shared/form/plain-field';
import { ApiError, fieldErrorsOn } from '@/shared/http/api';
import { activateAccount, activationInfo } from '@/portal/api/sign-in';
import { AuthCard } from '@/portal/components/auth-card';
import { Notice, PasswordInput, SubmitButton } from '@/shared/ui/plain-controls';

interface ActivateForm {
  password: string;
  confirm: string;
}

function activateErrors({ password, confirm }: ActivateForm): PlainErrors<ActivateForm> {
  const errors: PlainErrors<ActivateForm> = {};
  if (!password) errors.password = messages.passwordRequired;
  else if (!PASSWORD_PATTERN.test(password)) errors.password = messages.passwordPolicy;
  if (!confirm) errors.confirm = '请再次输入密码';
  else if (confirm !== password) errors.confirm = '两次输入的密码不一致';
  return errors;
}

/** The one-time activation link: the contact sets a password (the staff policy: ≥ 8 characters with letters and digits). */
export default function PortalActivatePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { errors, setErrors, submitted } = usePlainForm(['password', 'confirm'], activateErrors);
  const [invalid, setInvalid] = useState<string | null>(token ? null : '激活链接不完整，请打开采购方发来的完整链接');
  const [pending, setPending] = useState(false);
  // Whom the link is for, so the contact sees which account and company they are activating; a link
  // that can no longer be used says so before any password is typed.
  const [owner, setOwner] = useState<{ email: string; name: string; supplierName: string } | null>(null);
  useEffect(() => {
    if (!token) return;
    activationInfo({ token }).then(setOwner, (error: unknown) =>
      setInvalid(error instanceof ApiError ? error.message : '激活链接暂时无法验证，请稍后再试'),
    );
  }, [token]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const values = submitted(event);
    if (!values) return;
    setPending(true);
    try {
      await activateAccount({ token, password: values.password });
      navigate(portalPath('login', { activated: 1 }), { replace: true });
    } catch (error) {
      // A refused password is the form's to show; anything else (the token) is the link's.
      const onPassword = fieldErrorsOn(error, ['password']);
      if (onPassword.password) setErrors(onPassword);
      else setInvalid(error instanceof ApiError ? error.message : '激活失败，请稍后再试');
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard title="激活账号">
      {invalid ? (
        <Notice type="error" title={invalid} detail="请联系采购方重新生成激活链接。" />
      ) : (
        <>
          {owner && (
            <p data-testid="activation-owner" style={{ marginTop: 0 }}>
              为 <strong>{owner.supplierName}</strong> 的 {owner.name}（{owner.email}）激活供应商门户账号。
            </p>
          )}
          <p className="portal-muted" style={{ marginTop: 0 }}>
            请设置登录密码：至少 8 位，须同时包含字母和数字。
          </p>
          <form onSubmit={onSubmit} noValidate>
            <PlainField id="portal-activate-password" label="新密码" error={errors.password}>
              {(field) => <PasswordInput {...field} name="password" autoComplete="new-password" />}
            </PlainField>
            <PlainField id="portal-activate-confirm" label="确认密码" error={errors.confirm}>
              {(field) => <PasswordInput {...field} name="confirm" autoComplete="new-password" />}
            </PlainField>
            <SubmitButton loading={pending}>激活并设置密码</SubmitButton>
          </form>
        </>
      )}
    </AuthCard>
  );
}

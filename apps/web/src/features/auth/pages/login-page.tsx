import { EMAIL_PATTERN, messages } from '@scm/contract';
import { Button } from 'antd';
// Deep imports: the package's Input brings OTP, search and text area, which the login form does not use.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { pagePath } from '@/shared/navigation/page-path';
import { prefetchShell } from '@/shared/navigation/prefetch-shell';
import { usePageTitle } from '@/shared/ui/page-title';
import styles from './login-page.module.css';
import logoUrl from '@/app/logo.svg';

const COPYRIGHT = import.meta.env.VITE_COPYRIGHT ?? 'Copyright © 2026 悦居家居生活服务有限公司 版权所有';
const ICP = import.meta.env.VITE_ICP ?? '沪ICP备2024012345号-1';

// The sign-in requests (with the HTTP client) and the toasts load once the form shows and the
// browser is idle, not in the entry and not before the form (docs/web-guide.md "Loading").
const loadSignIn = () => import('@/features/auth/api/sign-in');
const LoginMessages = lazy(() => import('@/features/auth/components/login-messages'));

/** True once the browser has had an idle moment after the first render (at most half a second). */
function useIdleAfterRender(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 100);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 500 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
}

interface LoginForm {
  email: string;
  password: string;
}
type FieldErrors = Partial<Record<keyof LoginForm, string>>;

/**
 * The checks before any request (docs/rules/shell-and-session.md, "Login"). A plain form rather
 * than antd's Form: its field store and validator were a sixth of the first screen's modules, for
 * two fields checked on submit (docs/web-guide.md "Loading").
 */
function check({ email, password }: LoginForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!email) errors.email = messages.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = messages.emailInvalid;
  if (!password) errors.password = messages.passwordRequired;
  return errors;
}

/** A field's error under it, announced when it appears, as antd's form items do. */
function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <div id={id} role="alert" className={styles.error}>
      {text}
    </div>
  ) : null;
}

export default function LoginPage() {
  const [loading, setLoading] = useState(false);
  const navigate = useNavigate();
  usePageTitle('登录');
  const idle = useIdleAfterRender();
  useEffect(() => {
    if (idle) loadSignIn().catch(() => {}); // a failed load is tried again on submit
  }, [idle]);

  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length === 0) void signInWith(values);
  };

  const signInWith = async ({ email, password }: LoginForm) => {
    setLoading(true);
    // Already under way when the page was idle; otherwise it loads beside the three requests.
    prefetchShell();
    try {
      const { signIn } = await loadSignIn();
      if (!(await signIn(email, password))) return;
      // One synchronous render (no transition time-slicing): the shell and workbench chunks are loaded.
      navigate(pagePath('basic'), { flushSync: true });
    } catch (error) {
      console.error(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className={styles.page}>
      {idle && (
        <Suspense fallback={null}>
          <LoginMessages />
        </Suspense>
      )}
      <main className={styles.card}>
        <div className={styles.brand}>
          <img src={logoUrl} alt="" width={40} height={40} />
          <span>悦居供应链管理后台</span>
        </div>
        <h1 className={styles.title}>登录</h1>
        <form onSubmit={onSubmit} noValidate>
          <div className={errors.email ? styles.fieldWithError : styles.field}>
            <Input
              name="email"
              className={styles.input}
              placeholder="邮箱"
              autoComplete="username"
              status={errors.email ? 'error' : undefined}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'login-email-error' : undefined}
            />
            <FieldError id="login-email-error" text={errors.email} />
          </div>
          <div className={errors.password ? styles.fieldWithError : styles.field}>
            <Password
              name="password"
              className={styles.input}
              placeholder="密码"
              autoComplete="current-password"
              status={errors.password ? 'error' : undefined}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'login-password-error' : undefined}
            />
            <FieldError id="login-password-error" text={errors.password} />
          </div>
          <Button type="primary" htmlType="submit" block loading={loading} className={styles.button}>
            登录
          </Button>
        </form>
      </main>
      <footer className={styles.footer}>
        <span>{COPYRIGHT}</span>
        <span>{ICP}</span>
      </footer>
    </div>
  );
}

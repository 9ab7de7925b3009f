import { pagePath } from '@scm/contract';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { typedBefore, useInBrowser } from '@/shared/boot/prerendered-form';
import { PlainField, type SignInValues, signInErrors, usePlainForm } from '@/shared/form/plain-field';
import { prefetchShell } from '@/shared/navigation/prefetch-shell';
import { usePageTitle } from '@/shared/ui/page-title';
import { PasswordInput, SubmitButton, TextInput } from '@/shared/ui/plain-controls';
import styles from './login-page.module.css';
import logoUrl from '@/shared/ui/logo.svg';

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

/**
 * The login screen. It is also rendered into login.html at build time (app/prerender-login.tsx), so
 * the form shows before any script has run; what is typed into it meanwhile is carried over when the
 * app renders this one in its place. In that markup neither the button nor Enter submits the form
 * (docs/web-guide.md "Loading").
 */
export default function LoginPage() {
  const [loading, setLoading] = useState(false);
  const inBrowser = useInBrowser();
  const navigate = useNavigate();
  usePageTitle('登录');
  const idle = useIdleAfterRender();
  useEffect(() => {
    if (idle) loadSignIn().catch(() => {}); // a failed load is tried again on submit
  }, [idle]);

  const { errors, submitted } = usePlainForm(['email', 'password'], signInErrors);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const values = submitted(event);
    if (values) void signInWith(values);
  };

  const signInWith = async ({ email, password }: SignInValues) => {
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
          <PlainField id="login-email" error={errors.email}>
            {(field) => (
              <TextInput
                {...field}
                name="email"
                defaultValue={typedBefore('email')}
                className={styles.input}
                placeholder="邮箱"
                autoComplete="username"
                inputMode="email"
              />
            )}
          </PlainField>
          <PlainField id="login-password" error={errors.password}>
            {(field) => (
              <PasswordInput
                {...field}
                name="password"
                defaultValue={typedBefore('password')}
                className={styles.input}
                placeholder="密码"
                autoComplete="current-password"
              />
            )}
          </PlainField>
          <SubmitButton loading={loading} ready={inBrowser}>
            登录
          </SubmitButton>
        </form>
      </main>
      <footer className={styles.footer}>
        <span>{COPYRIGHT}</span>
        <span>{ICP}</span>
      </footer>
    </div>
  );
}

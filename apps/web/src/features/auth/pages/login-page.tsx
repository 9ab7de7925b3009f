import { buildMenuTree, EMAIL_PATTERN, filterMenuByPermission, messages } from '@scm/contract';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { prefetchShell } from '@/shared/navigation/prefetch-shell';
import { session } from '@/shared/session/session';
import { tabsStore } from '@/shared/tabs/tabs-store';
import { usePageTitle } from '@/shared/ui/page-title';
import { requestBackUserInfo, requestLogin, requestRoleInfo } from '@/features/auth/api/login';
import styles from './login-page.module.css';
import logoUrl from '@/app/logo.svg';

const COPYRIGHT = import.meta.env.VITE_COPYRIGHT ?? 'Copyright © 2026 悦居家居生活服务有限公司 版权所有';
const ICP = import.meta.env.VITE_ICP ?? '沪ICP备2024012345号-1';

interface LoginForm {
  email: string;
  password: string;
}

export default function LoginPage() {
  const [loading, setLoading] = useState(false);
  const navigate = useNavigate();
  const { message } = App.useApp();
  usePageTitle('登录');

  // docs/rules/shell-and-session.md, "Login": login → user info → role info; success means code 200.
  const onFinish = async ({ email, password }: LoginForm) => {
    setLoading(true);
    // Already under way when the page was idle; otherwise it loads beside the three requests.
    prefetchShell();
    try {
      const login = await requestLogin(email, password);
      if (!login) return;
      if (login.code !== 200 || !login.data?.token) {
        message.error(login.message);
        return;
      }
      session.setToken(login.data.token);
      const info = await requestBackUserInfo(login.data.uId);
      if (!info) return;
      if (info.code !== 200) {
        message.error(info.message);
        return;
      }
      session.setUserInfo(info.data);
      const role = await requestRoleInfo(info.data.role.id);
      if (role?.code === 200) {
        const tree = buildMenuTree(role.data.menus);
        session.setAuthorization(filterMenuByPermission(tree, role.data.permissionCodes), role.data.permissionCodes);
      }
      session.setAuthorizedFlag(true);
      tabsStore.reset();
      // One synchronous render (no transition time-slicing): the shell and workbench chunks are loaded.
      navigate('/dashboard/basic', { flushSync: true });
    } catch (error) {
      console.error(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className={styles.page}>
      <main className={styles.card}>
        <div className={styles.brand}>
          <img src={logoUrl} alt="" width={40} height={40} />
          <span>悦居供应链管理后台</span>
        </div>
        <h1 className={styles.title}>登录</h1>
        <Form<LoginForm> layout="vertical" onFinish={onFinish} requiredMark={false} validateTrigger="onSubmit">
          <Form.Item
            name="email"
            rules={[
              { required: true, message: messages.emailRequired },
              { pattern: EMAIL_PATTERN, message: messages.emailInvalid },
            ]}
          >
            <Input className={styles.input} placeholder="邮箱" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: messages.passwordRequired }]}>
            <Input.Password className={styles.input} placeholder="密码" autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading} className={styles.button}>
            登录
          </Button>
        </Form>
      </main>
      <footer className={styles.footer}>
        <span>{COPYRIGHT}</span>
        <span>{ICP}</span>
      </footer>
    </div>
  );
}

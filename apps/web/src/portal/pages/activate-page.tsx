import { PORTAL_MESSAGES, portalActivateRequest } from '@scm/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { applyFieldErrors, zodRule } from '@/shared/form/field-errors';
import { ApiError } from '@/shared/http/api';
import { useActivateAccount } from '@/portal/api/account';
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
  const [invalid, setInvalid] = useState<string | null>(token ? null : PORTAL_MESSAGES.activationInvalid);
  const activate = useActivateAccount((error) => {
    if (applyFieldErrors(form, error)) return true;
    setInvalid(error instanceof ApiError ? error.message : PORTAL_MESSAGES.activationInvalid);
    return true;
  });

  const onFinish = ({ password }: ActivateForm) =>
    activate.mutate({ token, password }, { onSuccess: () => navigate('/portal/login?activated=1', { replace: true }) });

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
            <Form.Item name="password" label="新密码" rules={[zodRule(portalActivateRequest.shape.password)]}>
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
            <Button type="primary" htmlType="submit" size="large" block loading={activate.isPending}>
              激活并设置密码
            </Button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}

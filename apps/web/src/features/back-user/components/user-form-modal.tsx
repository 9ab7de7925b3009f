import { type BackUserRow, backUserUpdateRequest, newPasswordSchema } from '@scm/contract';
import { useFormGuard } from '@/shared/form/unsaved-changes';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { useSession } from '@/shared/session/use-session';
import { useRoleOptions } from '@/features/back-user/api/role';
import { useCreateBackUser, useUpdateBackUser } from '@/features/back-user/api/back-user';

interface UserForm {
  email: string;
  username: string;
  phone?: string;
  roleId: number;
  status: 'enabled' | 'disabled';
  passwordMode: 'generate' | 'manual';
  password?: string;
}

interface Props {
  open: boolean;
  user?: BackUserRow;
  onClose: () => void;
  onPasswordGenerated: (shown: { email: string; password: string }) => void;
}

const fields = backUserUpdateRequest.shape;

export function UserFormModal({ open, user, onClose, onPasswordGenerated }: Props) {
  const [form] = Form.useForm<UserForm>();
  const guard = useFormGuard(open);
  const roles = useRoleOptions();
  const onError = (error: unknown) => applyFieldErrors(form, error);
  const create = useCreateBackUser({ onError });
  const update = useUpdateBackUser({ onSuccess: onClose, onError });
  const passwordMode = Form.useWatch('passwordMode', form);
  const me = useSession().userInfo?.id;
  const self = !!user && user.id === me;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      user
        ? { email: user.email, username: user.username, phone: user.phone ?? '', roleId: user.role.id }
        : { status: 'enabled', passwordMode: 'generate' },
    );
  }, [open, user, form]);

  // Only roles the signed-in user may give are offered (the grant ceiling); the user's current role still shows by name.
  const assignable = (roles.data ?? []).filter((r) => r.assignable || r.value === user?.role.id);
  const roleOptions = [
    ...assignable,
    ...(user && !roles.data?.some((r) => r.value === user.role.id) ? [{ value: user.role.id, label: `${user.role.name}（已停用）` }] : []),
  ];

  const submit = async () => {
    const checked = await validForm(form);
    if (!checked) return;
    const { passwordMode: mode, password, ...values } = checked;
    if (user) {
      update.mutate({
        id: user.id,
        version: user.version,
        email: values.email,
        username: values.username,
        phone: values.phone,
        roleId: values.roleId,
      });
      return;
    }
    create.mutate(
      { ...values, password: mode === 'manual' ? password : undefined },
      {
        onSuccess: (data) => {
          onClose();
          if (data.password) onPasswordGenerated({ email: values.email, password: data.password });
        },
      },
    );
  };

  return (
    <Modal
      title={user ? '编辑用户' : '新建用户'}
      open={open}
      onCancel={() => guard.close(onClose)}
      onOk={submit}
      okText="保存"
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width={540}
    >
      <Form form={form} onValuesChange={guard.touch} layout="vertical" preserve={false}>
        <Form.Item name="email" label="邮箱（登录账号）" required rules={[zodRule(fields.email)]}>
          <Input placeholder="name@jiaju.com" autoComplete="off" maxLength={254} />
        </Form.Item>
        <Form.Item name="username" label="用户名" required rules={[zodRule(fields.username)]}>
          <Input placeholder="显示名称，如 张三" maxLength={30} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={[zodRule(fields.phone)]}>
          <Input placeholder="选填" maxLength={11} />
        </Form.Item>
        <Form.Item name="roleId" label="角色" rules={[{ required: true, message: '请选择角色' }]} extra={self ? '不能修改自己的角色' : undefined}>
          <Select placeholder="请选择角色" options={roleOptions} loading={roles.isLoading} disabled={self} showSearch optionFilterProp="label" />
        </Form.Item>
        {!user && (
          <>
            <Form.Item name="status" label="状态">
              <Radio.Group>
                <Radio value="enabled">启用</Radio>
                <Radio value="disabled">停用</Radio>
              </Radio.Group>
            </Form.Item>
            <Form.Item name="passwordMode" label="初始密码">
              <Radio.Group>
                <Radio value="generate">自动生成（保存后显示一次）</Radio>
                <Radio value="manual">手动设置</Radio>
              </Radio.Group>
            </Form.Item>
            {passwordMode === 'manual' && (
              <Form.Item name="password" label="密码" required rules={[zodRule(newPasswordSchema)]} extra="至少8位，且包含字母和数字">
                <Input.Password autoComplete="new-password" maxLength={64} />
              </Form.Item>
            )}
          </>
        )}
      </Form>
    </Modal>
  );
}

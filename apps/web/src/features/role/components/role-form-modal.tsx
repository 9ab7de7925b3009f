import { DATA_SCOPE_LABELS, type DataScope, type Role, roleCodeSchema, roleUpdateRequest } from '@scm/contract';
import { useFormGuard } from '@/shared/form/unsaved-changes';
import { Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { useCreateRole, useUpdateRole } from '@/features/role/api/role';

interface RoleForm {
  name: string;
  code: string;
  description?: string;
  sort: number;
  status: 'enabled' | 'disabled';
  dataScope: DataScope;
}

interface Props {
  open: boolean;
  /** The role being edited; absent when creating. */
  role?: Role;
  onClose: () => void;
  onCreated?: (id: number) => void;
}

const fields = roleUpdateRequest.shape;

export function RoleFormModal({ open, role, onClose, onCreated }: Props) {
  const [form] = Form.useForm<RoleForm>();
  const guard = useFormGuard(open);
  const onError = (error: unknown) => applyFieldErrors(form, error);
  const create = useCreateRole({ onError });
  const update = useUpdateRole({ onSuccess: onClose, onError });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      role
        ? { name: role.name, code: role.code, description: role.description ?? '', sort: role.sort, status: role.status, dataScope: role.dataScope }
        : { sort: 0, status: 'enabled', dataScope: 'all' },
    );
  }, [open, role, form]);

  const submit = async () => {
    const values = await validForm(form);
    if (!values) return;
    if (role) {
      update.mutate({ id: role.id, version: role.version, ...values });
    } else {
      create.mutate(values, {
        onSuccess: (data) => {
          onClose();
          onCreated?.(data.id);
        },
      });
    }
  };

  return (
    <Modal
      title={role ? '编辑角色' : '新建角色'}
      open={open}
      onCancel={() => guard.close(onClose)}
      onOk={submit}
      okText="保存"
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width={520}
    >
      <Form form={form} onValuesChange={guard.touch} layout="vertical" preserve={false}>
        <Form.Item name="name" label="角色名称" rules={[zodRule(fields.name)]}>
          <Input placeholder="如：仓库专员" maxLength={50} showCount />
        </Form.Item>
        <Form.Item
          name="code"
          label="角色编码"
          required
          rules={[zodRule(roleCodeSchema)]}
          extra={role?.builtIn ? '内置角色的编码不能修改' : '字母开头，可含字母、数字和下划线，创建后用于识别角色'}
        >
          <Input placeholder="如：warehouse" disabled={role?.builtIn} maxLength={50} />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[zodRule(fields.description)]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="这个角色负责什么" />
        </Form.Item>
        <Form.Item name="sort" label="排序" rules={[zodRule(fields.sort)]} extra="数字越小越靠前">
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="dataScope" label="数据范围" extra="仅本人：计划只看到自己负责或创建的，采购任务只看到自己采购或创建的">
          <Radio.Group>
            {(Object.keys(DATA_SCOPE_LABELS) as DataScope[]).map((scope) => (
              <Radio key={scope} value={scope}>
                {DATA_SCOPE_LABELS[scope]}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group disabled={role?.builtIn}>
            <Radio value="enabled">启用</Radio>
            <Radio value="disabled">停用</Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { type MenuRow, menuUpdateRequest } from '@scm/contract';
import { useFormGuard } from '@/shared/form/unsaved-changes';
import { App, Descriptions, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { useUpdateMenu } from '@/features/menu/api/menu';
import { MENU_ICONS, MenuIcon } from '@/shared/ui/menu-icons';

interface MenuForm {
  label: string;
  icon?: string;
  sort: number;
  isMenu: boolean;
  status: 'enabled' | 'disabled';
}

const fields = menuUpdateRequest.shape;
const typeLabel = { group: '目录', page: '页面', action: '操作' } as const;

export function MenuFormModal({ menu, onClose }: { menu?: MenuRow; onClose: () => void }) {
  const [form] = Form.useForm<MenuForm>();
  const guard = useFormGuard(!!menu);
  const update = useUpdateMenu({ onSuccess: onClose, onError: (error) => applyFieldErrors(form, error) });
  const { modal } = App.useApp();

  useEffect(() => {
    if (!menu) return;
    form.resetFields();
    form.setFieldsValue({ label: menu.label, icon: menu.icon ?? undefined, sort: menu.sort, isMenu: menu.isMenu, status: menu.status });
  }, [menu, form]);

  const submit = async () => {
    if (!menu) return;
    const values = await validForm(form);
    if (!values) return;
    const body = { id: menu.id, version: menu.version, ...values, icon: values.icon ?? '' };
    if (menu.status === 'enabled' && values.status === 'disabled') {
      modal.confirm({
        title: `停用「${menu.label}」？`,
        content: `停用后，「${menu.label}」${menu.type === 'action' ? '' : '及其下级'}的权限编码立即从所有角色中移除：菜单不再显示，相关接口拒绝访问。重新启用后仅超级管理员自动恢复，其他角色需在角色管理中重新分配。`,
        okText: '停用',
        okButtonProps: { danger: true },
        onOk: () => update.mutateAsync(body),
      });
      return;
    }
    update.mutate(body);
  };

  return (
    <Modal
      title="编辑菜单"
      open={!!menu}
      onCancel={() => guard.close(onClose)}
      onOk={submit}
      okText="保存"
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      {menu && (
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label="编码">{menu.key}</Descriptions.Item>
          <Descriptions.Item label="类型">{typeLabel[menu.type]}</Descriptions.Item>
          {menu.path && <Descriptions.Item label="路径">{menu.path}</Descriptions.Item>}
        </Descriptions>
      )}
      <Form form={form} onValuesChange={guard.touch} layout="vertical" preserve={false}>
        <Form.Item name="label" label="名称" rules={[zodRule(fields.label)]}>
          <Input maxLength={30} showCount />
        </Form.Item>
        {menu?.type !== 'action' && (
          <Form.Item name="icon" label="图标">
            <Select
              allowClear
              placeholder="不显示图标"
              options={Object.keys(MENU_ICONS).map((name) => ({
                value: name,
                label: (
                  <Space>
                    <MenuIcon name={name} />
                    {name}
                  </Space>
                ),
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="sort" label="排序" rules={[zodRule(fields.sort)]} extra="同级中数字越小越靠前">
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        {menu?.type !== 'action' && (
          <Form.Item name="isMenu" label="在侧边菜单中显示" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        <Form.Item name="status" label="状态" extra="停用后该项及其下级不再出现在菜单中，其权限编码从所有角色中移除">
          <Radio.Group>
            <Radio value="enabled">启用</Radio>
            <Radio value="disabled">停用</Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}

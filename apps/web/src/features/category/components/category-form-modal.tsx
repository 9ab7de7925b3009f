import { type Category, categoryCreateRequest } from '@scm/contract';
import { useFormGuard } from '@/shared/form/unsaved-changes';
import { Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { useCreateCategory, useUpdateCategory } from '@/features/category/api/category';

export type CategoryFormTarget = { mode: 'create'; parent: Pick<Category, 'id' | 'name'> | null } | { mode: 'edit'; category: Category };

interface Values {
  name: string;
  code: string;
  sort: number;
  status: 'enabled' | 'disabled';
  remark?: string;
}

const fields = categoryCreateRequest.shape;

export function CategoryFormModal({ target, onClose }: { target: CategoryFormTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const guard = useFormGuard(target !== null);
  const onError = (error: unknown) => applyFieldErrors(form, error);
  const create = useCreateCategory({ onError });
  const update = useUpdateCategory({ onError });

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'edit') {
      const { name, code, sort, status, remark } = target.category;
      form.setFieldsValue({ name, code, sort, status, remark: remark ?? '' });
    }
  }, [form, target]);

  const submit = async () => {
    const values = await validForm(form);
    if (!values) return;
    if (!target) return;
    if (target.mode === 'create') await create.mutateAsync({ ...values, parentId: target.parent?.id ?? null });
    else await update.mutateAsync({ ...values, id: target.category.id, version: target.category.version });
    onClose();
  };

  const title = target?.mode === 'edit' ? '编辑分类' : target?.parent ? `新增子分类（上级：${target.parent.name}）` : '新增根分类';
  return (
    <Modal
      open={target !== null}
      title={title}
      onCancel={() => guard.close(onClose)}
      onOk={() => submit().catch(() => undefined)}
      confirmLoading={create.isPending || update.isPending}
      okText="保存"
      destroyOnHidden
    >
      <Form form={form} onValuesChange={guard.touch} name="category-form" layout="vertical" initialValues={{ sort: 0, status: 'enabled' }}>
        <Form.Item name="name" label="分类名称" required rules={[zodRule(fields.name)]}>
          <Input placeholder="如：毛巾浴巾" maxLength={50} />
        </Form.Item>
        <Form.Item name="code" label="分类编码" required rules={[zodRule(fields.code)]} extra="字母、数字、下划线或短横线，全局唯一，导入商品时填写">
          <Input placeholder="如：JF0101" maxLength={32} />
        </Form.Item>
        <Form.Item name="sort" label="排序" rules={[zodRule(fields.sort)]}>
          <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group
            options={[
              { label: '启用', value: 'enabled' },
              { label: '停用', value: 'disabled' },
            ]}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[zodRule(fields.remark)]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { type MenuRow, menuCreateActionRequest } from '@scm/contract';
import { useFormGuard } from '@/shared/form/unsaved-changes';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { useCreateMenuAction } from '@/features/menu/api/menu';

interface ActionForm {
  action: string;
  label: string;
  sort: number;
}

const fields = menuCreateActionRequest.shape;

/** Adds a `pageKey:action` permission code under a page. */
export function ActionFormModal({ page, onClose }: { page?: MenuRow; onClose: () => void }) {
  const [form] = Form.useForm<ActionForm>();
  const guard = useFormGuard(!!page);
  const create = useCreateMenuAction({ onSuccess: onClose, onError: (error) => applyFieldErrors(form, error) });
  const action = Form.useWatch('action', form);

  useEffect(() => {
    if (page) form.setFieldsValue({ action: '', label: '', sort: 0 });
  }, [page, form]);

  const submit = async () => {
    if (!page) return;
    const values = await validForm(form);
    if (!values) return;
    create.mutate({ parentId: page.id, ...values });
  };

  return (
    <Modal
      title={page ? `添加操作项 · ${page.label}` : '添加操作项'}
      open={!!page}
      onCancel={() => guard.close(onClose)}
      onOk={submit}
      okText="添加"
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} onValuesChange={guard.touch} layout="vertical" preserve={false}>
        <Form.Item
          name="action"
          label="操作编码"
          required
          rules={[zodRule(fields.action)]}
          extra={page ? `权限编码为 ${page.key}:${action || '…'}` : undefined}
        >
          <Input placeholder="如 audit" maxLength={40} />
        </Form.Item>
        <Form.Item name="label" label="操作名称" rules={[zodRule(fields.label)]}>
          <Input placeholder="如 审核" maxLength={30} />
        </Form.Item>
        <Form.Item name="sort" label="排序" rules={[zodRule(fields.sort)]}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

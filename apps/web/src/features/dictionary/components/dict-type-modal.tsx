import { type DictType, dictTypeCreateRequest } from '@scm/contract';
import { useFormGuard } from '@/shared/form/unsaved-changes';
import { Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { useCreateDictType, useUpdateDictType } from '@/features/dictionary/api/dict-type';

const fields = dictTypeCreateRequest.shape;

interface Props {
  open: boolean;
  /** The type being edited; none to create one. */
  editing?: DictType;
  onClose: () => void;
  onSaved?: (code: string) => void;
}

export function DictTypeModal({ open, editing, onClose, onSaved }: Props) {
  const [form] = Form.useForm();
  const guard = useFormGuard(open);
  const create = useCreateDictType({ onError: (error) => applyFieldErrors(form, error) });
  const update = useUpdateDictType({ onError: (error) => applyFieldErrors(form, error) });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ?? { status: 'enabled' });
  }, [open, editing, form]);

  const submit = async () => {
    const values = await validForm(form);
    if (!values) return;
    const body = { code: values.code, name: values.name, status: values.status, remark: values.remark || null };
    const done = () => {
      // Saved: nothing is left to lose, so the jump to the detail page is not held by the guard.
      guard.release();
      onSaved?.(body.code);
      onClose();
    };
    if (editing) update.mutate({ ...body, id: editing.id, version: editing.version }, { onSuccess: done });
    else create.mutate(body, { onSuccess: done });
  };

  return (
    <Modal
      title={editing ? '编辑字典' : '新建字典'}
      open={open}
      onCancel={() => guard.close(onClose)}
      onOk={submit}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} onValuesChange={guard.touch} layout="vertical" preserve={false}>
        <Form.Item
          name="code"
          label="字典编码"
          rules={[zodRule(fields.code)]}
          extra={editing?.builtIn ? '内置字典的编码不能修改' : '小写字母、数字和下划线，如 pack_style'}
        >
          <Input placeholder="如 pack_style" disabled={editing?.builtIn} maxLength={50} />
        </Form.Item>
        <Form.Item name="name" label="字典名称" rules={[zodRule(fields.name)]}>
          <Input placeholder="如 包装方式" maxLength={50} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group
            options={[
              { value: 'enabled', label: '启用' },
              { value: 'disabled', label: '停用' },
            ]}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[zodRule(fields.remark)]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

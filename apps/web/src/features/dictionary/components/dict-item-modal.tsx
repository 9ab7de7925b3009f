import { type DictItem, dictItemCreateRequest, TAG_COLOR_LABELS, TAG_COLORS } from '@scm/contract';
import { useFormGuard } from '@/shared/form/unsaved-changes';
import { Form, Input, InputNumber, Modal, Radio, Select, Switch, Tag } from 'antd';
import { useEffect } from 'react';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { useCreateDictItem, useUpdateDictItem } from '@/features/dictionary/api/dict-item';

const fields = dictItemCreateRequest.shape;

interface Props {
  open: boolean;
  typeId: number;
  editing?: DictItem;
  nextSort: number;
  onClose: () => void;
}

export function DictItemModal({ open, typeId, editing, nextSort, onClose }: Props) {
  const [form] = Form.useForm();
  const guard = useFormGuard(open);
  const create = useCreateDictItem({ onError: (error) => applyFieldErrors(form, error) });
  const update = useUpdateDictItem({ onError: (error) => applyFieldErrors(form, error) });
  const label = Form.useWatch('label', form);
  const color = Form.useWatch('tagColor', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ?? { status: 'enabled', sort: nextSort, tagColor: 'default', isDefault: false });
  }, [open, editing, nextSort, form]);

  const submit = async () => {
    const values = await validForm(form);
    if (!values) return;
    const body = {
      label: values.label,
      value: values.value,
      sort: values.sort ?? 0,
      tagColor: values.tagColor,
      isDefault: values.isDefault ?? false,
      status: values.status,
      remark: values.remark || null,
    };
    if (editing) update.mutate({ ...body, id: editing.id, version: editing.version }, { onSuccess: onClose });
    else create.mutate({ ...body, typeId }, { onSuccess: onClose });
  };

  return (
    <Modal
      title={editing ? '编辑字典项' : '新增字典项'}
      open={open}
      onCancel={() => guard.close(onClose)}
      onOk={submit}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} onValuesChange={guard.touch} layout="vertical" preserve={false}>
        <Form.Item name="label" label="字典标签" rules={[zodRule(fields.label)]}>
          <Input placeholder="显示的文字，如 纸箱" maxLength={50} />
        </Form.Item>
        <Form.Item name="value" label="字典值" rules={[zodRule(fields.value)]} extra="保存到业务数据中的值，同一字典内唯一">
          <Input placeholder="如 carton" maxLength={50} />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="tagColor"
          label="标签颜色"
          extra={
            <span>
              预览：<Tag color={color}>{label || '示例'}</Tag>
            </span>
          }
        >
          <Select
            aria-label="标签颜色"
            virtual={false}
            listHeight={320}
            options={TAG_COLORS.map((c) => ({ value: c, label: <Tag color={c}>{TAG_COLOR_LABELS[c]}</Tag> }))}
          />
        </Form.Item>
        <Form.Item name="isDefault" label="默认值" valuePropName="checked" extra="新建业务记录时默认选中；每个字典只有一个默认项">
          <Switch />
        </Form.Item>
        <Form.Item name="status" label="状态" extra="停用的字典项仍显示在旧记录上，但新记录不能再选">
          <Radio.Group
            options={[
              { value: 'enabled', label: '启用' },
              { value: 'disabled', label: '停用' },
            ]}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[zodRule(fields.remark)]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { type Category, CATEGORY_MAX_LEVEL } from '@scm/contract';
import { Alert, Form, Modal, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { applyFieldErrors, validForm } from '@/shared/form/field-errors';
import { useMoveCategory } from '@/features/category/api/category';

const ROOT = 0;

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/** Parent picker: the category itself, its descendants and nodes that would push it past level 3 are disabled. */
export function MoveCategoryModal({ category, categories, onClose }: { category: Category | null; categories: Category[]; onClose: () => void }) {
  const [form] = Form.useForm<{ parentId: number }>();
  const move = useMoveCategory({ onError: (error) => applyFieldErrors(form, error) });

  const treeData = useMemo(() => {
    if (!category) return [];
    const below = new Set<number>([category.id]);
    let height = 1;
    for (const c of categories) {
      if (c.parentId !== null && below.has(c.parentId)) {
        below.add(c.id);
        height = Math.max(height, c.level - category.level + 1);
      }
    }
    const build = (parentId: number | null): TreeOption[] =>
      categories
        .filter((c) => c.parentId === parentId)
        .map((c) => ({
          value: c.id,
          title: `${c.name}（${c.code}）`,
          disabled: below.has(c.id) || c.level + height > CATEGORY_MAX_LEVEL,
          children: build(c.id),
        }));
    return [{ value: ROOT, title: '（设为根分类）', children: build(null) }];
  }, [category, categories]);

  useEffect(() => {
    if (category) form.setFieldsValue({ parentId: category.parentId ?? ROOT });
  }, [category, form]);

  const submit = async () => {
    const checked = await validForm(form);
    if (!checked) return;
    const { parentId } = checked;
    if (!category) return;
    await move.mutateAsync({ id: category.id, version: category.version, parentId: parentId === ROOT ? null : parentId });
    onClose();
  };

  return (
    <Modal
      open={category !== null}
      title={`移动分类：${category?.name ?? ''}`}
      onCancel={onClose}
      onOk={() => submit().catch(() => undefined)}
      confirmLoading={move.isPending}
      okText="移动"
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`分类最多${CATEGORY_MAX_LEVEL}级；不能移动到自身或其下级分类之下。`} />
      <Form form={form} name="category-move" layout="vertical">
        <Form.Item name="parentId" label="新的上级分类" rules={[{ required: true, message: '请选择上级分类' }]}>
          <TreeSelect treeData={treeData} treeDefaultExpandAll showSearch treeNodeFilterProp="title" placeholder="请选择" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

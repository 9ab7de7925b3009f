import type { CategoryOption } from '@scm/contract';
import { Button, Card, DatePicker, Form, Space, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';

export interface BoardFilterValues {
  dateFrom: string;
  dateTo: string;
  categoryId: number;
}

interface TreeNode {
  value: number;
  title: string;
  children: TreeNode[];
}

function toTree(options: CategoryOption[]): TreeNode[] {
  const nodes = new Map(options.map((o) => [o.value, { value: o.value, title: o.label, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const o of options) {
    const node = nodes.get(o.value) as TreeNode;
    const parent = o.parentId === null ? undefined : nodes.get(o.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

const FORMAT = 'YYYY-MM-DD';

/** 日期范围 and 商品分类 (a node includes its descendants); applied on 查询, kept in the URL by the page. */
export function BoardFilters({
  values,
  categories,
  onSearch,
  onReset,
}: {
  values: BoardFilterValues;
  categories: CategoryOption[];
  onSearch: (values: BoardFilterValues) => void;
  onReset: () => void;
}) {
  const [form] = Form.useForm<{ range: [Dayjs, Dayjs]; categoryId?: number }>();
  const tree = useMemo(() => toTree(categories), [categories]);

  useEffect(() => {
    form.setFieldsValue({ range: [dayjs(values.dateFrom), dayjs(values.dateTo)], categoryId: values.categoryId || undefined });
  }, [form, values]);

  return (
    <Card size="small" className="filter-card">
      <Form
        form={form}
        layout="inline"
        className="filter-form"
        onFinish={({ range, categoryId }) =>
          onSearch({ dateFrom: range[0].format(FORMAT), dateTo: range[1].format(FORMAT), categoryId: categoryId ?? 0 })
        }
      >
        <Form.Item name="range" label="日期范围" rules={[{ required: true, message: '请选择日期范围' }]}>
          <DatePicker.RangePicker allowClear={false} />
        </Form.Item>
        <Form.Item name="categoryId" label="商品分类">
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            placeholder="全部分类"
            treeData={tree}
            style={{ width: 220 }}
            popupMatchSelectWidth={280}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={onReset}>重置</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

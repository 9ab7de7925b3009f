import { dayText, dayValue } from '@/shared/form/day-value';
import type { CategoryOption } from '@scm/contract';
import { DatePicker, Form, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { FilterForm } from '@/shared/table/filter-form';

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

interface FormValues {
  range?: [Dayjs, Dayjs];
  categoryId?: number;
}

/** 日期范围 and 商品分类 (a node includes its descendants) in the lists' filter form; applied on 查询, kept in the URL by the page. */
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
  const tree = useMemo(() => toTree(categories), [categories]);
  const shown = useMemo<FormValues>(
    () => ({ range: [dayValue(values.dateFrom), dayValue(values.dateTo)], categoryId: values.categoryId || undefined }),
    [values.dateFrom, values.dateTo, values.categoryId],
  );

  return (
    <FilterForm<FormValues>
      values={shown}
      onSearch={({ range, categoryId }) => {
        // The range is required: 查询 stops at its message before it gets here without one.
        if (!range) return;
        onSearch({ dateFrom: dayText(range[0]), dateTo: dayText(range[1]), categoryId: categoryId ?? 0 });
      }}
      onReset={onReset}
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
    </FilterForm>
  );
}

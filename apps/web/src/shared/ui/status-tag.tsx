import { Tag } from 'antd';

/**
 * A status as a coloured tag from the contract's label and colour maps, for statuses that have no
 * dictionary (the portal, which cannot read the back office's dictionaries, and portal accounts).
 * Statuses with a dictionary use `<DictTag>`, whose labels 数据字典 may edit.
 */
export function StatusTag<S extends string>({ value, labels, colors }: { value: S; labels: Record<S, string>; colors: Record<S, string> }) {
  return <Tag color={colors[value]}>{labels[value]}</Tag>;
}

import { Tag } from 'antd';

/**
 * A status as a coloured tag from the contract's label and colour maps, for statuses that have no
 * dictionary (portal accounts; the portal itself draws its tags without antd).
 * Statuses with a dictionary use `<DictTag>`, whose labels 数据字典 may edit.
 */
export function StatusTag<S extends string>({ value, labels, colors }: { value: S; labels: Record<S, string>; colors: Record<S, string> }) {
  return <Tag color={colors[value]}>{labels[value]}</Tag>;
}

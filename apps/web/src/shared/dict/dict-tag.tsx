import { Tag } from 'antd';
import { useDict } from './use-dict';

/** A status or enum value as the coloured tag its dictionary item defines (docs/rules/base-data.md, "Dictionaries"). */
export function DictTag({ code, value }: { code: string; value: string | null | undefined }) {
  const dict = useDict(code);
  if (value == null || value === '') return <span className="muted">-</span>;
  const item = dict.item(value);
  return <Tag color={item?.tagColor ?? 'default'}>{item?.label ?? value}</Tag>;
}

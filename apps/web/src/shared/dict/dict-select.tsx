import { Select, type SelectProps } from 'antd';
import { useDict } from './use-dict';

interface DictSelectProps extends Omit<SelectProps<string>, 'options' | 'loading'> {
  code: string;
}

/**
 * A select over a dictionary's enabled items. A disabled item that is the current value is still
 * listed (greyed) so an old record shows it, but it is not offered for new input.
 */
export function DictSelect({ code, value, placeholder, ...rest }: DictSelectProps) {
  const dict = useDict(code);
  const options: { value: string; label: string; disabled?: boolean }[] = dict.offered.map((item) => ({ value: item.value, label: item.label }));
  const current = typeof value === 'string' ? dict.item(value) : undefined;
  if (current && !dict.offered.includes(current)) options.push({ value: current.value, label: `${current.label}（已停用）`, disabled: true });
  return (
    <Select<string>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder ?? `请选择${dict.name}`}
      loading={dict.loading}
      value={value}
      options={options}
      {...rest}
    />
  );
}

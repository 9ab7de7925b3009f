import { Cascader } from 'antd';
import { useRegions } from './use-regions';

const fieldNames = { label: 'name', value: 'code', children: 'children' };

interface MultiProps {
  value?: string[];
  onChange?: (codes: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Codes that may not be picked here (used by another row). */
  'aria-label'?: string;
}

/**
 * Province → city → district multi-select. A fully checked province or city is stored as its own
 * code (it covers everything below it); codes are stored, names shown.
 */
export function RegionCascader({ value, onChange, placeholder = '请选择地区', disabled, ...rest }: MultiProps) {
  const regions = useRegions();
  return (
    <Cascader
      multiple
      showCheckedStrategy={Cascader.SHOW_PARENT}
      maxTagCount="responsive"
      showSearch={{ filter: (input, path) => path.some((node) => String(node.name).includes(input)) }}
      options={regions.tree as never}
      fieldNames={fieldNames}
      loading={regions.loading}
      placeholder={placeholder}
      disabled={disabled}
      value={(value ?? []).map(regions.pathOf)}
      onChange={(paths) => onChange?.((paths as string[][]).map((path) => path[path.length - 1]))}
      style={{ width: '100%' }}
      aria-label={rest['aria-label']}
    />
  );
}

interface SingleProps {
  value?: string;
  onChange?: (code: string | undefined) => void;
  placeholder?: string;
  style?: React.CSSProperties;
}

/** One destination: a province, a city or a district (any level may be chosen). */
export function RegionPicker({ value, onChange, placeholder = '请选择目的地', style }: SingleProps) {
  const regions = useRegions();
  return (
    <Cascader
      changeOnSelect
      showSearch={{ filter: (input, path) => path.some((node) => String(node.name).includes(input)) }}
      options={regions.tree as never}
      fieldNames={fieldNames}
      loading={regions.loading}
      placeholder={placeholder}
      value={value ? regions.pathOf(value) : undefined}
      onChange={(path) => onChange?.(path && path.length > 0 ? String(path[path.length - 1]) : undefined)}
      style={{ width: 320, ...style }}
    />
  );
}

import type { RegionNode } from '@scm/contract';
import { Cascader } from 'antd';
import { useMemo } from 'react';
import { useRegions } from './use-regions';

type OptionNode = RegionNode & { disableCheckbox?: boolean; children?: OptionNode[] };

/**
 * The tree with the checkbox of the given codes disabled. Only the code itself: a province held by
 * another row still lets this row pick one of its cities or districts (the more specific row wins).
 */
function withUnavailable(nodes: RegionNode[], unavailable: ReadonlySet<string>): OptionNode[] {
  if (unavailable.size === 0) return nodes;
  return nodes.map((node) => {
    const children = node.children ? withUnavailable(node.children, unavailable) : undefined;
    return { ...node, children, disableCheckbox: unavailable.has(node.code) || undefined };
  });
}

const fieldNames = { label: 'name', value: 'code', children: 'children' } as const;

interface MultiProps {
  value?: string[];
  onChange?: (codes: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Codes that may not be picked here because another row already holds them. */
  unavailable?: readonly string[];
  'aria-label'?: string;
}

/**
 * Province → city → district multi-select. A fully checked province or city is stored as its own
 * code (it covers everything below it); codes are stored, names shown.
 */
export function RegionCascader({ value, onChange, placeholder = '请选择地区', disabled, unavailable, ...rest }: MultiProps) {
  const regions = useRegions();
  const unavailableKey = (unavailable ?? []).join(',');
  const options = useMemo(
    () => withUnavailable(regions.tree, new Set(unavailableKey ? unavailableKey.split(',') : [])),
    [regions.tree, unavailableKey],
  );
  return (
    <Cascader
      multiple
      showCheckedStrategy={Cascader.SHOW_PARENT}
      maxTagCount="responsive"
      showSearch={{ filter: (input, path) => path.some((node) => String(node.name).includes(input)) }}
      options={options}
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
  /** Set by Form.Item, so the item's label names the field. */
  id?: string;
  value?: string;
  onChange?: (code: string | undefined) => void;
  placeholder?: string;
  style?: React.CSSProperties;
}

/** One destination: a province, a city or a district (any level may be chosen). */
export function RegionPicker({ id, value, onChange, placeholder = '请选择目的地', style }: SingleProps) {
  const regions = useRegions();
  return (
    <Cascader
      id={id}
      changeOnSelect
      showSearch={{ filter: (input, path) => path.some((node) => String(node.name).includes(input)) }}
      options={regions.tree}
      fieldNames={fieldNames}
      loading={regions.loading}
      placeholder={placeholder}
      value={value ? regions.pathOf(value) : undefined}
      onChange={(path) => onChange?.(path && path.length > 0 ? String(path[path.length - 1]) : undefined)}
      style={{ width: 320, ...style }}
    />
  );
}

import { type CommodityOption, DICT } from '@scm/contract';
import { Select, Typography } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useDict } from '@/shared/dict/use-dict';
import { useDebounced } from '@/shared/form/use-debounced';
import { useCommodityOptions } from './use-commodity-options';

interface CommodityPickerProps {
  /** The picked commodity's id; `null` for a picker that hands each pick over and stays empty. */
  value?: number | null;
  onChange?: (id: number | undefined, commodity: CommodityOption | undefined) => void;
  /** Commodities `value` may name before any search (an edited line), for their labels. */
  known?: { value: number; label: string }[];
  /** Chosen already (the plan's lines): listed, not offered again. */
  excluded?: ReadonlySet<number>;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
}

/**
 * The one commodity selector: searched on the server as the user types (SKU code, name or barcode),
 * a page of enabled commodities at a time, loaded when the list opens; options show SKU code, name,
 * spec and unit. `onChange` hands over the whole option, so a form line knows the commodity's unit,
 * measures, reference price and template without another request.
 */
export function CommodityPicker({
  value,
  onChange,
  known = [],
  excluded,
  placeholder = '搜索SKU编码 / 商品名称 / 条码',
  style = { width: '100%' },
  ...rest
}: CommodityPickerProps) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const options = useCommodityOptions(useDebounced(input.trim()), { enabled: open });
  const found = options.data ?? [];
  const units = useDict(DICT.unit);
  const listed = [...known.filter((k) => !found.some((f) => f.value === k.value)), ...found];

  return (
    <Select<number>
      allowClear={value !== null}
      showSearch={{ filterOption: false, onSearch: setInput, searchValue: input }}
      value={value}
      placeholder={placeholder}
      style={style}
      loading={options.isFetching}
      notFoundContent={options.isFetching ? '搜索中…' : '没有匹配的商品'}
      onOpenChange={setOpen}
      options={listed.map((c) => ({ value: c.value, label: c.label, disabled: excluded?.has(c.value) }))}
      optionRender={(option) => {
        const c = found.find((item) => item.value === option.value);
        if (!c) return option.label;
        return (
          <div className="commodity-option">
            <div>
              <Typography.Text code>{c.skuCode}</Typography.Text> {c.name}
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[c.spec, `单位：${units.label(c.unit)}`].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
        );
      }}
      onChange={(id) => {
        onChange?.(
          id,
          found.find((c) => c.value === id),
        );
        setInput('');
      }}
      {...rest}
    />
  );
}

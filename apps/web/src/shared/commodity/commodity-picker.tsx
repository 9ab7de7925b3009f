import { type CommodityOption, DICT } from '@scm/contract';
import { Select, Typography } from 'antd';
import { useState } from 'react';
import { useDict } from '@/shared/dict/use-dict';
import { useDebounced } from '@/shared/form/use-debounced';
import { useCommodityOptions } from './use-commodity-options';

interface CommodityPickerProps {
  value?: CommodityOption;
  onChange?: (value: CommodityOption | undefined) => void;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * One commodity, searched on the server as the user types; the options show SKU code, name, spec
 * and unit. The value is the picked option itself, so a form line knows the commodity's unit,
 * measures and template without another request.
 */
export function CommodityPicker({ value, onChange, placeholder = '搜索SKU编码 / 商品名称 / 条码', ...rest }: CommodityPickerProps) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const keyword = useDebounced(input.trim());
  const options = useCommodityOptions(keyword, open);
  const list = options.data ?? [];
  const units = useDict(DICT.unit);

  return (
    <Select<{ value: number; label: string }>
      labelInValue
      allowClear
      showSearch={{ filterOption: false, onSearch: setInput, searchValue: input }}
      value={value ? { value: value.value, label: value.label } : undefined}
      placeholder={placeholder}
      style={{ width: '100%' }}
      loading={options.isFetching}
      notFoundContent={options.isFetching ? '搜索中…' : '没有匹配的商品'}
      onOpenChange={setOpen}
      options={list.map((c) => ({ value: c.value, label: c.label }))}
      optionRender={(option) => {
        const c = list.find((item) => item.value === option.value);
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
      onChange={(picked) => {
        onChange?.(picked ? list.find((c) => c.value === picked.value) : undefined);
        setInput('');
      }}
      {...rest}
    />
  );
}

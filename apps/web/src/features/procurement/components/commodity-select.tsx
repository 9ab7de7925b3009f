import { Select } from 'antd';
import { useState } from 'react';
import { useCommodityOptions } from '@/shared/commodity/use-commodity-options';
import { useDebounced } from '@/shared/form/use-debounced';

export interface CommodityChoice {
  value: number;
  /** What the box shows: SKU code and name. */
  label: string;
  skuCode: string;
  referencePriceFen?: number;
}

interface Props {
  value?: number;
  onChange?: (value: number, option?: CommodityChoice) => void;
  /** Commodities already on the lines, so an edited line shows its name before any search. */
  known?: CommodityChoice[];
}

/** A commodity picked by SKU code or name, searched on the server as the user types. */
export function CommoditySelect({ value, onChange, known = [] }: Props) {
  const [keyword, setKeyword] = useState('');
  const options = useCommodityOptions(useDebounced(keyword.trim()));
  const found: CommodityChoice[] = (options.data ?? []).map((o) => ({
    value: o.value,
    label: o.label,
    skuCode: o.skuCode,
    referencePriceFen: o.referencePriceFen,
  }));
  const all = [...known.filter((k) => !found.some((f) => f.value === k.value)), ...found];
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      placeholder="搜索商品编码或名称"
      loading={options.isFetching}
      style={{ width: '100%' }}
      options={all.map((o) => ({ value: o.value, label: o.label }))}
      onChange={(v: number) =>
        onChange?.(
          v,
          all.find((o) => o.value === v),
        )
      }
      notFoundContent={options.isFetching ? '搜索中…' : '没有匹配的商品'}
    />
  );
}

import { Select } from 'antd';
import { useState } from 'react';
import { useCommodityOptions } from '@/shared/commodity/use-commodity-options';
import { useDebounced } from '@/shared/form/use-debounced';

export interface PickedCommodity {
  value: number;
  label: string;
  skuCode: string;
  unit: string;
  referencePriceFen: number;
}

interface CommoditySelectProps {
  /** Commodities already on the plan: shown, not offered again. */
  excluded: ReadonlySet<number>;
  onPick: (commodity: PickedCommodity) => void;
  disabled?: boolean;
}

/**
 * Searches commodities on the server as the user types (code, name or barcode; the trigram index
 * keeps it fast over a million rows) and hands the picked one over; the select then clears.
 */
export function CommoditySelect({ excluded, onPick, disabled }: CommoditySelectProps) {
  const [input, setInput] = useState('');
  const options = useCommodityOptions(useDebounced(input.trim()));
  const list = options.data ?? [];

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setInput, searchValue: input }}
      value={null}
      placeholder="搜索SKU编码 / 商品名称 / 条码，选择后添加到明细"
      style={{ width: 420 }}
      disabled={disabled}
      loading={options.isFetching}
      notFoundContent={options.isFetching ? '搜索中…' : '没有匹配的商品'}
      options={list.map((c) => ({
        value: c.value,
        label: c.label,
        disabled: excluded.has(c.value),
      }))}
      onChange={(value) => {
        const picked = list.find((c) => c.value === value);
        if (picked) onPick(picked);
        setInput('');
      }}
      aria-label="添加商品"
    />
  );
}

import { type WarehouseOption, warehouseApi } from '@scm/contract';
import { Select, type SelectProps } from 'antd';
import { useApiQuery } from '@/shared/http/hooks';

export const useWarehouseOptions = () => useApiQuery(warehouseApi.options, {}, { staleTime: 60_000 });

type Props = Omit<SelectProps<string>, 'options' | 'onChange'> & {
  /** The warehouse a record already names, shown even when it has been disabled since. */
  current?: { code: string; name: string | null } | null;
  onChange?: (code: string | undefined, warehouse?: WarehouseOption) => void;
};

/** 收货仓库 picker over the enabled warehouses (value = code). */
export function WarehouseSelect({ current, onChange, ...props }: Props) {
  const options = useWarehouseOptions();
  const list = options.data ?? [];
  const withCurrent =
    current && !list.some((w) => w.code === current.code)
      ? [{ code: current.code, name: current.name ?? current.code, regionCode: '' }, ...list]
      : list;
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isLoading}
      placeholder="选择收货仓库"
      {...props}
      options={withCurrent.map((w) => ({ value: w.code, label: w.name }))}
      onChange={(code) =>
        onChange?.(
          code,
          list.find((w) => w.code === code),
        )
      }
    />
  );
}

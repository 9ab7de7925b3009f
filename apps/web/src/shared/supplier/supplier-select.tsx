import { supplierApi } from '@scm/contract';
import { Select, type SelectProps } from 'antd';
import { useApiQuery } from '@/shared/http/hooks';

/** A supplier, searched by name among the first 200 (list filters). */
export function SupplierSelect(props: Omit<SelectProps<number>, 'options' | 'loading'>) {
  const suppliers = useApiQuery(supplierApi.options, { limit: 200 }, { staleTime: 60_000 });
  return <Select showSearch={{ optionFilterProp: 'label' }} loading={suppliers.isLoading} options={suppliers.data ?? []} {...props} />;
}

import { Select, type SelectProps } from 'antd';
import { useUserOptions } from '../../../shared/user/use-user-options';

interface Props extends Omit<SelectProps<number>, 'options' | 'loading'> {
  /** Offer enabled users only (assigning a buyer); the filter lists everyone, so old tasks stay findable. */
  enabledOnly?: boolean;
  /** The task's buyer as saved, shown even when that user has been disabled since. */
  current?: { id: number; name: string };
}

/** 采购员: a back-office user, searched by name or email. */
export function BuyerSelect({ enabledOnly = false, current, ...rest }: Props) {
  const users = useUserOptions(enabledOnly);
  const options = users.data ?? [];
  const withCurrent = current && !options.some((o) => o.value === current.id) ? [{ value: current.id, label: current.name }, ...options] : options;
  return <Select showSearch={{ optionFilterProp: 'label' }} loading={users.isLoading} options={withCurrent} {...rest} />;
}

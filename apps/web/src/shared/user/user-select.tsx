import { Select, type SelectProps } from 'antd';
import { type UserOptionsFilter, useUserOptions } from './use-user-options';

interface Props extends Omit<SelectProps<number>, 'options' | 'loading'> {
  /** Which users to offer (all of them for a filter; the eligible ones when assigning work). */
  filter?: UserOptionsFilter;
  /** The user the record has now, shown even when no longer offered (disabled or moved to another role since). */
  current?: { id: number; name: string } | null | false;
}

/** A back-office user, searched by name. */
export function UserSelect({ filter, current, ...rest }: Props) {
  const users = useUserOptions(filter);
  const options = users.data ?? [];
  const withCurrent = current && !options.some((o) => o.value === current.id) ? [{ value: current.id, label: current.name }, ...options] : options;
  return <Select showSearch={{ optionFilterProp: 'label' }} loading={users.isLoading} options={withCurrent} {...rest} />;
}

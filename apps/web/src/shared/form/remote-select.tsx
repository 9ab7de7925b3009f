import type { Endpoint, EndpointBody, EndpointData } from '@scm/contract';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useApiQuery } from '@/shared/http/hooks';
import { useDebounced } from './use-debounced';

export interface RemoteOption {
  value: number;
  label: string;
}

type Item<E extends Endpoint> = EndpointData<E> extends readonly (infer T)[] ? T : never;

interface RemoteSelectProps<E extends Endpoint> extends Omit<SelectProps<number>, 'options' | 'showSearch' | 'loading' | 'onChange'> {
  /** An `options` endpoint that answers a list. */
  endpoint: E;
  /** The request for what the user typed ('' before they type). */
  request: (keyword: string) => EndpointBody<E>;
  toOption: (item: Item<E>) => RemoteOption;
  /**
   * The label of the current value when the answer may not hold it (a record whose choice has
   * since been disabled, or one beyond the first page of options).
   */
  currentLabel?: string | null;
  onChange?: (value: number | null) => void;
}

/**
 * A form select whose options come from the server as the user types (debounced), storing the id.
 * The picked or current choice keeps its label while other searches run.
 */
export function RemoteSelect<E extends Endpoint>({ endpoint, request, toOption, currentLabel, value, onChange, ...rest }: RemoteSelectProps<E>) {
  const [input, setInput] = useState('');
  const keyword = useDebounced(input.trim());
  const [picked, setPicked] = useState<RemoteOption | null>(null);
  const answer = useApiQuery(endpoint, request(keyword), { staleTime: 30_000 });
  const options = ((answer.data ?? []) as Item<E>[]).map(toOption);
  const known = picked?.value === value ? picked : value != null && currentLabel ? { value, label: currentLabel } : null;
  if (known && !options.some((o) => o.value === known.value)) options.unshift(known);

  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: setInput, searchValue: input }}
      loading={answer.isFetching}
      notFoundContent={answer.isFetching ? '搜索中…' : '没有匹配的选项'}
      value={value}
      options={options}
      onChange={(next) => {
        setPicked(options.find((o) => o.value === next) ?? null);
        setInput('');
        onChange?.(next ?? null);
      }}
      {...rest}
    />
  );
}

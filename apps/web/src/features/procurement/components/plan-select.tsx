import type { TaskPlanOption } from '@scm/contract';
import { Select, type SelectProps } from 'antd';
import { useDeferredValue, useState } from 'react';
import { usePlanOptions } from '../api/procurement-tasks';

type Props<V> = Omit<SelectProps<V>, 'options' | 'showSearch' | 'loading'>;
type Option<V extends string | number> = { value: V; label: string };

/** Plans searched on the server by code or name; `open`: plans 采购中, otherwise plans tasks came from. */
function PlanSearch<V extends string | number>({ open, toOption, pinned, ...props }: Props<V> & { open: boolean; toOption: (plan: TaskPlanOption) => Option<V>; pinned?: Option<V> }) {
  const [keyword, setKeyword] = useState('');
  const plans = usePlanOptions(useDeferredValue(keyword.trim()), open);
  const options = (plans.data ?? []).map(toOption);
  if (pinned && !options.some((o) => o.value === pinned.value)) options.unshift(pinned);
  return (
    <Select<V>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={plans.isFetching}
      options={options}
      notFoundContent={plans.isFetching ? '搜索中…' : open ? '没有采购中的计划' : '没有匹配的计划'}
      {...props}
    />
  );
}

/** 来源计划 filter of the task list: the value is the plan code, and the box shows the code alone since it is what the URL keeps. */
export function SourcePlanFilter(props: Props<string>) {
  return <PlanSearch<string> open={false} toOption={(p) => ({ value: p.code, label: `${p.code} ${p.name}` })} labelRender={(option) => option.value} {...props} />;
}

/** A task's 来源计划 (value: the plan id); `current`, the plan the task has, shows even when that plan has moved on since. */
export function SourcePlanSelect({ current, ...props }: Props<number> & { current?: { planId: number; code: string } }) {
  return (
    <PlanSearch<number>
      open
      toOption={(p) => ({ value: p.planId, label: `${p.code} ${p.name}` })}
      pinned={current && { value: current.planId, label: current.code }}
      {...props}
    />
  );
}

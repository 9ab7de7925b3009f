import { procurementTaskApi } from '@scm/contract';
import { Select, type SelectProps } from 'antd';
import { type ComponentProps, useState } from 'react';
import { RemoteSelect } from '@/shared/form/remote-select';
import { useDebounced } from '@/shared/form/use-debounced';
import { useSourcePlanOptions } from '@/features/procurement/api/task';

/** 来源计划 filter: the plans tasks came from, searched on the server; the value is the plan code. */
export function SourcePlanFilter(props: Omit<SelectProps<string>, 'options' | 'showSearch' | 'loading'>) {
  const [keyword, setKeyword] = useState('');
  const plans = useSourcePlanOptions(useDebounced(keyword.trim()));
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={plans.isFetching}
      options={(plans.data ?? []).map((p) => ({ value: p.code, label: `${p.code} ${p.name}` }))}
      notFoundContent={plans.isFetching ? '搜索中…' : '没有匹配的计划'}
      // The box shows the code alone: it is what the URL keeps, so a reopened tab reads the same.
      labelRender={(option) => option.value}
      {...props}
    />
  );
}

const openPlans = (keyword: string) => ({ keyword: keyword || undefined, open: true });

type SourcePlanProps = Omit<ComponentProps<typeof RemoteSelect<typeof procurementTaskApi.planOptions>>, 'endpoint' | 'request' | 'toOption'>;

/** A task's 来源计划 (value: the plan id): plans 采购中; `currentLabel` shows the task's plan even after it has moved on. */
export function SourcePlanSelect(props: SourcePlanProps) {
  return (
    <RemoteSelect
      endpoint={procurementTaskApi.planOptions}
      request={openPlans}
      toOption={(p) => ({ value: p.planId, label: `${p.code} ${p.name}` })}
      {...props}
    />
  );
}

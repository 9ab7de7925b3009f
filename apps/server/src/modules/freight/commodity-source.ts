import type { Db } from '../../db/client';

/** What the estimate needs to know about a commodity (product.md §8: its template, measures and price). */
export interface CommodityFreightFacts {
  templateId: number | null;
  weightG: number | null;
  volumeCm3: number | null;
  referencePriceFen: number | null;
}

export type CommodityFreightSource = (db: Db, ids: number[]) => Promise<Map<number, CommodityFreightFacts>>;

let source: CommodityFreightSource | null = null;

/** The commodity module provides its lookup here; until then items must name a template. */
export function provideCommodityFreightSource(lookup: CommodityFreightSource | null) {
  source = lookup;
}

export async function lookupCommodities(db: Db, ids: number[]): Promise<Map<number, CommodityFreightFacts>> {
  if (ids.length === 0 || !source) return new Map();
  return source(db, ids);
}

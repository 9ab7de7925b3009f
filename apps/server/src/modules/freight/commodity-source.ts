import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commodities } from '../../db/schema';

/** What the estimate needs to know about a commodity (docs/rules/freight.md, "The estimate": its template, measures and price). */
export interface CommodityFreightFacts {
  templateId: number | null;
  weightG: number | null;
  volumeCm3: number | null;
  referencePriceFen: number | null;
}

/** The freight facts of the named commodities, by id; an unknown id is simply absent. */
export async function lookupCommodities(db: Db, ids: number[]): Promise<Map<number, CommodityFreightFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: commodities.id,
      templateId: commodities.priceTemplateId,
      weightG: commodities.weightG,
      volumeCm3: commodities.volumeCm3,
      referencePriceFen: commodities.referencePriceFen,
    })
    .from(commodities)
    .where(inArray(commodities.id, ids));
  return new Map(rows.map(({ id, ...facts }) => [id, facts]));
}

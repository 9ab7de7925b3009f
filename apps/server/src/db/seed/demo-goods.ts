import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, commodities } from '../schema';

export interface DemoGood {
  id: number;
  referencePriceFen: number;
  weightG: number | null;
  volumeCm3: number | null;
  /** The leaf category's code, e.g. CF0301 (碗盘). */
  categoryCode: string;
}

/** The enabled commodities with their leaf category code, in seed order. */
export async function loadDemoGoods(tx: Db): Promise<DemoGood[]> {
  return tx
    .select({
      id: commodities.id,
      referencePriceFen: commodities.referencePriceFen,
      weightG: commodities.weightG,
      volumeCm3: commodities.volumeCm3,
      categoryCode: categories.code,
    })
    .from(commodities)
    .innerJoin(categories, eq(categories.id, commodities.categoryId))
    .where(eq(commodities.status, 'enabled'))
    .orderBy(asc(commodities.id));
}

/**
 * `count` different commodities from the leaf categories `leaves`, taken in turn (one of each leaf,
 * then a second of each…), so a demo document holds what its name says. Null when the catalogue
 * has too few.
 */
export function pickGoods(goods: DemoGood[], leaves: readonly string[], count: number): DemoGood[] | null {
  const byLeaf = leaves.map((code) => goods.filter((g) => g.categoryCode === code));
  const picked: DemoGood[] = [];
  for (let k = 0; k < count; k++) {
    const good = byLeaf[k % leaves.length][Math.floor(k / leaves.length)];
    if (!good) return null;
    picked.push(good);
  }
  return picked;
}

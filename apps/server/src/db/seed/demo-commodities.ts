import { searchGrams } from '../../lib/search-grams';
import type { Db } from '../client';
import { categories, commodities } from '../schema';
import { type CategorySpec, COMMODITY_CATALOG, isLeaf, type LeafSpec, sampleCommodity } from './commodity-catalog';

const PER_LEAF = 3;

/** The category tree of the catalog and a few commodities on each leaf. */
export async function seedDemoCommodities(tx: Db) {
  const leaves: { id: number; spec: LeafSpec }[] = [];
  const insertLevel = async (specs: (CategorySpec | LeafSpec)[], parentId: number | null, level: number) => {
    for (const [index, spec] of specs.entries()) {
      const [{ id }] = await tx
        .insert(categories)
        .values({ parentId, name: spec.name, code: spec.code, level, sort: (index + 1) * 10 })
        .returning({ id: categories.id });
      if (isLeaf(spec)) leaves.push({ id, spec });
      else await insertLevel(spec.children, id, level + 1);
    }
  };
  await insertLevel(COMMODITY_CATALOG, null, 1);
  const rows = leaves.flatMap(({ id, spec }, leafIndex) =>
    Array.from({ length: PER_LEAF }, (_, i) => ({
      ...sampleCommodity(spec, leafIndex * PER_LEAF + i + 1),
      categoryId: id,
      status: (i === PER_LEAF - 1 && leafIndex % 4 === 0 ? 'disabled' : 'enabled') as 'enabled' | 'disabled',
    })),
  );
  await tx.insert(commodities).values(rows.map((row) => ({ ...row, nameGrams: searchGrams(row.name) })));
}

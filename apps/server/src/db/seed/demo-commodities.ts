import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { searchGrams } from '../../lib/sql/search-grams';
import type { Db } from '../client';
import { categories, commodities, priceTemplates, supplierCategories, suppliers } from '../schema';
import { type CategorySpec, COMMODITY_CATALOG, isLeaf, type LeafSpec, sampleCommodity } from './commodity-catalog';

const PER_LEAF = 3;

/**
 * The demo price template a commodity ships with, by top-level category: furniture goes by volume,
 * decorations have none yet (so the estimate's "no template" message can be seen), the rest by weight.
 */
const TEMPLATE_BY_ROOT: Record<string, string | null> = { JJ: '德邦大件-按体积', ZS: null };
const DEFAULT_TEMPLATE = '顺丰标准-按重量';

async function demoTemplateIds(tx: Db): Promise<Map<string, number>> {
  const names = [DEFAULT_TEMPLATE, ...Object.values(TEMPLATE_BY_ROOT).filter((n): n is string => n !== null)];
  const rows = await tx.select({ id: priceTemplates.id, name: priceTemplates.name }).from(priceTemplates).where(inArray(priceTemplates.name, names));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** The category tree of the catalog and a few commodities on each leaf. */
export async function seedDemoCommodities(tx: Db) {
  const templates = await demoTemplateIds(tx);
  const templateOf = (leafCode: string) => {
    const root = leafCode.slice(0, 2);
    const name = root in TEMPLATE_BY_ROOT ? TEMPLATE_BY_ROOT[root] : DEFAULT_TEMPLATE;
    return name === null ? null : (templates.get(name) ?? null);
  };
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
      priceTemplateId: templateOf(spec.code),
      status: (i === PER_LEAF - 1 && leafIndex % 4 === 0 ? 'disabled' : 'enabled') as 'enabled' | 'disabled',
    })),
  );
  await tx.insert(commodities).values(rows.map((row) => ({ ...row, nameGrams: searchGrams(row.name) })));
}

/** The SKUs `seedDemoCommodities` writes (leaves depth first, PER_LEAF each), so linking leaves other commodities alone. */
function demoSkuCodes(): string[] {
  const leaves: LeafSpec[] = [];
  const walk = (specs: (CategorySpec | LeafSpec)[]) => {
    for (const spec of specs) {
      if (isLeaf(spec)) leaves.push(spec);
      else walk(spec.children);
    }
  };
  walk(COMMODITY_CATALOG);
  return leaves.flatMap((spec, leafIndex) => Array.from({ length: PER_LEAF }, (_, i) => sampleCommodity(spec, leafIndex * PER_LEAF + i + 1).skuCode));
}

/**
 * Gives the demo commodities a default supplier, one that supplies their category; every fourth
 * keeps none, as a real catalogue has gaps. Runs after the suppliers exist.
 */
export async function linkDemoCommodities(tx: Db) {
  const supplied = await tx
    .select({ categoryId: supplierCategories.categoryId, supplierId: suppliers.id })
    .from(supplierCategories)
    .innerJoin(suppliers, eq(suppliers.id, supplierCategories.supplierId))
    .where(eq(suppliers.status, 'enabled'))
    .orderBy(asc(suppliers.id));
  const suppliersOf = new Map<number, number[]>();
  for (const { categoryId, supplierId } of supplied) suppliersOf.set(categoryId, [...(suppliersOf.get(categoryId) ?? []), supplierId]);

  const items = await tx
    .select({ id: commodities.id, categoryId: commodities.categoryId })
    .from(commodities)
    .where(and(inArray(commodities.skuCode, demoSkuCodes()), isNull(commodities.defaultSupplierId)))
    .orderBy(asc(commodities.id));
  const bySupplier = new Map<number, number[]>();
  for (const [index, item] of items.entries()) {
    const candidates = suppliersOf.get(item.categoryId) ?? [];
    if (index % 4 === 3 || candidates.length === 0) continue;
    const supplierId = candidates[index % candidates.length];
    bySupplier.set(supplierId, [...(bySupplier.get(supplierId) ?? []), item.id]);
  }
  for (const [supplierId, ids] of bySupplier) {
    await tx.update(commodities).set({ defaultSupplierId: supplierId }).where(inArray(commodities.id, ids));
  }
}

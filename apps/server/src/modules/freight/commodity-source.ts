import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** What the estimate needs to know about a commodity (docs/rules/freight.md, "The estimate": its template, measures and price). */
export interface CommodityFreightFacts {
  templateId: number | null;
  weightG: number | null;
  volumeCm3: number | null;
  referencePriceFen: number | null;
}

export type CommodityFreightSource = (db: Db, ids: number[]) => Promise<Map<number, CommodityFreightFacts>>;

let source: CommodityFreightSource | null = null;

/** The commodity module may provide its own lookup; otherwise the `commodities` table is read when it exists. */
export function provideCommodityFreightSource(lookup: CommodityFreightSource | null) {
  source = lookup;
}

/**
 * Reads the freight facts from a commodities table (`price_template_id`, `weight_g`, `volume_cm3`,
 * `reference_price_fen`); no table yet means no commodity is known.
 */
export async function readCommodityTable(db: Db, ids: number[], table = 'commodities'): Promise<Map<number, CommodityFreightFacts>> {
  const exists = await db.execute(sql`select to_regclass(${table})::text as t`);
  if (!(exists as unknown as { rows: { t: string | null }[] }).rows[0]?.t) return new Map();
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(
    sql`select id, price_template_id, weight_g, volume_cm3, reference_price_fen
        from ${sql.identifier(table)} where id in (${idList})`,
  );
  const rows = (result as unknown as { rows: Record<string, number | string | null>[] }).rows;
  const num = (v: number | string | null) => (v == null ? null : Number(v));
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        templateId: num(r.price_template_id),
        weightG: num(r.weight_g),
        volumeCm3: num(r.volume_cm3),
        referencePriceFen: num(r.reference_price_fen),
      },
    ]),
  );
}

export async function lookupCommodities(db: Db, ids: number[]): Promise<Map<number, CommodityFreightFacts>> {
  if (ids.length === 0) return new Map();
  return source ? source(db, ids) : readCommodityTable(db, ids);
}

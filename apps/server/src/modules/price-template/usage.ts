import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Who refers to a price template. Any table with a `price_template_id` column (commodities,
 * suppliers, …) is found in the catalogue and counted, so a template cannot be deleted while a row
 * uses it, without this module importing those modules. Other kinds of use can register a check.
 */
export type TemplateUsageCheck = (tx: Db, templateId: number) => Promise<number>;

const checks: { label: string; count: TemplateUsageCheck }[] = [];

/** What the refusal calls the rows of a referring table. */
const TABLE_LABELS: Record<string, string> = { commodities: '商品', suppliers: '供应商' };

/** `label` names the users in the refusal message, e.g. "商品" → "该模板正被 3 个商品使用". */
export function registerTemplateUsage(label: string, count: TemplateUsageCheck): () => void {
  const entry = { label, count };
  checks.push(entry);
  return () => {
    const at = checks.indexOf(entry);
    if (at >= 0) checks.splice(at, 1);
  };
}

async function referringTables(tx: Db): Promise<string[]> {
  const result = await tx.execute(
    sql`select table_name from information_schema.columns
        where column_name = 'price_template_id' and table_schema = current_schema() order by table_name`,
  );
  return (result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
}

/** "3 个商品、1 个供应商", or null when nothing uses the template. */
export async function describeTemplateUsage(tx: Db, templateId: number): Promise<string | null> {
  const parts: string[] = [];
  for (const table of await referringTables(tx)) {
    const result = await tx.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where price_template_id = ${templateId}`);
    const n = (result as unknown as { rows: { n: number }[] }).rows[0].n;
    if (n > 0) parts.push(`${n} 个${TABLE_LABELS[table] ?? table}`);
  }
  for (const check of checks) {
    const n = await check.count(tx, templateId);
    if (n > 0) parts.push(`${n} 个${check.label}`);
  }
  return parts.length > 0 ? parts.join('、') : null;
}

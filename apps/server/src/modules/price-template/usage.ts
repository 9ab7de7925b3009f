import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commodities, suppliers } from '../../db/schema';

/**
 * Who refers to a price template, so it cannot be deleted while in use: commodities (their freight)
 * and suppliers (the estimate of their quotes' freight). A new table with a template reference
 * joins this list.
 */
const REFERRERS = [
  { label: '商品', table: commodities, column: commodities.priceTemplateId },
  { label: '供应商', table: suppliers, column: suppliers.priceTemplateId },
] as const;

/** "3 个商品、1 个供应商", or null when nothing uses the template. */
export async function describeTemplateUsage(tx: Db, templateId: number): Promise<string | null> {
  const parts: string[] = [];
  for (const { label, table, column } of REFERRERS) {
    const [{ n }] = await tx.select({ n: count() }).from(table).where(eq(column, templateId));
    if (n > 0) parts.push(`${n} 个${label}`);
  }
  return parts.length > 0 ? parts.join('、') : null;
}

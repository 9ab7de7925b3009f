import type { Db } from '../../db/client';

/**
 * Who refers to a price template. The commodity and supplier modules register a check here, so a
 * template cannot be deleted while something uses it, without this module knowing their tables.
 */
export type TemplateUsageCheck = (tx: Db, templateId: number) => Promise<number>;

const checks: { label: string; count: TemplateUsageCheck }[] = [];

/** `label` names the users in the refusal message, e.g. "商品" → "该模板被 3 个商品使用，不能删除". */
export function registerTemplateUsage(label: string, count: TemplateUsageCheck): () => void {
  const entry = { label, count };
  checks.push(entry);
  return () => {
    const at = checks.indexOf(entry);
    if (at >= 0) checks.splice(at, 1);
  };
}

/** "3 个商品、1 个供应商", or null when nothing uses the template. */
export async function describeTemplateUsage(tx: Db, templateId: number): Promise<string | null> {
  const parts: string[] = [];
  for (const check of checks) {
    const n = await check.count(tx, templateId);
    if (n > 0) parts.push(`${n} 个${check.label}`);
  }
  return parts.length > 0 ? parts.join('、') : null;
}

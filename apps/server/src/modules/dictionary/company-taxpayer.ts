import { DEFAULT_TAXPAYER, DICT, TAXPAYER_TYPES, type TaxpayerType } from '@scm/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictItems, dictTypes } from '../../db/schema';

/**
 * The company's 纳税人类型: the enabled default item of the `company_taxpayer` dictionary
 * (docs/procurement.md, "Invoices and real cost"). Without one (type or item disabled, no
 * default, an unknown value) the company is a general taxpayer.
 */
export async function companyTaxpayer(db: Db): Promise<TaxpayerType> {
  const [row] = await db
    .select({ value: dictItems.value })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(
      and(eq(dictTypes.code, DICT.companyTaxpayer), eq(dictTypes.status, 'enabled'), eq(dictItems.isDefault, true), eq(dictItems.status, 'enabled')),
    )
    .limit(1);
  return (TAXPAYER_TYPES as readonly string[]).includes(row?.value ?? '') ? (row?.value as TaxpayerType) : DEFAULT_TAXPAYER;
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictItems, dictTypes } from '../../db/schema';

/**
 * A setting kept in 数据字典: the value of the enabled default item of an enabled type, or null
 * without one (docs/rules/base-data.md).
 */
export async function defaultSettingValue(db: Db, typeCode: string): Promise<string | null> {
  const [row] = await db
    .select({ value: dictItems.value })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(and(eq(dictTypes.code, typeCode), eq(dictTypes.status, 'enabled'), eq(dictItems.isDefault, true), eq(dictItems.status, 'enabled')))
    .limit(1);
  return row?.value ?? null;
}

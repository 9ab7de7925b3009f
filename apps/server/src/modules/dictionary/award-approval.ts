import { DICT } from '@scm/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictItems, dictTypes } from '../../db/schema';

/**
 * 定标审批 threshold, in fen: the enabled default item of the `award_approval_threshold` dictionary,
 * whose value is an amount in yuan (docs/procurement.md, "Award approval"). Null, the approval off,
 * without one (type or item disabled, no default, a value that is not a positive amount).
 */
export async function awardApprovalThreshold(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ value: dictItems.value })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(
      and(
        eq(dictTypes.code, DICT.awardApprovalThreshold),
        eq(dictTypes.status, 'enabled'),
        eq(dictItems.isDefault, true),
        eq(dictItems.status, 'enabled'),
      ),
    )
    .limit(1);
  const value = row?.value.trim() ?? '';
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(value)) return null;
  const fen = Math.round(Number(value) * 100);
  return fen > 0 ? fen : null;
}

import { DICT, yuanToFen } from '@scm/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictItems, dictTypes } from '../../db/schema';

/** ¥1.00 when the setting is missing or unreadable. */
const DEFAULT_TOLERANCE_FEN = 100;

/**
 * The three-way match's tax tolerance in fen: the enabled default item of the
 * `invoice_tax_tolerance` dictionary, its value in yuan (docs/rules/statements.md, "The check").
 */
export async function invoiceTaxToleranceFen(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: dictItems.value })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(
      and(
        eq(dictTypes.code, DICT.invoiceTaxTolerance),
        eq(dictTypes.status, 'enabled'),
        eq(dictItems.isDefault, true),
        eq(dictItems.status, 'enabled'),
      ),
    )
    .limit(1);
  const fen = row ? yuanToFen(row.value) : null;
  return fen !== null && fen >= 0 ? fen : DEFAULT_TOLERANCE_FEN;
}

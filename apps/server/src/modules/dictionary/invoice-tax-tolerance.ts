import { DICT, yuanToFen } from '@scm/contract';
import type { Db } from '../../db/client';
import { defaultSettingValue } from './default-setting';

/** ¥1.00 when the setting is missing or unreadable. */
const DEFAULT_TOLERANCE_FEN = 100;

/**
 * The three-way match's tax tolerance in fen: the enabled default item of the
 * `invoice_tax_tolerance` dictionary, its value in yuan (docs/rules/statements.md, "The check").
 */
export async function invoiceTaxToleranceFen(db: Db): Promise<number> {
  const value = await defaultSettingValue(db, DICT.invoiceTaxTolerance);
  const fen = value === null ? null : yuanToFen(value);
  return fen !== null && fen >= 0 ? fen : DEFAULT_TOLERANCE_FEN;
}

import { DICT, yuanToFen } from '@scm/contract';
import type { Db } from '../../db/client';
import { defaultSettingValue } from './default-setting';

/**
 * 定标审批 threshold, in fen: the enabled default item of the `award_approval_threshold` dictionary,
 * whose value is an amount in yuan (docs/procurement.md, "Award approval"). Null, the approval off,
 * without one (type or item disabled, no default, a value that is not a positive amount).
 */
export async function awardApprovalThreshold(db: Db): Promise<number | null> {
  const value = await defaultSettingValue(db, DICT.awardApprovalThreshold);
  const fen = value === null ? null : yuanToFen(value);
  return fen !== null && Number.isSafeInteger(fen) && fen > 0 ? fen : null;
}
